"""RivalWing rule tests: one named test per rule of the seed and the rulings, from built positions."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.core import BadActionCode, IllegalAction, NotYourTurn, header
from games.rivalwing import GAME
from games.rivalwing.cards import DECK_KINDS, KINDS, MATS, kind_of
from games.rivalwing.resolve import end_turn
from games.rivalwing.state import damage
from renderers import rivalwing as renderer
from tests.rivalwing_helpers import (
    add_entry,
    assert_conserved,
    breach,
    codes,
    dmg,
    entries,
    give,
    loc,
    play,
    rejected,
    setup,
    slot,
    special,
)

# -- components and setup --------------------------------------------------------------------------

def test_deck_has_118_cards_by_category() -> None:
    """The deck holds 35 Melee, 12 Breath, 30 Defense, 14 Maneuver, 16 Magic, 11 Special."""
    by = Counter(KINDS[k]["category"] for k in DECK_KINDS)
    assert len(DECK_KINDS) == 118
    assert by == {"melee": 35, "breath": 12, "defense": 30, "maneuver": 14, "magic": 16,
                  "special": 11}


def test_mats_match_the_table() -> None:
    """Eight mats with the printed points, slots and breath."""
    assert MATS["bog"]["points"] == {"F": 16, "L": 15, "R": 15, "B": 14, "W": None, "C": 13}
    assert MATS["storm"]["special_slots"] == 2 and MATS["storm"]["magic_slots"] == 0
    assert MATS["sage"]["magic_slots"] == 3 and MATS["sage"]["breath"] == "Chaos"
    assert len(MATS) == 8


@pytest.mark.parametrize(("players", "cards"), [(2, 118), (4, 118), (5, 236), (8, 236)])
def test_two_decks_for_five_or_more(players: int, cards: int) -> None:
    """2-4 players use one deck, 5-8 two; five cards dealt, the first player draws to six."""
    s = GAME.new_game(7, players)
    assert_conserved(s)
    total = len(s.deck) + sum(len(h) for h in s.hands)
    assert total == cards
    assert len(s.hands[s.first]) == 6
    assert all(len(h) == 5 for i, h in enumerate(s.hands) if i != s.first)
    assert s.round_limit == 30 + 3 * players


def test_mat_option_per_seat() -> None:
    """The per-seat `mat` option picks mats; None or "random" is chosen by the RNG; bad is refused."""
    s = GAME.new_game(1, 3, {"mat": ["bog", None, "random"]})
    assert s.mats[0] == "bog" and all(m in MATS for m in s.mats)
    with pytest.raises(ValueError):
        GAME.new_game(1, 2, {"mat": ["dragonfly", None]})


# -- turn structure -------------------------------------------------------------------------------

def test_one_action_per_turn_discard_ends_turn() -> None:
    """Discarding one card ends the turn; "Discard more" keeps choosing until "End turn"."""
    s = setup("black", "blue")
    give(s, 0, "claw.F", "tail.F", "sc.F")
    play(s, 0, "dism:claw.F", "dism:tail.F")
    assert s.active == 0 and s.phase == "discard"
    assert not any(c.startswith("atk") for c in codes(s, 0))
    play(s, 0, "end")
    assert s.active == 1 and len(s.hands[1]) == 6


def test_pass_only_with_empty_hand() -> None:
    """Pass is offered only when the hand is empty."""
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    rejected(s, 0, "pass")
    s = setup("black", "blue")  # built anew: the option memo belongs to the position
    assert codes(s, 0) == ["pass"]


def test_place_magic_needs_a_slot_and_replaces() -> None:
    """A White Dragon (no slots) cannot place magic; a replaced card is discarded."""
    s = setup("white", "black")
    give(s, 0, "corehit")
    assert not any(c.startswith("mag") for c in codes(s, 0))
    s = setup("black", "white")
    slot(s, 0, "heal")
    give(s, 0, "corehit")
    play(s, 0, "mag:corehit:0")
    assert kind_of(s.dragons[0]["slots"][0][0]) == "corehit"
    assert [kind_of(c) for c in s.discard] == ["heal"]


def test_round_limit_best_core_wins() -> None:
    """After round 30 + 3N the conscious dragon with the most core left wins."""
    s = setup("black", "blue")
    s.round = s.round_limit
    add_entry(s, 0, "C", None, 2)
    s.active = 1
    end_turn(s, [])
    assert GAME.outcome(s).winners == (1,) and GAME.outcome(s).reason == "round limit"
    assert GAME.score(s, 1) == 5
    assert GAME.view(s, None)["round"] == s.round_limit  # the board says "Round 42/42", not 43


def test_round_limit_tie_scores_two_each() -> None:
    """Tied leaders at the round limit: no winner, 2 points each."""
    s = setup("black", "black")
    s.round = s.round_limit
    s.active = 1
    end_turn(s, [])
    assert GAME.outcome(s).winners == ()
    assert (GAME.score(s, 0), GAME.score(s, 1)) == (2, 2)


def test_last_dragon_standing_wins_at_once() -> None:
    """A knockout that leaves one dragon ends the duel at once, whatever the round (regression)."""
    s = setup("black", "blue")
    s.round = s.round_limit
    s.active = 0
    add_entry(s, 1, "C", None, 6)
    breach(s, 1, "F")
    give(s, 0, "bite.F")
    play(s, 0, "atk:1", "add:bite.F", "decl")
    assert GAME.outcome(s).winners == (0,)
    assert GAME.outcome(s).reason == "last dragon standing"
    assert GAME.to_play(s) == () and GAME.legal_actions(s, 0) == []
    assert GAME.score(s, 0) == 5 + 2 + 1


def test_unconscious_seats_are_skipped() -> None:
    """The next turn goes to the next conscious dragon clockwise."""
    s = setup("black", "blue", "white")
    from games.rivalwing.state import knock_out
    knock_out(s, 1, 0, [])
    end_turn(s, [])
    assert s.active == 2


# -- attacks --------------------------------------------------------------------------------------

def test_attack_labels_read_as_a_path() -> None:
    """Building an attack is a sequence of labelled steps ending with "Declare attack"."""
    s = setup("black", "blue")
    give(s, 0, "claw.F", "targ")
    labels = [GAME.label(s, a) for a in GAME.legal_actions(s, 0)]
    assert ("Attack", "{p1}") in labels
    play(s, 0, "atk:1")
    labels = {GAME.label(s, a) for a in GAME.legal_actions(s, 0)}
    assert ("Add", "Melee Front – Claw") in labels
    assert ("Add", "Melee Targeted Attack", "Rear") in labels
    play(s, 0, "add:targ:B")
    assert GAME.label(s, GAME.decode("decl")) == ("Declare attack",)


def test_hit_card_limit_and_combo() -> None:
    """One hit card without a Combo; each Combo allows one more; Combo needs Wings."""
    s = setup("black", "blue")
    give(s, 0, "claw.F", "tail.F", "bite.F")
    play(s, 0, "atk:1", "add:claw.F")
    assert not any(c.startswith("add") for c in codes(s, 0))


def test_start_over_returns_cards_twice_per_turn() -> None:
    """"Start over" gives the build back to the hand, at most twice a turn."""
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    for _ in range(2):
        play(s, 0, "atk:1", "add:claw.F", "restart")
    assert [kind_of(c) for c in s.hands[0]] == ["claw.F"]
    play(s, 0, "atk:1", "add:claw.F")
    assert "restart" not in codes(s, 0)


def test_focused_dive_called_shot_and_wing_attack_order() -> None:
    """Focused Dive sets the side, Called Shot overrides it (+1), Wing Attack overrides both."""
    s = setup("black", "blue")
    slot(s, 0, "called")
    give(s, 0, "claw.F", "tail.F", "fdive", "watk")
    play(s, 0, "atk:1", "add:claw.F", "fd:L", "add:tail.F", "mg:called", "aim:0:R", "wa:1", "decl")
    hits = s.attack["hits"] if s.attack else None
    la = s.last_attack if hits is None else None
    rows = hits or la["hits"]
    assert [(h["loc"]) for h in rows] == ["R", "W"]
    assert dmg(s, 1, "R") == 5 and dmg(s, 1, "W") == 6


def test_dive_attack_adds_two_to_melee() -> None:
    """Dive Attack as a modifier gives +2 to one Melee hit."""
    s = setup("black", "blue")
    give(s, 0, "claw.F", "dive")
    play(s, 0, "atk:1", "add:claw.F", "dv:0", "decl")
    assert dmg(s, 1, "F") == 6


def test_frost_and_arc_bonus_hits() -> None:
    """Frost adds 3 to the Wings; Arc adds 3 to another chosen side (markers)."""
    s = setup("white", "blue")
    give(s, 0, "br.ice")
    play(s, 0, "atk:1", "add:br.ice:F", "decl")
    assert dmg(s, 1, "F") == 5 and entries(s, 1, "W") == [("marker", 3, [])]
    s = setup("blue", "black")
    give(s, 0, "br.light")
    play(s, 0, "atk:1", "add:br.light:F:R", "decl")
    assert dmg(s, 1, "F") == 5 and entries(s, 1, "R") == [("marker", 3, [])]


def test_armageddon_hits_every_other_dragon_but_magic_resistant() -> None:
    """Armageddon: 4 to a chosen side of each other dragon in turn order, skipping Magic Resistance."""
    s = setup("black", "blue", "white", "bog")
    slot(s, 0, "arma")
    special(s, 2, "mres")
    give(s, 0, "claw.F")
    play(s, 0, "atk:arma", "arma:1:L", "arma:3:B", "decl")
    assert dmg(s, 1, "L") == 4 and dmg(s, 3, "B") == 4
    assert all(damage(s, 2, k) == 0 for k in "FLRBWC")


def test_crush_discards_scales_and_breaches() -> None:
    """Crush discards covering and banked Scales; the side breaches if its damage now fills it."""
    s = setup("black", "blue")
    slot(s, 0, "crush")
    give(s, 0, "claw.L")
    add_entry(s, 1, "F", "bite.F", 6, covers=(3,))
    add_entry(s, 1, "F", "tail.F", 5, covers=(3,))
    play(s, 0, "atk:1", "mg:crush:F", "add:claw.L", "decl")
    assert loc(s, 1, "F")["breached"]
    assert dmg(s, 1, "L") == 4


def test_swap_exchanges_sides() -> None:
    """Swap exchanges everything on two sides, breached status included."""
    s = setup("black", "blue")
    slot(s, 0, "swap")
    breach(s, 0, "F")
    add_entry(s, 0, "R", "claw.R", 4)
    play(s, 0, "atk:self", "mg:swap:0:FR", "decl")
    assert loc(s, 0, "R")["breached"] and not loc(s, 0, "F")["breached"]
    assert dmg(s, 0, "F") == 4


def test_dusting_attack_forbids_defense_cards() -> None:
    """An attacking Dusting stops the target's Defense cards, not its maneuvers or magic."""
    s = setup("black", "blue")
    give(s, 0, "claw.F", "dust")
    give(s, 1, "sc.F", "hurt", "blind")
    play(s, 0, "atk:1", "add:claw.F", "dust", "decl")
    opts = codes(s, 1)
    assert "d:blind" in opts and not any(c.startswith(("d:sc.", "d:hurt")) for c in opts)


