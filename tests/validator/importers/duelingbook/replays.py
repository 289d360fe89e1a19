"""Small Duelingbook replays written play by play, for unit tests of the importer.

A play is one line ``"A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to
M-1"``: the user (``A`` goes first, ``B`` second), the play kind, and the public log line; a
private line follows ``||`` (``"A: Draw card | Drew a card || Drew "Sangan""``). Extra JSON
fields go in a trailing ``{...}``. Times count up one second per play.
"""

from __future__ import annotations

import json
import re
from typing import Any

from validator import validate
from validator.importers.duelingbook.replay import Game, import_replay

#: Duelingbook card objects of the cards the tests use (texts abridged where irrelevant).
CARDS: dict[str, dict[str, Any]] = {
    name: {"name": name, **fields} for name, fields in {
        "Blade Knight": {"card_type": "Monster", "type": "Warrior", "level": 4,
                         "atk": "1600", "def": "1000", "is_effect": 1,
                         "effect": "While you have 1 or less cards in your hand, this card "
                                   "gains 400 ATK."},
        "Vorse Raider": {"card_type": "Monster", "type": "Beast-Warrior", "level": 4,
                         "atk": "1900", "def": "1200", "is_effect": 0},
        "Gemini Elf": {"card_type": "Monster", "type": "Spellcaster", "level": 4,
                       "atk": "1900", "def": "900", "is_effect": 0},
        "Sangan": {"card_type": "Monster", "type": "Fiend", "level": 3, "atk": "1000",
                   "def": "600", "is_effect": 1,
                   "effect": "If this card is sent from the field to the GY: Add 1 monster "
                             "with 1500 or less ATK from your Deck to your hand."},
        "Tsukuyomi": {"card_type": "Monster", "type": "Spellcaster", "level": 4,
                      "atk": "1100", "def": "1400", "is_effect": 1,
                      "effect": "If this card is Normal Summoned or flipped face-up: Target "
                                "1 face-up monster on the field; change that target to "
                                "face-down Defense Position."},
        "Asura Priest": {"card_type": "Monster", "type": "Fairy", "level": 4, "atk": "1700",
                         "def": "1200", "is_effect": 1,
                         "effect": "Can attack all monsters your opponent controls once "
                                   "each."},
        "Summoned Skull": {"card_type": "Monster", "type": "Fiend", "level": 6,
                           "atk": "2500", "def": "1200", "is_effect": 0},
        "Dark Magician": {"card_type": "Monster", "type": "Spellcaster", "level": 7,
                          "atk": "2500", "def": "2100", "is_effect": 0},
        "Geargiano Mk-II": {"card_type": "Monster", "type": "Machine", "level": 4,
                            "atk": "1000", "def": "1500", "is_effect": 0},
        "Mechanicalchaser": {"card_type": "Monster", "type": "Machine", "level": 4,
                             "atk": "1850", "def": "800", "is_effect": 0},
        "Gear Gigant X": {"card_type": "Monster", "type": "Machine", "level": 4,
                          "atk": "2300", "def": "1500", "is_effect": 1,
                          "monster_color": "Xyz",
                          "effect": "2 Level 4 Machine monsters\nOnce per turn: You can "
                                    "detach 1 material from this card; add 1 monster."},
        "Blaster": {"card_type": "Monster", "type": "Dragon", "level": 7, "atk": "2800",
                    "def": "1800", "is_effect": 1,
                    "effect": "If this card is in your hand or GY: You can banish 2 "
                              "monsters; Special Summon this card."},
        "Decode Talker": {"card_type": "Monster", "type": "Cyberse", "level": 3,
                          "atk": "2300", "def": "0", "is_effect": 1, "monster_color": "Link",
                          "effect": "2+ Effect Monsters"},
        "Book of Moon": {"card_type": "Spell", "type": "Quick-Play",
                         "effect": "Target 1 face-up monster on the field; change that "
                                   "target to face-down Defense Position."},
        "Level Limit - Area B": {"card_type": "Spell", "type": "Continuous",
                                 "effect": "Change all face-up Level 4 or higher monsters "
                                           "to Defense Position."},
        "Soul Exchange": {"card_type": "Spell", "type": "Normal",
                          "effect": "Target 1 monster your opponent controls; this turn, if "
                                    "you Tribute a monster, you must Tribute that target, as "
                                    "if you controlled it."},
        "Scapegoat": {"card_type": "Spell", "type": "Quick-Play",
                      "effect": "Special Summon 4 Sheep Tokens in Defense Position."},
        "Pot of Greed": {"card_type": "Spell", "type": "Normal", "effect": "Draw 2 cards."},
        "Axe of Despair": {"card_type": "Spell", "type": "Equip",
                           "effect": "The equipped monster gains 1000 ATK."},
        "Reckless Greed": {"card_type": "Trap", "type": "Normal",
                           "effect": "Draw 2 cards and skip your next 2 Draw Phases."},
        "Mirror Force": {"card_type": "Trap", "type": "Normal",
                         "effect": "When an opponent's monster declares an attack: Destroy "
                                   "all your opponent's Attack Position monsters."},
        "Trap Dustshoot": {"card_type": "Trap", "type": "Normal",
                           "effect": "Look at your opponent's hand; return 1 monster."},
        "Reaper on the Nightmare": {"card_type": "Monster", "type": "Zombie", "level": 5,
                                    "atk": "800", "def": "600", "is_effect": 1,
                                    "effect": "This card can attack your opponent's Life "
                                              "Points directly even if there is a monster "
                                              "on your opponent's side of the field."},
        "Evenly Matched": {"card_type": "Trap", "type": "Normal",
                           "effect": "If your opponent controls more cards than you do, you "
                                     "can activate this card from your hand. At the end of "
                                     "the Battle Phase: your opponent banishes cards."},
        "Ultimate Offering": {"card_type": "Trap", "type": "Continuous",
                              "effect": "During your Main Phase or your opponent's Battle "
                                        "Phase: You can pay 500 Life Points; immediately "
                                        "after this effect resolves, Normal Summon/Set 1 "
                                        "monster."},
        "Colossal Fighter": {"card_type": "Monster", "type": "Warrior", "level": 8,
                             "atk": "2800", "def": "1000", "is_effect": 1,
                             "monster_color": "Synchro",
                             "effect": "When this card is destroyed by battle and sent to the "
                                       "GY: You can target 1 Warrior monster in either GY; "
                                       "Special Summon that target."},
        "Super Rejuvenation": {"card_type": "Spell", "type": "Quick-Play",
                               "effect": "During the End Phase of the turn this card was "
                                         "activated, draw a number of cards equal to the "
                                         "combined number of Dragon monsters you discarded or "
                                         "Tributed this turn."},
        "Pot of Avarice": {"card_type": "Spell", "type": "Normal",
                           "effect": "Target 5 monsters in your GY; shuffle all 5 into the "
                                     "Deck, then draw 2 cards."},
        "Mystical Space Typhoon": {"card_type": "Spell", "type": "Quick-Play",
                                   "effect": "Target 1 Spell/Trap on the field; destroy "
                                             "that target."},
    }.items()}

