"""The notes the EDOPro importer leaves on a game: each with a stable id, as the Duelingbook
importer's readings have (docs/edopro.md lists them), and the words a judge reads.

>>> sorted(NOTES)[:2]
['edopro.card-alias', 'edopro.card-unknown']
"""

from __future__ import annotations

from typing import Final

#: id -> what the note says, in general (docs/edopro.md's table is made from it).
NOTES: Final = {
    "edopro.rule-mode": "The duel flags name a rule mode the project does not judge (an older "
                        "Master Rule, Speed or Rush Duel, Goat): the game is imported, not "
                        "judged.",
    "edopro.card-alias": "A passcode the card database does not know is an alternate "
                         "artwork: the engine's own state refresh names the card it stands "
                         "for, which the document uses.",
    "edopro.card-unknown": "A passcode neither the card database nor the engine's refreshes "
                           "describe: the card is taken as the engine's log shows it, with "
                           "the laxest facts (never a flag for what the judge cannot know).",
    "edopro.win-by-effect": "The engine ended the duel for a reason of a card's own (an "
                            "alternate win condition, a draw): the document ends without an "
                            "outcome, and the note says who won.",
    "edopro.surrender": "A player surrendered (the engine's MSG_WIN with reason 0).",
    "edopro.hand-test": "A hand-test replay (EDOPro's single-player test mode) is one player "
                        "trying a hand: it is imported and judged as a duel.",
    "edopro.tcg-differs": "EDOPro's scripts and the TCG differ here: the judge follows the TCG.",
    "edopro.set-turn-by-card": "A Trap or Quick-Play Spell activated the turn it was Set, as "
                               "its own text or a face-up card allows: the contract has no "
                               "such activation, so the card is turned face-up where it stands "
                               "before the chain begins and its effect is activated.",
    "edopro.trap-monster": "A Trap the engine Special Summons as a monster: the contract has "
                           "no Trap Monsters, so for the rules it goes to the Graveyard, and "
                           "what it does as a monster is not judged (a Summon using it as a "
                           "material names no materials).",
    "edopro.granted-effect": "The engine's description of an activation is a string of "
                             "another card's (a Zoodiac Xyz material's effect, an Equip "
                             "Spell's): the effect is one that card grants, none of the "
                             "activated card's own. The document lists it after the card's "
                             "own effects, without a limit, and the activation names it.",
}