def test_gust_of_wind_cancels_breath_with_bonus() -> None:
    """Gust Of Wind cancels the Breath hit and its Frost."""
    s = setup("white", "blue")
    slot(s, 1, "gust")
    give(s, 0, "br.ice")
    play(s, 0, "atk:1", "add:br.ice:F", "decl")
    play(s, 1, "d:gust", "dend")
    assert dmg(s, 1, "F") == 0 and dmg(s, 1, "W") == 0


def test_random_rolls_cancel_on_one_to_three() -> None:
    """Random: a roll of 1-3 cancels the hit, 4-6 lets it through."""
    s = setup("black", "blue")
    slot(s, 1, "random")
    give(s, 0, "combo", "claw.F", "tail.L")
    play(s, 0, "atk:1", "add:claw.F", "addc:tail.L", "decl")
    s.dice = [2, 5]
    play(s, 1, "d:random", "dend")
    assert dmg(s, 1, "F") == 0 and dmg(s, 1, "L") == 5


def test_shield_blind_sharp_turn() -> None:
    """Shield splits 6; Blind takes 2 from every hit; Sharp Turn moves a hit to another side."""
    s = setup("black", "blue")
    slot(s, 1, "shield")
    give(s, 0, "combo", "claw.F", "tail.L")
    play(s, 0, "atk:1", "add:claw.F", "addc:tail.L", "decl")
    play(s, 1, "d:shield:0:2", "d:shield:1:4", "dend")
    assert dmg(s, 1, "F") == 2 and dmg(s, 1, "L") == 1
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    give(s, 1, "blind", "blind", "sharp")
    s.hands[1].pop()
    play(s, 0, "atk:1", "add:claw.F", "decl")
    play(s, 1, "d:blind", "dend")
    assert dmg(s, 1, "F") == 2
    s = setup("black", "blue")
    breach(s, 1, "F")
    give(s, 0, "claw.F")
    give(s, 1, "sharp")
    play(s, 0, "atk:1", "add:claw.F", "decl")
    play(s, 1, "d:sharp:0:R", "dend")
    assert dmg(s, 1, "R") == 4 and dmg(s, 1, "C") == 0