HAND_A = ["Blade Knight", "Vorse Raider", "Book of Moon", "Mirror Force", "Sangan"]
HAND_B = ["Gemini Elf", "Tsukuyomi", "Pot of Greed", "Trap Dustshoot", "Summoned Skull"]
_LINE = re.compile(r"^(?P<user>[AB]): (?P<kind>[^|]+?) \| (?P<public>.*?)"
                   r"(?: \|\| (?P<private>.*?))?(?P<extra> \{.*\})?$")


def replay(*lines: str, hands: tuple[list[str], list[str]] = (HAND_A, HAND_B),
           fmt: str | None = "gu", first: str = "A", concealed: bool = False) -> dict[str, Any]:
    """A one-game replay: A and B, with opening hands, then the plays ``lines`` give.
    ``concealed``: the opening hands are not named (as a concealed replay shows them)."""
    users = {"A": "Alice", "B": "Bob"}
    order = [users[first], users["B" if first == "A" else "A"]]
    log: list[dict[str, Any]] = [{"public_log": "Chose to go first", "type": "game",
                                  "username": order[0]}]
    for user, hand in zip(("Alice", "Bob"), hands, strict=True):
        log += [{"public_log": "Drew a card", "type": "duel", "username": user,
                 **({} if concealed else {"private_log": f'Drew "{name}"'})} for name in hand]
    cards = [] if concealed else [CARDS[n] for n in [*hands[0], *hands[1]] if n in CARDS]
    plays: list[dict[str, Any]] = [{
        "play": "Pick first", "seconds": 1, "order": order, "log": log, "cards": cards}]
    for second, line in enumerate(lines, 2):
        match = _LINE.match(line)
        if match is None:
            raise ValueError(f"not a play line: {line!r}")
        entry: dict[str, Any] = {"play": match["kind"], "seconds": second,
                                 "username": users[match["user"]],
                                 "log": {"public_log": match["public"], "type": "duel"}}
        if match["private"]:
            entry["log"]["private_log"] = match["private"]
        if match["extra"]:
            entry.update(json.loads(match["extra"]))
        names = re.findall(r'"(.+?)"', match["private"] or match["public"])
        if names and names[0] in CARDS and "card" not in entry:
            entry["card"] = CARDS[names[0]]
        plays.append(entry)
    out: dict[str, Any] = {"plays": plays, "player1": {"username": "Alice"},
                           "player2": {"username": "Bob"}}
    if fmt is not None:
        out["format"] = fmt
    return out


