"""Drakones rules, one test per seed rule and ruling, each from a built position."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.core import IllegalAction, NotYourTurn
from games.drakones import ENTRY, GAME, rules
from games.drakones import actions as A
from games.drakones.cards import CARDS, DECKS
from games.drakones.state import Player, Slot, State
from games.rng import Rng


def slot(card: str, *, arriving: bool = False, bolt: bool = False, new: bool = False,
         used: int = 0, hits: int = 0) -> Slot:
    return Slot(card, arriving, bolt, used, hits, new)


def build(side0: dict[int, Slot | str] | None = None, side1: dict[int, Slot | str] | None = None,
          *, hand0: list[str] | None = None, hand1: list[str] | None = None, deck0: int = 10,
          deck1: int = 10, current: int = 0, first: int = 0, lock: int = 0, round_: int = 5,
          actions: int = 3, strike_back: bool = True) -> State:
    """Returns a position mid-turn of `current`, with a checkpoint there (as after the draw)."""
    players = []
    for side, hand, deck in ((side0, hand0, deck0), (side1, hand1, deck1)):
        spaces: list[Slot | None] = [None] * 6
        for i, s in (side or {}).items():
            spaces[i - 1] = slot(s) if isinstance(s, str) else s
        players.append(Player(["wooden-wall"] * deck, list(hand or []), [], spaces, [], []))
    state = State(Rng(1), players, first, current, 1 + 2 * (round_ - 1) + (current != first),
                  round_, lock, actions, strike_back)
    rules.set_checkpoint(state)
    return state


def play(state: State, code: str, seat: int | None = None) -> list[str]:
    events = GAME.apply_code(state, state.current if seat is None else seat, code)
    return [e.text for e in events]


def codes(state: State, seat: int | None = None) -> list[str]:
    return [a.encode() for a in GAME.legal_actions(state, state.current if seat is None else seat)]


def dumps(state: State) -> str:
    return json.dumps(GAME.to_json(state), sort_keys=True)


def refused(state: State, code: str, seat: int | None = None) -> None:
    before = dumps(state)
    with pytest.raises(IllegalAction):
        play(state, code, seat)
    assert dumps(state) == before


def card_at(state: State, seat: int, space: int) -> str | None:
    s = state.players[seat].side[space - 1]
    return None if s is None else s.card


# -- decks and setup ----------------------------------------------------------------------------

def test_decks_hold_67_cards_of_the_listed_kinds() -> None:
    """Each deck: 45 units (9 x plain/Instant/Double/Armour/Draw Two), 6 towers, 3 walls, 13 spells."""
    for _, cards in DECKS.values():
        kinds = Counter(CARDS[c].kind for c in cards)
        assert kinds == {"unit": 45, "tower": 6, "wall": 3, "spell": 13}
        units = Counter(CARDS[c].name for c in cards if CARDS[c].kind == "unit")
        assert len(units) == 9 and set(units.values()) == {5}
        abilities = Counter(CARDS[c].ability for c in cards if CARDS[c].kind == "unit")
        assert abilities == {None: 9, "instant": 9, "double": 9, "armour": 9, "draw2": 9}
        towers = Counter((CARDS[c].cls, CARDS[c].ability) for c in cards if CARDS[c].kind == "tower")
        assert towers == {(k, a): 1 for k in ("infantry", "cavalry", "dragon") for a in (None, "double")}
        assert Counter(c for c in cards if CARDS[c].kind == "wall") == {"wooden-wall": 2, "stone-wall": 1}
        spells = Counter(c for c in cards if CARDS[c].kind == "spell")
        assert spells == {"wisdom": 3, "recall": 3, "poison": 2, "bribery": 2, "catapult": 1,
                          "spy": 1, "fire-rain": 1}


def test_setup_deals_six_and_the_first_turn_draws_one() -> None:
    """Both draw 6; the starting player draws 1 more at the start of the turn."""
    state = GAME.new_game(5, 2)
    f = state.first
    assert len(state.players[f].hand) == 7 and len(state.players[1 - f].hand) == 6
    assert len(state.players[f].deck) == 60 and len(state.players[1 - f].deck) == 61


def test_first_player_is_random() -> None:
    """The starting player is drawn with the game's RNG: both seats start in some games."""
    firsts = {GAME.new_game(seed, 2).first for seed in range(20)}
    assert firsts == {0, 1}


def test_first_turns_have_3_and_4_actions_then_3() -> None:
    """The starting player has 3 actions, the second player 4 on the first turn, then 3."""
    state = GAME.new_game(5, 2)
    assert state.actions == 3
    play(state, "end")
    assert state.actions == 4
    play(state, "end")
    assert state.actions == 3
    play(state, "end")
    assert state.actions == 3


def test_failed_turn_start_draw_loses() -> None:
    """A player who cannot draw at the start of the turn loses."""
    state = build(deck1=0)
    play(state, "end")
    assert GAME.outcome(state).winners == (0,) and state.reason == "deck"
    assert GAME.to_play(state) == () and GAME.legal_actions(state, 1) == []


def test_strike_back_option_is_table_wide_and_defaults_on() -> None:
    """Option strike_back: on by default, 'off' switches it off; other values are refused."""
    assert GAME.new_game(1, 2).strike_back is True
    assert GAME.new_game(1, 2, {"strike_back": "off"}).strike_back is False
    with pytest.raises(ValueError):
        GAME.new_game(1, 2, {"strike_back": "maybe"})


# -- playing cards ------------------------------------------------------------------------------