def test_deflected_breath_uses_attacker_resistance() -> None:
    """A deflected Acid breath strikes a Black Dragon attacker at half (it resists Acid)."""
    s = setup("black", "silver")
    slot(s, 1, "deflect")
    give(s, 0, "br.acid")
    play(s, 0, "atk:1", "add:br.acid:L", "decl")
    play(s, 1, "d:deflect:0", "dend")
    assert dmg(s, 0, "L") == 2 and dmg(s, 1, "L") == 0


# -- specials -------------------------------------------------------------------------------------

def test_specials_from_any_conscious_player() -> None:
    """A player outside to_play may play a special; it needs an empty special slot."""
    s = setup("black", "blue", "white")
    give(s, 2, "bres")
    assert GAME.to_play(s) == (0,)
    assert codes(s, 2) == ["sp:bres", ]
    play(s, 2, "sp:bres")
    assert codes(s, 2) == ["rm:0"]
    give(s, 2, "mres")
    assert "sp:mres" not in codes(s, 2)


def test_refresh_discards_and_draws_to_six() -> None:
    """Refresh discards the chosen cards and draws to six, then is discarded."""
    s = setup("black", "blue")
    give(s, 1, "refresh", "claw.F", "claw.F")
    play(s, 1, "sp:refresh:claw.F")
    assert len(s.hands[1]) == 6 and s.dragons[1]["specials"] == [None]
    assert sorted(kind_of(c) for c in s.discard) == ["claw.F", "refresh"]