def opening(user: str = "A", card: str = "Pot of Greed") -> list[str]:
    """A turn's start: "Entered Draw Phase", a draw, the Standby Phase, Main Phase 1."""
    return [f"{user}: Start turn | Entered Draw Phase",
            f'{user}: Draw card | Drew a card || Drew "{card}"',
            f"{user}: Enter SP | Entered Standby Phase",
            f"{user}: Enter M1 | Entered Main Phase 1"]


def game(*lines: str, **kwargs: Any) -> Game:
    """The one game of :func:`replay`."""
    (imported,) = import_replay(replay(*lines, **kwargs))
    return imported


def judged(*lines: str, **kwargs: Any) -> tuple[Game, dict[str, Any]]:
    """The game and its verdict."""
    imported = game(*lines, **kwargs)
    return imported, validate(imported.document).to_dict()


def actions(imported: Game) -> list[tuple[str, ...]]:
    """The game's actions as short tuples: type, then card or phase, and the flags set."""
    out: list[tuple[str, ...]] = []
    for action in imported.document["actions"]:
        item: tuple[str, ...] = (action["type"], str(action.get("card") or action.get("to")))
        for flag in ("by_effect", "replay", "implied"):
            if action.get(flag) or action["log"].get(flag):
                item += (flag,)
        out.append(item)
    return out


A1 = ['A: Draw card | Drew a card || Drew "Pot of Greed"']  # turn 1's draw (no Start turn)


def rule_at(verdict: dict[str, Any]) -> tuple[str, str] | None:
    """The broken rule and the log line of its play, or None for a legal game."""
    v = verdict["violation"]
    return None if v is None else (v["rule"], v["action"]["log"]["text"])


def readings_of(imported: Game) -> list[str]:
    """The ids of every reading the import made (its notes', then its actions'), in order:
    what tests assert, not the notes' words (specs/readings.toml)."""
    return [*(note.reading for note in imported.notes),
            *(r for a in imported.document["actions"] for r in a["log"].get("readings", ()))]


def said(imported: Game, reading: str) -> list[str]:
    """The words of every note and action note the reading ``reading`` made (for the cards
    and numbers they name)."""
    return [*(note.text for note in imported.notes if note.reading == reading),
            *(a["log"].get("note", "") for a in imported.document["actions"]
              if reading in a["log"].get("readings", ()))]


#: Mirror Force Set from the hand in S-1 (the Set cards readings' tests).
SET_MF = ('A: Set ST | Set card from hand (4/6) to S-1 || Set "Mirror Force" from hand (4/6) '
          'to S-1')
#: A Set Pot of Greed activated in the next turn, then returned to the hand (shown through it).
POT_SET = [*A1, 'A: Set ST | Set card from hand (6/6) to S-1 || Set "Pot of Greed" from hand '
                 '(6/6) to S-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
            'A: Activate ST | Activated Set "Pot of Greed" in S-1',
            'A: To hand | Returned "Pot of Greed" from S-1 to hand']


#: A ends the turn, B opens theirs (turn 2's first plays).
B2 = ["A: End turn | Ended turn", *opening("B", "Sangan")]
#: Enneacraft - Atori.MAR (its card object: a reveal effect that Special Summons from the hand),
#: the hands, the opening, its effect declared and its Set, and a Summoned Skull after it.
ATORI = json.dumps({"card": {
    "name": "Enneacraft - Atori.MAR", "card_type": "Monster", "type": "Machine", "level": 9,
    "atk": "3000", "def": "2500", "is_effect": 1, "pendulum": 1,
    "effect": "You can reveal this card in your hand; Special Summon 1 monster from your hand "
              "in face-down Defense Position."}})
ATORI_HANDS = (["Enneacraft - Atori.MAR", "Summoned Skull", "Sangan", "Blade Knight",
                 "Vorse Raider"], HAND_B)
ATORI_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1"]
ATORI_DECLARE = f'A: Declare | Declared effect of "Enneacraft - Atori.MAR" in hand (1/5) {ATORI}'
ATORI_SET = ('A: Set monster | Set card from hand (1/5) to M-3 || Set "Enneacraft - Atori.MAR" '
              f'from hand (1/5) to M-3 {ATORI}')
SKULL = 'A: Normal Summon | Normal Summoned "Summoned Skull" from hand (1/4) to M-3'