def test_play_costs_one_action_and_the_card_arrives() -> None:
    """Playing a card onto an empty space costs 1 action; it is arriving (hourglass)."""
    state = build(hand0=["pikeman"])
    play(state, "play:pikeman:3")
    assert state.actions == 2 and state.players[0].hand == []
    s = state.players[0].side[2]
    assert s.card == "pikeman" and s.arriving and not s.bolt


def test_play_refused_on_an_occupied_space_while_one_is_empty() -> None:
    """A card goes to an empty space while there is one; a refused play changes nothing."""
    state = build({1: "archer"}, hand0=["pikeman"])
    refused(state, "play:pikeman:1")
    refused(state, "play:archer:2")  # not in hand


def test_banish_when_the_side_is_full() -> None:
    """With six cards on the side a new card may replace one, which goes to the discard pile."""
    state = build({i: "archer" for i in range(1, 7)}, hand0=["pikeman"])
    assert [c for c in codes(state) if c.startswith("play:")] == [
        f"play:pikeman:{i}" for i in range(1, 7)]
    play(state, "play:pikeman:4")
    assert card_at(state, 0, 4) == "pikeman" and state.players[0].discard == ["archer"]


def test_no_actions_left_means_no_plays() -> None:
    """With 0 actions only free things remain (attacks, moves, undo, end)."""
    state = build({1: "archer"}, hand0=["pikeman", "poison"], actions=0)
    assert not any(c.startswith(("play:", "cast:", "draw")) for c in codes(state))
    refused(state, "play:pikeman:2")


def test_draw_costs_two_actions() -> None:
    """Spending 2 actions draws a card; with 1 action left it is not offered."""
    state = build(actions=3)
    play(state, "draw")
    assert state.actions == 1 and len(state.players[0].hand) == 1
    assert "draw" not in codes(state)


# -- who hits whom --------------------------------------------------------------------------------

@pytest.mark.parametrize(("attacker", "hits"), [
    ("swordsman", "pikeman"), ("horse-swordsman", "archer"), ("dragon-swordsman", "swordsman"),
    ("pikeman", "horse-archer"), ("dragon-pikeman", "horse-pikeman"),
    ("archer", "dragon-pikeman"), ("horse-archer", "dragon-archer"),
])
def test_weapon_hits_its_class_whatever_the_attacker_class(attacker: str, hits: str) -> None:
    """Sword hits infantry, pike cavalry, bow dragons; the attacker's own class does not matter."""
    state = build({1: attacker}, {1: hits}, strike_back=False)
    assert "attack:1:1" in codes(state)
    play(state, "attack:1:1")
    assert card_at(state, 1, 1) is None and state.players[1].discard == [hits]


def test_weapon_cannot_hit_other_classes() -> None:
    """A sword cannot attack cavalry or dragons."""
    state = build({1: "swordsman"}, {1: "horse-archer", 2: "dragon-archer"})
    assert not [c for c in codes(state) if c.startswith("attack:")]
    refused(state, "attack:1:1")


def test_units_destroy_towers_of_their_class_and_every_wall() -> None:
    """Units hit enemy towers of their own class and any wall, never other towers."""
    state = build({1: "horse-archer"}, {1: "cavalry-tower", 2: "infantry-tower", 4: "wooden-wall"})
    assert [c for c in codes(state) if c.startswith("attack:")] == ["attack:1:1", "attack:1:4"]
    play(state, "attack:1:4")
    assert card_at(state, 1, 4) is None


def test_towers_attack_the_other_two_classes() -> None:
    """A tower attacks enemy units of the other two classes, never towers, walls or its class."""
    state = build({1: "infantry-tower"}, {1: "swordsman", 3: "horse-swordsman", 5: "dragon-pikeman",
                                          6: "cavalry-tower"})
    assert [c for c in codes(state) if c.startswith("attack:")] == ["attack:1:3", "attack:1:5"]


def test_only_units_attack_the_base() -> None:
    """An open base may be attacked by units, never by towers."""
    state = build({1: "dragon-tower", 2: "archer"}, {})
    assert [c for c in codes(state) if c.startswith("attack:")] == ["attack:2:base"]


def test_each_card_attacks_once_and_double_attack_twice() -> None:
    """A unit attacks once per turn; Double Attack twice."""
    state = build({1: "pikeman", 2: "pikeman+double"},
                  {1: "horse-archer", 2: "horse-archer", 3: "horse-archer", 4: "horse-archer"})
    play(state, "attack:1:1")
    assert not any(c.startswith("attack:1:") for c in codes(state))
    play(state, "attack:2:2")
    play(state, "attack:2:3")
    assert not any(c.startswith("attack:") for c in codes(state))
    assert card_at(state, 1, 4) == "horse-archer"


def test_armour_needs_two_hits_in_a_turn_and_heals_at_end_of_turn() -> None:
    """Armour survives one hit, falls to a second in the same turn, and heals at the end of turn."""
    state = build({1: "archer", 2: "archer"}, {1: "dragon-pikeman+armour"})
    play(state, "attack:1:1")
    assert card_at(state, 1, 1) == "dragon-pikeman+armour"
    assert state.players[1].side[0].hits == 1
    play(state, "attack:2:1")
    assert card_at(state, 1, 1) is None
    state = build({1: "archer"}, {1: "dragon-pikeman+armour"})
    play(state, "attack:1:1")
    play(state, "end")
    assert state.players[1].side[0].hits == 0


