"""``duelcheck deck``, and the deck check lines ``duelcheck check`` prints beside a replay's
verdicts. Text for a terminal never carries a control character from its input: usernames,
card names and log lines are shown with those escaped (:func:`printable`).

>>> printable("Pattn13\\x1b[31m"), printable("é ok")
('Pattn13\\\\x1b[31m', 'é ok')
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any, TextIO

from validator.decks import FORMAT_NAMES, DeckError, check_deck, read_file
from validator.decks.replay import check_replay, read_replay
from validator.document.jsontext import loads
from validator.importers.duelingbook.textexport import TEXT_EXPORT, is_text_export

from .text import printable

#: Exit statuses, as ``duelcheck check`` has them.
EXIT_LEGAL, EXIT_FINDINGS, EXIT_MALFORMED, EXIT_ENVIRONMENT = 0, 1, 2, 3
FORMAT_WORDS = {"goat": "Goat", "edison": "Edison", "advanced": "Advanced"}


def add_parser(sub: Any, epilog: str, formatter: Any) -> None:
    """Add ``duelcheck deck`` to the command line's subcommands.

    >>> top = argparse.ArgumentParser(); sub = top.add_subparsers()
    >>> add_parser(sub, "", argparse.HelpFormatter)
    >>> top.parse_args(["deck", "d.ydk", "--format", "goat"]).deck_format
    'goat'
    """
    d = sub.add_parser("deck", help="check a deck list against a format's card pool and "
                       "Forbidden & Limited list", epilog=epilog, formatter_class=formatter,
                       description="Check a deck list: JSON ({\"main\": [...], \"extra\": "
                       "[...], \"side\": [...]}, cards by passcode or name), the text form "
                       "(one card a line, '3 Sangan', under Main/Extra/Side headings), a "
                       ".ydk file, or a Duelingbook replay (the cards its games show, as "
                       "duelcheck check reports them). Exit status 0: no finding; 1: "
                       "findings; 2: a list that cannot be read.")
    d.add_argument("file", metavar="FILE", help="the deck list, or - for stdin")
    d.add_argument("--format", dest="deck_format", choices=FORMAT_NAMES,
                   help="the format (default: the JSON list's own format field)")
    d.add_argument("--date", metavar="YYYY-MM-DD",
                   help="check against the list in force that day (default: the latest)")
    d.add_argument("--json", action="store_true",
                   help="print the answer of POST /v1/decks/check (JSON) instead of text")


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """``duelcheck deck``: the findings, and the exit status.

    >>> import io
    >>> args = argparse.Namespace(file="-", deck_format="goat", date=None, json=False)
    >>> out = io.StringIO()
    >>> run(args, out, io.StringIO(), io.StringIO("2 Sangan\\n")), out.getvalue().split("\\n")[0]
    (1, 'stdin: Goat, 2005.4 GOAT (2005-04-01): 2 findings')
    """
    name = "stdin" if args.file == "-" else args.file
    try:
        if args.file == "-":
            text = stdin.read()
        else:
            with open(args.file, encoding="utf-8-sig") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or ("not UTF-8 text" if isinstance(
            exc, UnicodeDecodeError) else str(exc))
        err.write(f"duelcheck: cannot read {printable(name)}: {printable(why)}\n")
        return EXIT_MALFORMED
    replay = _replay(text)
    if replay is not None or is_text_export(text):
        return _run_replay(args, name, replay, out, err)
    try:
        deck, given = read_file(text, name)
        fmt = args.deck_format or given.get("format")
        if fmt is None:
            raise DeckError({"format": ["Give --format goat, edison or advanced."]})
        answer = check_deck(deck, fmt, args.date if args.date is not None
                            else given.get("date")).to_dict()
    except DeckError as exc:
        for key, messages in exc.errors.items():  # the whole file's errors name no field
            field = "" if key.startswith("_") else f"{printable(key)}: "
            for message in messages:
                err.write(f"{printable(name)}: {field}{printable(message)}\n")
        return EXIT_MALFORMED
    if args.json:
        out.write(json.dumps(answer) + "\n")
    else:
        out.write(describe(printable(name), answer))
    return EXIT_LEGAL if answer["legal"] else EXIT_FINDINGS


def _replay(text: str) -> dict[str, Any] | None:
    """The parsed JSON of ``text`` when it is a Duelingbook replay (an object with ``plays``
    and no ``cards``), else None.

    >>> _replay('{"plays": []}'), _replay('{"main": ["Sangan"]}'), _replay("3 Sangan")
    ({'plays': []}, None, None)
    """
    if '"plays"' not in text:
        return None
    try:
        data = loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and "plays" in data and "cards" not in data else None


def _run_replay(args: argparse.Namespace, name: str, replay: dict[str, Any] | None,
                out: TextIO, err: TextIO) -> int:
    """``duelcheck deck`` on a Duelingbook replay: its match's deck check, as ``duelcheck
    check`` prints it beside the verdicts (the cards each player's games show, against the
    replay's format or ``--format``); on a replay's text export, one line saying what it is.

    >>> import io
    >>> args = argparse.Namespace(deck_format=None, date=None, json=False)
    >>> out, err = io.StringIO(), io.StringIO()
    >>> _run_replay(args, "m.json", {"format": "gu", "plays": []}, out, err), out.getvalue()
    (0, 'm.json: deck check (Goat, by its format code gu; 2005.4 GOAT): no finding; \\n')
    """
    def refuse(message: str) -> int:
        err.write(f"{printable(name)}: {printable(message)}\n")
        return EXIT_MALFORMED

    if replay is None:
        return refuse(TEXT_EXPORT)
    if args.date is not None:
        return refuse("date: a replay's decks are checked against the list in force on the "
                      "day it was played; --date is for deck lists.")
    try:
        answer = check_replay(read_replay(replay), args.deck_format)
    except DeckError as exc:  # pragma: no cover - argparse's choices keep --format known
        return refuse(str(exc))
    if args.json:
        out.write(json.dumps(answer) + "\n")
    else:
        out.write(describe_match(name, answer))
    if answer["format"] is None:
        return refuse("give --format goat, edison or advanced to check its decks.")
    return EXIT_LEGAL if answer["legal"] else EXIT_FINDINGS


def describe(name: str, answer: dict[str, Any]) -> str:
    """A deck check in text: one line, then one line a finding.

    >>> print(describe("d.ydk", {"format": "goat", "legal": True, "findings": [],
    ...                          "list": {"name": "2005.4 GOAT", "date": "2005-04-01"}}), end="")
    d.ydk: Goat, 2005.4 GOAT (2005-04-01): no finding
    """
    lst = answer["list"]
    head = f"{name}: {FORMAT_WORDS[answer['format']]}, {lst['name']} ({lst['date']}): "
    findings = answer["findings"]
    head += f"{len(findings)} finding{'s' * (len(findings) != 1)}" if findings else "no finding"
    return head + "\n" + "".join(f"  {finding_line(f)}\n" for f in findings)


#: A source's commit in a finding's detail: the JSON keeps it, the text leaves it out.
_COMMIT = re.compile(r" at [0-9a-f]{40}\b")


def finding_line(finding: dict[str, Any]) -> str:
    """A finding in text, the card it is about first (unless its detail begins with it), printable,
    and the source's commit left to ``--json``.

    >>> finding_line({"id": "deck.copies", "card": {"passcode": 1, "name": "Sangan"},
    ...               "detail": "At most 3 copies (ProjectIgnis/LFLists at "
    ...                         "4f295cf0dbb6cda9477a4cd5a8cf42e8ffe3c8a2); 4 found."})
    'deck.copies: Sangan: At most 3 copies (ProjectIgnis/LFLists); 4 found.'
    """
    card = finding.get("card")
    name = str(card["name"]) if isinstance(card, dict) and card.get("name") else ""
    detail = _COMMIT.sub("", str(finding["detail"]))
    named = f"{printable(name)}: " if name and not detail.startswith(name) else ""
    return f"{finding['id']}: {named}{printable(detail)}"


def _n(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``.

    >>> _n(1, "copy", "copies"), _n(2, "card")
    ('1 copy', '2 cards')
    """
    return f"{count} {one if count == 1 else many or one + 's'}"


def describe_match(source: str, check: dict[str, Any]) -> str:
    """The deck check of a replay's match, for ``duelcheck check``'s text format: one line,
    then one line a finding (each with the player), each naming where the replay shows it.

    >>> print(describe_match("m.json", {"format": None, "format_from": "its format code uu",
    ...     "players": [{"username": "a", "cards": 3, "copies": 4}]}), end="")
    m.json: deck check: no format to check against (its format code uu); a: 4 copies of 3 cards seen
    """
    seen = "; ".join(f"{printable(p['username'])}: {_n(p['copies'], 'copy', 'copies')} of "
                     f"{_n(p['cards'], 'card')} seen" +
                     (f", {_n(len(p['findings']), 'finding')}" if p.get("findings") else "")
                     for p in check["players"])
    if check["format"] is None:
        return (f"{printable(source)}: deck check: no format to check against "
                f"({printable(check['format_from'])}); {seen}\n")
    lst = check["list"]
    verdict = "no finding" if check["legal"] else "findings"
    line = (f"{printable(source)}: deck check ({FORMAT_WORDS[check['format']]}, by "
            f"{printable(check['format_from'])}; {printable(lst['name'])}): {verdict}; {seen}\n")
    for player in check["players"]:
        for f in player["findings"]:
            where = ""
            if f.get("seen"):
                first = f["seen"][0]
                when = f"[{first['time']}] " if first.get("time") else ""
                where = f" (game {first['game']}, {when}{first['player']}: {first['log']})"
            line += f"  {printable(player['username'])}: " \
                    f"{finding_line({**f, 'detail': f['detail'] + where})}\n"
    return line