def test_innate_magic_adds_a_slot_and_removal_discards() -> None:
    """Innate Magic gives one more slot; removing it with both slots full discards a chosen card."""
    s = setup("black", "blue")
    give(s, 0, "innate")
    play(s, 0, "sp:innate")
    assert len(s.dragons[0]["slots"]) == 2
    slot(s, 0, "heal")
    slot(s, 0, "shield")
    assert "rm:0" not in codes(s, 0) and "rm:0:1" in codes(s, 0)
    play(s, 0, "rm:0:1")
    assert len(s.dragons[0]["slots"]) == 1
    assert kind_of(s.dragons[0]["slots"][0][0]) == "heal"


def test_regeneration_removes_an_entry() -> None:
    """Regeneration (a) removes one entry from a non-breached location."""
    s = setup("black", "blue")
    eid = add_entry(s, 1, "C", "bite.F", 6)
    give(s, 1, "regen")
    play(s, 1, f"sp:regen:{eid}")
    assert dmg(s, 1, "C") == 0


# -- out-of-turn decisions, timeouts, hidden information ------------------------------------------

def test_defender_is_to_play_with_its_own_timer() -> None:
    """During a window to_play names the defender, the attacker stays active, and the header
    says a defense of 60 s is owed (a turn has 120 s)."""
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    give(s, 1, "sc.F")
    top = header(GAME.view(s, None))
    assert (top["to_play"], top["active"], top["seconds"]) == ([0], 0, 120)
    assert GAME.info.turn_seconds == 120
    play(s, 0, "atk:1", "add:claw.F", "decl")
    assert GAME.to_play(s) == (1,)
    top = header(GAME.view(s, 0))
    assert (top["to_play"], top["active"], top["seconds"]) == ([1], 0, 60)
    assert GAME.view(s, 0)["phase"] == "defense"
    with pytest.raises(NotYourTurn):
        GAME.apply_code(s, 0, "none")


def test_turn_timeout_passes_and_returns_the_build() -> None:
    """A turn timeout passes (a half-built attack goes back to the hand) and counts."""
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    play(s, 0, "atk:1", "add:claw.F")
    action = GAME.timeout_action(s, 0)
    assert action.encode() == "tout"
    GAME.apply(s, 0, action)
    assert [kind_of(c) for c in s.hands[0]] == ["claw.F"]
    assert s.dragons[0]["timeouts"] == 1 and s.active == 1
    with pytest.raises(IllegalAction):
        GAME.apply_code(s, 0, "tout")


def test_defense_timeouts_do_not_count() -> None:
    """Missing a defense window is no defense and does not count towards withdrawal."""
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    give(s, 1, "sc.F")
    play(s, 0, "atk:1", "add:claw.F", "decl")
    GAME.apply(s, 1, GAME.timeout_action(s, 1))
    assert s.dragons[1]["timeouts"] == 0 and dmg(s, 1, "F") == 4