def test_stone_wall_has_armour() -> None:
    """The stone wall needs two hits in one turn; a wooden wall one."""
    state = build({1: "archer", 2: "pikeman"}, {1: "stone-wall", 3: "wooden-wall"})
    play(state, "attack:1:1")
    assert card_at(state, 1, 1) == "stone-wall"
    play(state, "attack:2:1")
    assert card_at(state, 1, 1) is None


# -- strike back ----------------------------------------------------------------------------------

def test_strike_back_when_the_target_can_hit_the_attacker() -> None:
    """A Pikeman killing a Horse Swordsman is struck back (sword hits infantry): both die."""
    state = build({1: "pikeman"}, {1: "horse-swordsman"})
    texts = play(state, "attack:1:1")
    assert card_at(state, 0, 1) is None and card_at(state, 1, 1) is None
    assert texts == ["Pikeman destroyed Horse Swordsman.",
                     "Horse Swordsman struck back and destroyed Pikeman."]


def test_no_strike_back_when_the_target_cannot_hit_the_attacker() -> None:
    """A Horse Archer killing a Dragon Swordsman takes nothing back (a sword does not hit cavalry)."""
    state = build({1: "horse-archer"}, {1: "dragon-swordsman"})
    play(state, "attack:1:1")
    assert card_at(state, 0, 1) == "horse-archer" and card_at(state, 1, 1) is None


def test_strike_back_counts_as_a_hit_on_armour() -> None:
    """Strike back on an armoured attacker is one hit; it survives."""
    state = build({1: "pikeman+armour"}, {1: "horse-swordsman"})
    play(state, "attack:1:1")
    assert card_at(state, 0, 1) == "pikeman+armour" and state.players[0].side[0].hits == 1


def test_towers_and_walls_never_strike_back() -> None:
    """Attacking a tower or a wall is never struck back."""
    state = build({1: "swordsman", 2: "pikeman"}, {1: "infantry-tower", 3: "wooden-wall"})
    play(state, "attack:1:1")
    play(state, "attack:2:3")
    assert card_at(state, 0, 1) == "swordsman" and card_at(state, 0, 2) == "pikeman"


def test_a_tower_attacker_takes_no_strike_back() -> None:
    """A tower attacking a unit whose weapon hits the tower's class takes nothing back."""
    state = build({1: "cavalry-tower"}, {1: "pikeman"})
    play(state, "attack:1:1")
    assert card_at(state, 0, 1) == "cavalry-tower" and card_at(state, 1, 1) is None


def test_strike_back_off_option() -> None:
    """With strike_back off the attacker never takes a hit back."""
    state = build({1: "pikeman"}, {1: "horse-swordsman"}, strike_back=False)
    play(state, "attack:1:1")
    assert card_at(state, 0, 1) == "pikeman" and card_at(state, 1, 1) is None


# -- walls and cover ----------------------------------------------------------------------------

def test_cover_protects_wall_neighbours_from_attacks() -> None:
    """Units and towers left and right of a wall cannot be attacked; the wall itself can."""
    state = build({1: "archer"}, {1: "dragon-pikeman", 2: "wooden-wall", 3: "dragon-tower",
                                  5: "dragon-archer"})
    assert [c for c in codes(state) if c.startswith("attack:")] == ["attack:1:2", "attack:1:5"]
    refused(state, "attack:1:1")


def test_cover_works_as_soon_as_the_wall_is_played() -> None:
    """An arriving wall already protects its neighbours."""
    state = build({1: "archer"}, {1: "dragon-pikeman", 2: slot("wooden-wall", arriving=True)})
    assert not [c for c in codes(state) if c.startswith("attack:")]


def test_attacker_in_cover_takes_no_strike_back() -> None:
    """An attacker in cover is not struck back."""
    state = build({1: "pikeman", 2: "wooden-wall"}, {1: "horse-swordsman"})
    play(state, "attack:1:1")
    assert card_at(state, 0, 1) == "pikeman" and card_at(state, 1, 1) is None


def test_cards_in_cover_stay_in_place_when_rearranging() -> None:
    """Covered cards cannot move or be swapped with; free cards move (into cover too) and swap."""
    state = build({1: "pikeman", 2: "wooden-wall", 4: "archer", 6: "swordsman"})
    moves = [c for c in codes(state) if c.startswith("move:")]
    assert "move:1:4" not in moves and "move:4:1" not in moves
    assert moves == ["move:2:3", "move:2:4", "move:2:5", "move:2:6", "move:4:2", "move:4:3",
                     "move:4:5", "move:4:6", "move:6:2", "move:6:3", "move:6:4", "move:6:5"]
    play(state, "move:4:5")
    play(state, "move:6:5")
    assert [card_at(state, 0, i) for i in range(1, 7)] == [
        "pikeman", "wooden-wall", None, None, "swordsman", "archer"]
    assert state.actions == 3


def test_spells_ignore_cover_but_recall_needs_a_free_target() -> None:
    """Poison kills a covered unit; Recall may not take one."""
    state = build({}, {1: "dragon-pikeman", 2: "wooden-wall", 4: "archer"},
                  hand0=["poison", "recall"])
    assert "cast:recall:1:1" not in codes(state) and "cast:recall:1:4" in codes(state)
    play(state, "cast:poison:1:1")
    assert card_at(state, 1, 1) is None and state.players[1].discard == ["dragon-pikeman"]


# -- arrival and the bolt -----------------------------------------------------------------------

