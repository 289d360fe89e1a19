"""How far a reading looks: every window of the importer in one place, each saying why it is
that long (docs/architecture.md).

A window counts the plays that say something (chat, viewing and shuffles aside, see
``GameBuilder.upcoming``), unless its name says seconds or actions. Each is as long as the real
logs in ``../shared`` need and no longer: a longer window lets an unrelated later play excuse
this one, which is how a judge stops trusting the tool.

>>> ATTACK_RESULT_WITHIN, REVEAL_SECONDS
(4, 30)
"""

from __future__ import annotations

from typing import Final

# -- battle ---------------------------------------------------------------------------------
#: A battle's result (Life Points lost, a monster removed, a concession, the attack another
#: monster makes instead) follows its declaration within the damage step's few clicks.
ATTACK_RESULT_WITHIN: Final = 4
#: A sweep of the defender's field (R.B. Ga10 Pile Bunker: "destroy all cards your opponent
#: controls") carried out by its owner after the attacker's next clicks: the attack clicked
#: again and another monster's attack come first, then one move for each monster.
SWEPT_LATE_WITHIN: Final = 6
#: The rest of the turn: an attack later in it shows that a Battle Phase click was no step back.
REST_OF_TURN: Final = 60

# -- two clicks for one play ----------------------------------------------------------------
#: The same player's next clicks that complete a play made in two (a Set, then its activation;
#: a seventh card sent, then "End turn"; a face-up card's cost paid, then the Normal Summon it
#: grants, its Tribute sent between).
SAME_PLAYER_NEXT: Final = 4
#: A placement whose effect is declared by the very next clicks.
DECLARED_NEXT: Final = 3
#: A monster placed in a Spell & Trap Zone to be moved on to a Monster Zone.
STAGED_MOVE_WITHIN: Final = 6
#: How recently the effect that sends a card from the Deck to the GY was declared, for the card
#: placed from the Deck in a Spell & Trap Zone instead: the player views the Deck and chooses
#: (with chat between) in about ten clicks.
SENT_FROM_DECK_WITHIN: Final = 12
#: The Special Summon that an Equip Spell such as Premature Burial revives, after the clicks of
#: its resolution.
EQUIP_REVIVE_WITHIN: Final = 12
#: Tributes the log sends after the summon they pay for.
TRIBUTES_LOGGED_AFTER: Final = 8
#: The most materials read after a Synchro or Fusion Summon (a Link Summon's are at most its
#: Link Rating).
MOST_MATERIALS: Final = 5
#: The sends read after an Extra Deck Summon to find where their run ends (the next Extra Deck
#: Summon following them at once makes them its own): Allied Code Talker @Ignister's six.
MATERIAL_RUN_WITHIN: Final = 2 * MOST_MATERIALS
#: The summoner's very next click, which tells whether one batch of sends may be two Extra Deck
#: Summons' (another Special Summon from the Extra Deck).
NEXT_CLICK: Final = 1

