"""The shipped formats: where each list comes from and its date, the list in force on a day,
the pools, and the cards by passcode (alternate artworks, Goat versions) or name."""

from __future__ import annotations

import pytest

from validator.decks import DeckError, check_deck, formats, from_lists, identify, sources
from validator.decks.formats import check_date


def test_each_format_names_its_source_and_date() -> None:
    goat, edison, advanced = (formats().get(k) for k in ("goat", "edison", "advanced"))
    assert (goat.list_on(None).name, goat.list_on(None).date) == ("2005.4 GOAT", "2005-04-01")
    assert goat.list_on(None).source.startswith("ProjectIgnis/LFLists GOAT.lflist.conf at ")
    assert (edison.list_on(None).name, edison.list_on(None).date) == ("March 2010 TCG",
                                                                      "2010-03-01")
    assert "yaml-yugi-limit-regulation data/tcg/2010-03-01.raw.json" in \
        edison.list_on(None).source
    names = [lst.name for lst in advanced.lists]
    assert names[0] == "2020.01 TCG" and names == sorted(names)
    assert all("0TCG.lflist.conf" in lst.source or "TCG.lflist.conf" in lst.source
               for lst in advanced.lists)
    built = sources()["sources"]
    assert all(len(s["commit"]) == 40 for s in built.values())


def test_the_list_in_force_on_a_day() -> None:
    advanced = formats().get("advanced")
    dates = [lst.date for lst in advanced.lists]
    assert advanced.list_on(None) is advanced.lists[-1]
    for before, lst in zip(advanced.lists, advanced.lists[1:], strict=False):
        assert advanced.list_on(lst.date) is lst
        day = f"{lst.date[:8]}{int(lst.date[8:]) - 1:02}" if lst.date[8:] != "01" else None
        if day:
            assert advanced.list_on(day) is before
    assert dates == sorted(dates)
    with pytest.raises(DeckError) as caught:
        advanced.list_on("2019-12-31")
    assert list(caught.value.errors) == ["date"]
    assert formats().get("goat").list_on("2026-01-01").name == "2005.4 GOAT"


def test_every_tcg_list_agrees_with_konamis_but_one_card() -> None:
    checks = sources()["advanced: each list against Konami's list of its date"]
    differences = {k: v["differences from Konami's list"] for k, v in checks.items()
                   if v["differences from Konami's list"]}
    assert differences == {"2025.10 TCG": ["Archnemeses Protos: 0 here, 1 on Konami's list"]}


def test_goat_versions_and_alternate_artworks_are_the_card() -> None:
    aliases = formats().aliases
    goat_ids = [p for p in aliases if 504700000 <= p < 504800000]
    assert len(goat_ids) == 191
    assert identify(504700178) == identify("Sangan") == identify(26202165)
    assert identify(511000824).name == "Ring of Destruction"  # EDOPro's pre-errata id
    assert identify(18144507) == identify(18144506)  # an alternate artwork's passcode
    assert identify(46986414) == identify(36996508)  # two passcodes the database holds
    assert identify(12345678) is None and identify("no such card") is None


def test_pools() -> None:
    goat, edison, advanced = (formats().get(k) for k in ("goat", "edison", "advanced"))
    assert len(goat.pool or ()) == 1698 and len(edison.pool or ()) == 3702
    # Edison's pool is the one Duelingbook's Edison games play (YGOPRODeck's): Starlight Road,
    # first printed in the TCG on 2010-03-04, is in it (issue 25, trial item 4); a card of
    # a later set is not
    assert edison.in_pool(identify("Starlight Road").passcode)  # type: ignore[union-attr]
    assert not edison.in_pool(identify("Glow-Up Bulb").passcode)  # type: ignore[union-attr]
    assert "YGOPRODeck's Edison pool" in str(edison.pool_source)
    assert goat.in_pool(identify("Scapegoat").passcode)  # type: ignore[union-attr]
    assert not goat.in_pool(identify("Cyber Dragon").passcode)  # type: ignore[union-attr]
    ash = identify("Snake-Eye Ash").passcode  # type: ignore[union-attr]
    assert advanced.in_pool(ash) and advanced.in_pool(ash, "2023-10-19")
    assert not advanced.in_pool(ash, "2023-10-18")


def test_a_bad_format_or_date_is_an_error_at_its_field() -> None:
    deck = from_lists(["Sangan"])
    with pytest.raises(DeckError) as caught:
        check_deck(deck, "speed")
    assert list(caught.value.errors) == ["format"]
    for bad in ("2024-02-30", "24-01-01", 20240101):
        with pytest.raises(DeckError) as caught:
            check_date(bad)
        assert list(caught.value.errors) == ["date"]