def test_arriving_cards_cannot_attack_or_be_attacked() -> None:
    """A card played this turn cannot attack; in the enemy's next turn it cannot be attacked."""
    state = build({}, {1: "archer"}, hand0=["dragon-pikeman"], deck1=5)
    play(state, "play:dragon-pikeman:1")
    assert not any(c.startswith("attack:") for c in codes(state))
    play(state, "end")
    assert state.players[0].side[0].arriving
    assert "attack:1:1" not in codes(state)
    assert "attack:1:base" in codes(state)  # an arriving card does not protect the base
    play(state, "end")
    assert not state.players[0].side[0].arriving  # arrived at the start of its owner's turn


def test_bolt_costs_an_action_and_lets_the_unit_attack_now() -> None:
    """Igniting a unit played this turn costs 1 action; it may attack at once."""
    state = build({}, {1: "dragon-archer"}, hand0=["archer"])
    play(state, "play:archer:1")
    assert "bolt:1" in codes(state) and not any(c.startswith("attack:") for c in codes(state))
    play(state, "bolt:1")
    assert state.actions == 1 and "bolt:1" not in codes(state)
    play(state, "attack:1:1")
    assert card_at(state, 1, 1) is None


def test_instant_units_have_the_bolt_already() -> None:
    """Instant units may attack right away and cannot be ignited again."""
    state = build({}, {1: "dragon-archer"}, hand0=["archer+instant"])
    play(state, "play:archer+instant:1")
    assert "bolt:1" not in codes(state) and "attack:1:1" in codes(state)


def test_only_units_played_this_turn_can_be_ignited() -> None:
    """Towers, walls and units already on the side cannot be ignited."""
    state = build({2: "archer"}, hand0=["dragon-tower", "wooden-wall"])
    play(state, "play:dragon-tower:1")
    play(state, "play:wooden-wall:3")
    assert not any(c.startswith("bolt:") for c in codes(state))


def test_a_bolted_unit_stays_protected_until_it_attacks() -> None:
    """Bolted and not attacking: still arriving next turn. Once it attacks, it has arrived."""
    state = build({}, {1: "dragon-archer", 2: "dragon-archer"}, hand0=["archer", "pikeman"],
                  hand1=[], deck1=5, actions=4)
    play(state, "play:archer:1")
    play(state, "bolt:1")
    play(state, "play:pikeman:2")
    play(state, "bolt:2")
    play(state, "attack:1:1")
    assert not state.players[0].side[0].arriving and state.players[0].side[1].arriving
    play(state, "end")
    # the enemy Dragon Archer (bow) hits dragons only; use the view to see what is open
    view = GAME.view(state, 1)
    assert view["players"][0]["side"][0]["arriving"] is False
    assert view["players"][0]["side"][1]["arriving"] is True


# -- the base -----------------------------------------------------------------------------------

def test_base_lock_counts_down_at_the_start_of_each_round() -> None:
    """The lock shows 4 in round 1 and counts down to 0 at the start of round 5."""
    state = GAME.new_game(3, 2)
    seen = []
    for _ in range(10):
        seen.append((state.round, state.lock))
        play(state, "end")
    assert seen == [(1, 4), (1, 4), (2, 3), (2, 3), (3, 2), (3, 2), (4, 1), (4, 1), (5, 0), (5, 0)]


def test_locked_base_cannot_be_attacked() -> None:
    """While the lock shows more than 0 the base is closed even with an empty side."""
    state = build({1: "archer"}, {}, lock=1)
    assert "attack:1:base" not in codes(state)


def test_base_is_open_only_when_no_arrived_card_is_in_front() -> None:
    """Any arrived card (a wall too) closes the base; arriving cards do not."""
    state = build({1: "archer"}, {3: "wooden-wall"})
    assert "attack:1:base" not in codes(state)
    state = build({1: "archer"}, {3: slot("wooden-wall", arriving=True),
                                  4: slot("horse-archer", arriving=True)})
    assert "attack:1:base" in codes(state)


def test_base_falls_to_infantry_cavalry_and_dragon_in_one_turn() -> None:
    """Three classes hitting the base in the same turn win; marks show who hit."""
    state = build({1: "archer", 2: "horse-archer", 3: "dragon-archer+double"}, {})
    play(state, "attack:3:base")
    play(state, "attack:3:base")
    assert state.players[1].marks == ["dragon"] and state.winner is None
    play(state, "attack:1:base")
    assert state.players[1].marks == ["infantry", "dragon"]
    texts = play(state, "attack:2:base")
    assert GAME.outcome(state).winners == (0,) and state.reason == "base"
    assert texts[-1] == "{p1}'s base falls. {p0} wins!"
    assert GAME.to_play(state) == () and GAME.legal_actions(state, 0) == []


def test_base_hit_marks_reset_at_the_end_of_the_turn() -> None:
    """Two classes one turn and the third the next turn do not make the base fall."""
    state = build({1: "archer", 2: "horse-archer"}, {}, deck1=5)
    play(state, "attack:1:base")
    play(state, "attack:2:base")
    play(state, "end")
    assert state.players[1].marks == []


# -- spells -------------------------------------------------------------------------------------

def test_wisdom_lets_the_caster_choose_who_draws_three() -> None:
    """Wisdom: the chosen player draws 3; it is a checkpoint (no undo past it)."""
    state = build(hand0=["wisdom", "wisdom"], deck0=10, deck1=10)
    play(state, "cast:wisdom:1")
    assert len(state.players[1].hand) == 3 and len(state.players[1].deck) == 7
    assert "undo" not in codes(state)
    play(state, "cast:wisdom:0")
    assert len(state.players[0].hand) == 3 and len(state.players[0].deck) == 7