def test_resign_withdraws_and_credits_last_damager() -> None:
    """/resign: the dragon withdraws at once, credited to its last damager, and scores 0."""
    s = setup("black", "blue", "white")
    give(s, 0, "claw.F")
    play(s, 0, "atk:1", "add:claw.F", "decl")
    GAME.resign(s, 1)
    assert s.knockouts == [[1, 0, 1]] and GAME.score(s, 1) == 0


def test_refused_actions_change_nothing() -> None:
    """Garbage codes and illegal actions raise and leave the state byte-identical."""
    s = setup("black", "blue")
    give(s, 0, "claw.F")
    with pytest.raises(BadActionCode):
        GAME.decode("attack!")
    rejected(s, 0, "add:claw.F")
    rejected(s, 1, "atk:0")
    rejected(s, 0, "atk:0")


def test_hidden_information() -> None:
    """Other hands and slotted magic never appear in another seat's view, the public text or PNG."""
    s = setup("black", "blue", "silver")
    give(s, 1, "jaw", "seiz")
    slot(s, 1, "deflect")
    give(s, 0, "claw.F")
    for seat in (0, 2, None):
        v = GAME.view(s, seat)
        text = json.dumps(v)
        assert "Lock Jaw" not in text and "Seizure" not in text and "Deflect" not in text
    public = GAME.view(s, None)
    assert "Lock Jaw" not in GAME.text(public, ["a", "b", "c"])
    assert GAME.view(s, 1)["players"][1]["magic_slots"][0]["card"] == "Deflect"
    assert public["players"][1]["magic_slots"][0] == {"filled": True, "ready": True}
    png = renderer.render_board(public, names=["a", "b", "c"])
    for seed in range(3):
        shuffled = GAME.shuffle_hidden(s, None, seed)
        assert GAME.view(shuffled, None) == public
        assert renderer.render_board(GAME.view(shuffled, None), names=["a", "b", "c"]) == png
        assert_conserved(shuffled)


def test_labels_are_unique_paths() -> None:
    """Every seat's legal actions have distinct label paths in random and AI play."""
    import random

    from games.rivalwing.ai import choose
    for players in (2, 4, 6):
        s = GAME.new_game(players, players)
        rng = random.Random(players)
        for step in range(600):
            if s.phase == "over":
                break
            for seat in range(players):
                opts = GAME.options(s, seat)
                labels = [lab for _, lab in opts]
                assert len(set(labels)) == len(labels), labels
                assert all(len(code) <= 60 for code, _ in opts)
            seat = GAME.to_play(s)[0]
            actions = GAME.legal_actions(s, seat)
            pick = choose(GAME.view(s, seat), actions, step) if step % 3 else rng.choice(actions)
            GAME.apply(s, seat, pick)


def test_magic_resistance_in_window_cancels_armageddon_hit() -> None:
    """A target that plays Magic Resistance in its window cancels its Armageddon hit."""
    s = setup("black", "blue", "white")
    slot(s, 0, "arma")
    give(s, 1, "mres")
    play(s, 0, "atk:arma", "arma:1:F", "arma:2:R", "decl")
    assert GAME.to_play(s) == (1,)
    play(s, 1, "sp:mres", "none")
    assert dmg(s, 1, "F") == 0 and dmg(s, 2, "R") == 4


def test_shield_takes_a_second_card_only_when_the_first_is_spent() -> None:
    """Shield points are assigned step by step; the second Shield is picked only when the first
    is spent, and both leave their slots when the defense is done."""
    s = setup("black", "silver")
    slot(s, 1, "shield")
    slot(s, 1, "shield")
    give(s, 0, "combo", "bite.F", "tail.L")
    play(s, 0, "atk:1", "add:bite.F", "addc:tail.L", "decl")
    play(s, 1, "d:shield:0:6")
    assert [pl[1] is not None for pl in s.attack["window"]["plays"]] == [True]
    play(s, 1, "d:shield:1:5")
    assert [pl[1] is not None for pl in s.attack["window"]["plays"]] == [True, True]
    assert all(c is not None for c, _ in s.dragons[1]["slots"])  # picked, not yet played
    play(s, 1, "dend")
    assert all(c is None for c, _ in s.dragons[1]["slots"])
    assert dmg(s, 1, "F") == 0 and dmg(s, 1, "L") == 0