# -- slips fixed, cards shown, rewinds ------------------------------------------------------
#: Chat lines after a "Declared effect" within which its player owns up to it ("I used it
#: before", "mb": advanced-78104029 game 2 [19:21], the third line after it), nothing else played.
WITHDRAWN_CHAT_WITHIN: Final = 6
#: A draw clicked by mistake put back on top of the Deck.
PUT_BACK_WITHIN: Final = 4
#: Set cards a player returns to the hand and Sets back in their zones, one play each, while
#: the opponent puts back their own cards between (advanced-77369156 game 2: two cards, four
#: plays, one of the opponent's between): twice the plays of the two-card case.
SETS_PUT_BACK_WITHIN: Final = 10
#: Seconds within which a Set, then a Flip Summon of the same monster is one Summon clicked as
#: a Set and fixed.
AT_ONCE_SECONDS: Final = 5
#: A position change undone after the opponent objected in chat: the Battle Phase click and
#: the attacks the monster declared meanwhile, then the change back.
OBJECTION_UNDONE_WITHIN: Final = 5
#: A card activated from the hand, and shown so, going back to it.
SHOWN_WITHIN: Final = 24
#: Activations of other cards between a Set card's activation and its Set again, when a player
#: shows their Set cards by flipping them up one after another (counted in actions).
SHOWN_TOGETHER: Final = 4
#: Actions between a Set card flipped face-up to show it and its Set again in its zone: the
#: player's other Sets from the hand, or the turn passing (End Phase, the next Draw Phase's
#: draw, Standby and Main Phase 1) while the opponent reads it (counted in actions).
SHOWN_SET_BETWEEN: Final = 4
#: Seconds before an "Admit defeat" in which a player's own plays show the cards they held (or
#: a last try the opponent answered), not steps of the duel.
REVEAL_SECONDS: Final = 30
#: Plays after a backward phase click read for cards put back (a rewind).
REWIND_WINDOW: Final = 24
#: Plays between a chat line asking to go back and the first card put back: none in the real
#: rollbacks (advanced-77161654 game 2: "we need to rewind", then Lubellion put back;
#: advanced-77511191 game 1: "wait", then R.B. Ga10 Driller sent back), the chat and the
#: viewing aside; one more for a stray click.
ROLLBACK_STARTS_WITHIN: Final = 2
#: Plays from the first card a rollback puts back to its last: advanced-77161654 game 2 puts
#: back six cards and 4100 Life Points in 8 plays (a wrong card taken and sent back between);
#: advanced-77511191 game 1's last card comes back 7 plays after the first (the phases clicked
#: back and the attack declared again between).
ROLLBACK_WINDOW: Final = 10
#: Plays back from the first move a rollback undoes to the activation whose cost or
#: resolution it is (the opponent's chained card and its cost between: advanced-77161654
#: game 2, Dracotail Faimena's cost, Silent Graveyard and its cost, then Faimena's Fusion).
ROLLBACK_CHAIN_BACK: Final = 6
#: Plays after an "Ended turn" clicked while the opponent's trigger was still to resolve: its
#: resolution (a Token, a search) and the turn player's next play, in their Main Phase 2.
EARLY_END_WITHIN: Final = 6
#: A draw between "Ended turn" and the next player's own "Entered Draw Phase" a few clicks
#: later (an effect's draw taken late, the opponent's last clicks between) is no implied start
#: of their turn.
TURN_STARTS_WITHIN: Final = 4
#: An overlay with no Xyz Summon taken back: the plays from the overlay to the pile's send to the
#: GY (the opponent's chat, viewing the Extra Deck between), and from the send to both cards
#: Special Summoned back to their zones.
OVERLAY_UNDONE_WITHIN: Final = 8
#: A player who left the duel coming back (or quitting) before the game is read as conceded.
REJOIN_WITHIN: Final = 40

# -- the opponent's effects -----------------------------------------------------------------
#: Effects the builder remembers (the latest last), and so how far back any reading asks.
RECENT_EFFECTS: Final = 12
#: How recently the opponent must have used a card for a player's moves to carry out its effect.
OPPONENT_USED_WITHIN: Final = 12
#: The moves that carry out the opponent's effect (dragged to the field, on to the Deck).
CARRIED_OUT_WITHIN: Final = 6
#: How recently the opponent used a card that may destroy a Set card sent with no activation.
OPPONENT_JUST_USED: Final = 8
#: How recently a card of the player's own whose resolution Sets a Spell or Trap (Dust Tornado:
#: "then you can Set 1 Spell/Trap") was used, for a Set outside the player's Main Phase.
SET_BY_EFFECT_WITHIN: Final = 8
#: How recently a card of the player's own whose effect places a Field Spell face-up (Yummy★
#: Snatchy) was used, for a Field Spell put on the field outside its player's Main Phase: the
#: card is searched from the Deck, often by way of the hand, in a dozen clicks.
PLACED_BY_EFFECT_WITHIN: Final = 16
#: How far back the opponent's card that Special Summons to this player's field may have been
#: used.
FOE_SUMMON_WITHIN: Final = 16
#: Plays after a draw or discard that may hold the card that explains it (a log often writes
#: the effect's own line after its draws); before it, the whole turn may (a hand trap sent to
#: the Graveyard early in the turn makes its player draw each time the opponent Special
#: Summons: Mulcharmy Fuwalos, Maxx "C").
EXPLAINED_AFTER: Final = 4