def test_wisdom_on_an_almost_empty_deck_draws_what_is_left() -> None:
    """Wisdom on a deck of 2 draws 2 and does not lose; the next turn-start draw then fails."""
    state = build(hand0=["wisdom"], deck1=2)
    texts = play(state, "cast:wisdom:1")
    assert len(state.players[1].hand) == 2 and state.players[1].deck == []
    assert state.winner is None
    assert "{p0} cast Wisdom: {p1} drew 2 cards." in texts
    play(state, "end")
    assert GAME.outcome(state).winners == (0,)


def test_recall_returns_a_unit_to_its_owners_hand_and_draws_one() -> None:
    """Recall takes a free unit (even arriving) back to hand; the caster draws 1."""
    state = build({}, {2: slot("horse-archer", arriving=True)}, hand0=["recall"])
    play(state, "cast:recall:1:2")
    assert card_at(state, 1, 2) is None and state.players[1].hand == ["horse-archer"]
    assert len(state.players[0].hand) == 1 and state.players[0].discard == ["recall"]
    assert state.players[1].discard == []


def test_recall_own_unit_may_be_played_again() -> None:
    """A recalled own unit returns to hand and may be played again right away."""
    state = build({1: "archer"}, hand0=["recall"])
    play(state, "cast:recall:0:1")
    assert "archer" in state.players[0].hand
    play(state, "play:archer:2")
    assert card_at(state, 0, 2) == "archer" and state.actions == 1


def test_recall_cannot_take_towers_or_walls() -> None:
    """Recall targets units only."""
    state = build({}, {1: "infantry-tower", 3: "wooden-wall"}, hand0=["recall"])
    assert not any(c.startswith("cast:recall") for c in codes(state))


def test_poison_kills_any_unit_even_arriving_or_protected() -> None:
    """Poison kills a unit in cover or arriving, on either side; not towers."""
    state = build({}, {1: slot("dragon-archer", arriving=True), 2: "stone-wall",
                       3: "cavalry-tower"}, hand0=["poison"])
    assert [c for c in codes(state) if c.startswith("cast:poison")] == ["cast:poison:1:1"]
    play(state, "cast:poison:1:1")
    assert card_at(state, 1, 1) is None


def test_bribery_sacrifices_own_unit_and_takes_an_enemy_unit() -> None:
    """Bribery: own unit to the discard, a free enemy unit arrives on the chosen own space."""
    state = build({1: "archer"}, {1: "dragon-swordsman+instant", 3: "pikeman", 4: "wooden-wall"},
                  hand0=["bribery"])
    brib = [c for c in codes(state) if c.startswith("cast:bribery")]
    assert "cast:bribery:1:3:1" not in brib  # the Pikeman is in cover
    assert "cast:bribery:1:1:4" in brib
    play(state, "cast:bribery:1:1:4")
    assert card_at(state, 0, 1) is None and state.players[0].discard == ["archer", "bribery"]
    taken = state.players[0].side[3]
    assert taken.card == "dragon-swordsman+instant" and taken.arriving and taken.bolt
    assert card_at(state, 1, 1) is None


def test_bribery_needs_a_unit_to_sacrifice() -> None:
    """Without an own unit Bribery cannot be cast."""
    state = build({1: "infantry-tower"}, {1: "pikeman"}, hand0=["bribery"])
    assert not any(c.startswith("cast:bribery") for c in codes(state))


def test_catapult_destroys_any_tower_or_wall() -> None:
    """Catapult destroys a tower or wall, even in cover or arriving."""
    state = build({}, {1: "infantry-tower", 2: "stone-wall", 4: "archer"}, hand0=["catapult"])
    assert [c for c in codes(state) if c.startswith("cast:catapult")] == [
        "cast:catapult:1:1", "cast:catapult:1:2"]
    play(state, "cast:catapult:1:2")
    assert card_at(state, 1, 2) is None


def test_spy_shows_the_top_three_to_the_caster_only() -> None:
    """Spy tells the caster the top 3 enemy cards, privately; it is a checkpoint."""
    state = build(hand0=["spy"])
    state.players[1].deck = ["swordsman", "archer", "pikeman", "horse-archer"]
    events = GAME.apply_code(state, 0, "cast:spy")
    private = [e for e in events if e.audience == (0,)]
    assert private and "Horse Archer, Pikeman, Archer" in private[0].text
    assert state.players[0].spied == ["horse-archer", "pikeman", "archer"]
    assert GAME.view(state, 0)["spied"] == ["horse-archer", "pikeman", "archer"]
    assert GAME.view(state, 1)["spied"] == [] and GAME.view(state, None)["spied"] is None
    assert "undo" not in codes(state)


def test_fire_rain_kills_every_unit_and_ends_the_turn() -> None:
    """Fire Rain: all units on both sides die, towers and walls stay, the turn passes."""
    state = build({1: "archer", 2: "infantry-tower"}, {1: "pikeman+armour", 2: "wooden-wall"},
                  hand0=["fire-rain", "poison"])
    play(state, "cast:fire-rain")
    assert [card_at(state, 0, i) for i in (1, 2)] == [None, "infantry-tower"]
    assert [card_at(state, 1, i) for i in (1, 2)] == [None, "wooden-wall"]
    assert state.current == 1 and GAME.legal_actions(state, 0) == []


