"""The field checks the document's schemas share (validator/document/field_checks.py): a
player, a zone of its own row (the message naming the choices), a list naming each value
once."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from validator.document.field_checks import ANY_ZONE, PLAYER, unique, zone_field


@pytest.mark.parametrize(("kind", "wrong", "said"), [
    ("monster", "S1", "Not a Monster Zone: one of M1, M2, M3, M4, M5, EMZ-L, EMZ-R."),
    ("spell_trap", "M1", "Not a Spell & Trap Zone: one of S1, S2, S3, S4, S5."),
])
def test_a_zone_of_the_other_row_is_refused_naming_the_choices(kind: str, wrong: str,
                                                               said: str) -> None:
    with pytest.raises(ValidationError) as caught:
        zone_field(kind).deserialize(wrong)
    assert caught.value.messages == [said]


def test_any_zone_is_a_monster_or_spell_trap_zone_and_a_player_is_p1_or_p2() -> None:
    assert (ANY_ZONE("EMZ-R"), ANY_ZONE("S5"), PLAYER("p1")) == ("EMZ-R", "S5", "p1")
    for check, wrong in ((ANY_ZONE, "FZ"), (PLAYER, "p3")):
        with pytest.raises(ValidationError):
            check(wrong)


def test_a_list_naming_a_value_twice_is_refused() -> None:
    unique([1, 2, "1"])
    with pytest.raises(ValidationError, match="only once"):
        unique(["a1", "a2", "a1"])