def test_draw_two_units_draw_two_when_played() -> None:
    """A Draw Two unit draws its owner 2 cards when played (a checkpoint)."""
    state = build(hand0=["archer+draw2"], deck0=5)
    play(state, "play:archer+draw2:1")
    assert len(state.players[0].hand) == 2 and len(state.players[0].deck) == 3
    assert "undo" not in codes(state)


# -- undo ---------------------------------------------------------------------------------------

def test_undo_takes_back_actions_one_by_one() -> None:
    """Undo takes back the last action, repeatedly, back to the turn's start."""
    state = build({1: "archer"}, {1: "dragon-pikeman"}, hand0=["pikeman", "swordsman"])
    start = json.dumps([p.to_json() for p in state.players])
    play(state, "play:pikeman:2")
    mid = json.dumps([p.to_json() for p in state.players]), state.actions
    play(state, "move:1:3")
    play(state, "attack:3:1")
    play(state, "undo")
    assert card_at(state, 1, 1) == "dragon-pikeman" and card_at(state, 0, 3) == "archer"
    play(state, "undo")
    assert (json.dumps([p.to_json() for p in state.players]), state.actions) == mid
    play(state, "undo")
    assert json.dumps([p.to_json() for p in state.players]) == start and state.actions == 3
    assert "undo" not in codes(state)
    refused(state, "undo")


def test_undo_stops_at_the_last_draw_or_reveal() -> None:
    """After a draw (here the 2-action draw) the actions before it cannot be undone."""
    state = build(hand0=["pikeman"], actions=3)
    play(state, "play:pikeman:1")
    play(state, "draw")
    assert "undo" not in codes(state)
    state = build(hand0=["pikeman", "spy"])
    play(state, "play:pikeman:1")
    play(state, "cast:spy")
    assert "undo" not in codes(state)


def test_undo_is_not_offered_at_the_turn_start() -> None:
    """The turn-start draw is a checkpoint: a fresh turn has nothing to undo."""
    state = GAME.new_game(4, 2)
    assert "undo" not in codes(state)
    play(state, "end")
    assert "undo" not in codes(state)


def test_undo_replays_to_the_same_state_as_before() -> None:
    """Undoing the last of several actions gives the JSON of the state before it (counters aside)."""
    state = build({1: "archer", 2: "horse-archer"}, {1: "dragon-pikeman", 2: "horse-pikeman"},
                  hand0=["swordsman", "archer"])
    play(state, "play:swordsman:3")
    play(state, "bolt:3")
    before = state.core_json()
    play(state, "attack:2:1")
    play(state, "undo")
    after = state.core_json()
    assert after["recent"][-1] == "{p0} took back an action."
    after["recent"], before["recent"] = after["recent"][:-1], before["recent"]
    assert after == before


def test_rearranging_has_no_limit_a_rotation_of_six_by_five_swaps() -> None:
    """Six free cards rotate one space left by five swaps in one turn, and more moves follow."""
    cards = ["archer", "pikeman", "swordsman", "horse-archer", "horse-pikeman", "dragon-archer"]
    state = build(dict(enumerate(cards, start=1)))
    for k in range(1, 6):
        assert f"move:{k}:{k + 1}" in codes(state)
        play(state, f"move:{k}:{k + 1}")
    assert [card_at(state, 0, i) for i in range(1, 7)] == cards[1:] + cards[:1]
    assert state.actions == 3 and sum(c.startswith("move:") for c in codes(state)) == 30


def test_an_undone_move_gives_the_move_and_its_step_back() -> None:
    """Undoing a rearranging move restores the position, the step count and the choice list."""
    state = build({1: "archer", 2: "pikeman"}, hand0=["swordsman"])
    before, steps = codes(state), state.steps
    play(state, "move:1:3")
    assert state.steps == steps + 1
    play(state, "undo")
    assert card_at(state, 0, 1) == "archer" and card_at(state, 0, 3) is None
    assert state.steps == steps and codes(state) == before
    for k in range(rules.TURN_STEP_CAP):  # every step of the turn is still there to take
        play(state, f"move:{1 + k % 2}:{2 - k % 2}")
    assert codes(state) == ["undo", "end"]


def test_a_long_play_and_undo_run_keeps_every_choice() -> None:
    """60 play/undo pairs give back each card, action and step: the full choice list remains."""
    state = build({1: "archer"}, {1: "dragon-pikeman"}, hand0=["pikeman", "wisdom"])
    before = codes(state)
    for _ in range(60):
        play(state, "play:pikeman:2")
        play(state, "undo")
    assert codes(state) == before and state.actions == 3 and state.steps == 0
    assert state.players[0].hand == ["pikeman", "wisdom"]


def test_the_step_cap_counts_only_steps_not_undone() -> None:
    """After TURN_STEP_CAP steps not undone only Undo and End turn remain; Undo gives one back."""
    state = build({1: "archer"}, hand0=["pikeman"])
    for k in range(rules.TURN_STEP_CAP):
        play(state, f"move:{1 + k % 2}:{2 - k % 2}")
    assert codes(state) == ["undo", "end"]
    refused(state, "move:1:2")
    play(state, "undo")
    assert "play:pikeman:3" in codes(state) and "undo" in codes(state)


def test_the_undo_cap_only_withdraws_undo() -> None:
    """After UNDO_CAP undos in a turn Undo is no longer offered; every other choice stays."""
    state = build({1: "archer"}, hand0=["pikeman"])
    for _ in range(rules.UNDO_CAP):
        play(state, "play:pikeman:2")
        play(state, "undo")
    full = codes(state)
    play(state, "play:pikeman:2")
    assert "undo" not in codes(state) and GAME.view(state, 0)["can_undo"] is False
    refused(state, "undo")
    assert "play:pikeman:2" in full and "end" in full
    play(state, "end")
    play(state, "end")
    play(state, "move:2:3")
    assert "undo" in codes(state)  # a new turn has its own undos


def test_max_actions_bounds_the_longest_turns() -> None:
    """The longest turn (step, undo, ... until no undo is left, then step to the cap, then End)
    holds exactly MAX_TURN_ACTIONS actions: TURN_STEP_CAP + 2 x UNDO_CAP + 1."""
    assert GAME.info.max_actions == rules.MAX_TURNS * rules.MAX_TURN_ACTIONS
    state = build({1: "archer"}, hand0=["pikeman"])
    taken = 0
    while True:
        legal = codes(state)
        steps = [c for c in legal if c not in ("undo", "end")]
        if "undo" in legal and (taken % 2 or not steps):
            code = "undo"
        else:
            code = steps[0] if steps else "end"
        play(state, code)
        taken += 1
        if code == "end":
            break
    assert state.current == 1 and taken == rules.MAX_TURN_ACTIONS


# -- turn order and refusals --------------------------------------------------------------------

def test_off_turn_actions_are_refused() -> None:
    """The player not on turn has no actions and is refused, changing nothing."""
    state = build({1: "archer"})
    assert GAME.legal_actions(state, 1) == []
    before = dumps(state)
    with pytest.raises(NotYourTurn):
        play(state, "end", seat=1)
    assert dumps(state) == before


def test_is_legal_agrees_with_legal_actions() -> None:
    """The fast legality check in apply agrees with the listed actions on random positions."""
    game_rng = random.Random(3)
    probes = [A.decode(c) for c in ("draw", "undo", "end", "attack:1:base", "move:1:6",
                                    "play:archer:1", "cast:wisdom:0", "bolt:2", "cast:spy")]
    for seed in range(6):
        state = GAME.new_game(seed, 2)
        for _ in range(300):
            if state.winner is not None:
                break
            legal = GAME.legal_actions(state, state.current)
            all_codes = {a.encode() for a in legal}
            for a in legal + probes + [A.attack(i, j) for i in range(6) for j in range(-1, 6)]:
                assert rules.is_legal(state, state.current, a) == (a.encode() in all_codes), a
            GAME.apply(state, state.current, game_rng.choice(legal))


# -- labels -------------------------------------------------------------------------------------

def test_labels_read_as_menus_without_codes() -> None:
    """Label paths name cards and spaces; attacks list only legal targets."""
    state = build({1: "horse-archer", 2: "archer"}, {4: "dragon-pikeman", 5: "pikeman"},
                  hand0=["horse-archer", "wisdom"])
    labels = {a.encode(): GAME.label(state, a) for a in GAME.legal_actions(state, 0)}
    assert labels["attack:1:4"] == ("Attack", "Horse Archer (space 1)", "Dragon Pikeman (space 4)")
    assert "attack:1:5" not in labels
    assert labels["play:horse-archer:3"] == ("Play", "Horse Archer", "Space 3")
    assert labels["cast:wisdom:1"] == ("Cast", "Wisdom", "{p1} draws 3")
    assert labels["move:1:3"] == ("Move", "Horse Archer (space 1)", "Space 3")
    assert labels["move:1:2"] == ("Move", "Horse Archer (space 1)", "Space 2 (swap with Archer)")
    assert labels["end"] == ("End turn",)
    assert len(set(labels.values())) == len(labels)
    play(state, "play:horse-archer:3")
    assert GAME.label(state, A.UNDO) == ("Undo",)
    assert GAME.label(state, A.bolt(2)) == ("Bolt", "Horse Archer (space 3)")


def test_label_paths_are_unique_in_random_positions() -> None:
    """No two legal actions share a label path."""
    rng = random.Random(9)
    state = GAME.new_game(9, 2)
    for _ in range(400):
        if state.winner is not None:
            break
        legal = GAME.legal_actions(state, state.current)
        labels = [GAME.label(state, a) for a in legal]
        assert len(set(labels)) == len(labels)
        GAME.apply(state, state.current, rng.choice(legal))


# -- hidden information -------------------------------------------------------------------------

def test_hidden_information_stays_hidden() -> None:
    """Other hands never show in views, the text board or the public PNG."""
    from renderers import drakones as renderer

    rng = random.Random(2)
    state = GAME.new_game(2, 2)
    for step in range(120):
        if state.winner is not None:
            break
        for seat in (0, 1):
            other = state.players[1 - seat].hand
            view = GAME.view(state, seat)
            assert view["players"][1 - seat]["hand"] == len(other)
            assert view["hand"] == sorted(state.players[seat].hand)
            assert isinstance(view["players"][1 - seat]["deck"], int)
            assert view["spied"] == state.players[seat].spied
        public = GAME.view(state, None)
        assert public["hand"] is None
        json.dumps(public)
        text = GAME.text(public, ["A", "B"])
        assert "Hand:" not in text
        if step % 30 == 0:
            png = renderer.render_board(public, names=["A", "B"])
            shuffled = GAME.shuffle_hidden(state, None, step)
            assert renderer.render_board(GAME.view(shuffled, None), names=["A", "B"]) == png
            assert GAME.view(shuffled, 0) != GAME.view(state, 0) or not state.players[1].hand
        GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))


def test_view_leaves_turn_and_outcome_to_the_header() -> None:
    """Who plays, who won and why live in the header only; the board text reads them there."""
    state = build({1: "archer", 2: "horse-archer", 3: "dragon-archer"}, {})
    view = GAME.view(state, 0)
    for key in ("game", "seat", "to_play", "over", "current", "active", "winner", "reason"):
        assert key not in view
    assert view["header"]["active"] == 0 and "A to play, 3 actions left." in GAME.text(view, "AB")
    for code in ("attack:1:base", "attack:2:base", "attack:3:base"):
        play(state, code)
    head = GAME.view(state, None)["header"]
    assert head["over"] and head["winners"] == [0] and head["termination"] == "base"
    assert "Game over: A wins (a base fell)." in GAME.text(GAME.view(state, None), "AB")


def test_ai_picks_legal_actions_from_its_view_only() -> None:
    """The AI returns one of the offered actions and ends its turns."""
    state = GAME.new_game(11, 2)
    for _ in range(200):
        if state.winner is not None:
            break
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        action = ENTRY.ai(GAME.view(state, seat), legal, 0)
        assert action in legal
        GAME.apply(state, seat, action)


def test_poison_and_catapult_may_target_own_cards() -> None:
    """'Any unit' and 'any tower or wall' include the caster's own cards."""
    state = build({1: "archer", 2: "wooden-wall"}, {}, hand0=["poison", "catapult"])
    assert "cast:poison:0:1" in codes(state) and "cast:catapult:0:2" in codes(state)


def test_a_bribed_unit_may_be_ignited() -> None:
    """A unit taken with Bribery came onto the side this turn, so it may be ignited."""
    state = build({1: "archer"}, {3: "pikeman"}, hand0=["bribery"])
    play(state, "cast:bribery:1:3:2")
    assert "bolt:2" in codes(state)


def test_spy_knowledge_lasts_until_the_casters_next_turn() -> None:
    """The spied cards stay in the caster's view through the enemy turn, then clear."""
    state = build(hand0=["spy"], deck0=5, deck1=5)
    play(state, "cast:spy")
    play(state, "end")
    assert len(GAME.view(state, 0)["spied"]) == 3
    play(state, "end")
    assert GAME.view(state, 0)["spied"] == []


def test_walls_move_and_cards_may_move_into_cover() -> None:
    """A wall moves freely; a unit moved next to it is then in cover."""
    state = build({1: "wooden-wall", 4: "archer"})
    play(state, "move:1:5")
    assert rules.in_cover(state.players[0].side, 3)
    assert not any(c.startswith("move:4:") for c in codes(state))


def test_a_winning_hit_cannot_be_undone() -> None:
    """The base falling ends the game: nothing, not even undo, is offered."""
    state = build({1: "archer", 2: "horse-archer", 3: "dragon-archer"}, {})
    for code in ("attack:1:base", "attack:2:base", "attack:3:base"):
        play(state, code)
    assert GAME.legal_actions(state, 0) == [] and GAME.view(state, 0)["can_undo"] is False


def _ai_game(seed: int, opponent: str) -> bool:
    from games.drakones import greedy

    state = GAME.new_game(seed, 2)
    ai_seat = seed % 2
    rng = random.Random(seed)
    while True:
        if state.winner is not None:
            return state.winner == ai_seat
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        if seat == ai_seat:
            action = ENTRY.ai(view, legal, seed)
        elif opponent == "random":
            action = rng.choice(legal)
        else:
            action = greedy.choose(view, legal)
        GAME.apply(state, seat, action)


def test_ai_beats_random_and_greedy_players() -> None:
    """A few seeded games: the AI wins nearly all against random and most against greedy."""
    assert sum(_ai_game(seed, "random") for seed in range(6)) >= 5
    assert sum(_ai_game(seed, "greedy") for seed in range(6)) >= 4


def test_from_json_names_what_it_expected() -> None:
    """Malformed state data raises ValueError, not a stray KeyError or TypeError."""
    for bad in ({}, {"players": 3}, {**GAME.to_json(GAME.new_game(1, 2)), "players": [{}, {}]},
                {**GAME.to_json(GAME.new_game(1, 2)), "turn": None}):
        with pytest.raises(ValueError):
            GAME.from_json(bad)


def test_is_legal_agrees_on_every_spell_target() -> None:
    """With every spell in hand, each possible cast code is legal exactly when it is listed."""
    casts = [A.cast(s, (p,)) for s in ("wisdom",) for p in (0, 1)]
    casts += [A.cast("spy"), A.cast("fire-rain")]
    casts += [A.cast(s, (p, j)) for s in ("recall", "poison", "catapult") for p in (0, 1)
              for j in range(6)]
    casts += [A.cast("bribery", (i, j, d)) for i in range(6) for j in range(6) for d in range(6)]
    rng = random.Random(5)
    for seed in range(3):
        state = GAME.new_game(seed, 2)
        for step in range(250):
            if state.winner is not None:
                break
            if step % 5 == 0:
                probe = state.clone()
                probe.players[probe.current].hand += ["wisdom", "spy", "fire-rain", "recall",
                                                      "poison", "catapult", "bribery"]
                probe.actions = max(probe.actions, 1)
                listed = {a.encode() for a in rules.legal(probe, probe.current)}
                for a in casts:
                    assert rules.is_legal(probe, probe.current, a) == (a.encode() in listed), a
            GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
