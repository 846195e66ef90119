"""Drachenherz rules, one test per line of seed 003 and rules/drachenherz.md, from built positions."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import games
from games.core import BadActionCode, GameOver, IllegalAction, NotYourTurn, header
from games.drachenherz.actions import Choose, Play, decode
from games.drachenherz.cards import (
    CARD_TYPE,
    CARD_VALUE,
    DATA_FILE,
    DWARF,
    TOTAL_VALUE,
    TYPE_INDEX,
    TYPE_KEYS,
)
from games.drachenherz.state import DhState
from tests.drachenherz_build import build

GAME = games.get("drachenherz")


def dumps(state: DhState) -> str:
    return json.dumps(GAME.to_json(state), sort_keys=True)


def names(cards: list[int]) -> list[str]:
    """Returns "type value" names, sorted, for comparing card lists."""
    return sorted(f"{TYPE_KEYS[CARD_TYPE[c]]} {CARD_VALUE[c]}" for c in cards)


def space(state: DhState, key: str) -> list[int]:
    return [CARD_VALUE[c] for c in state.spaces[TYPE_INDEX[key]]]


def play(state: DhState, code: str, seat: int | None = None) -> list:
    return GAME.apply_code(state, state.current if seat is None else seat, code)


def refused(state: DhState, seat: int, code: str, error: type[Exception] = IllegalAction) -> str:
    """Asserts that the code is refused with `error` and that the state JSON is unchanged."""
    before = dumps(state)
    with pytest.raises(error) as info:
        GAME.apply_code(state, seat, code)
    assert dumps(state) == before
    return str(info.value)


# -- cards and setup ------------------------------------------------------------------------------


def test_each_deck_holds_the_fifty_cards_of_the_distribution_table() -> None:
    """Both decks hold the rulings' table: counts and values per type, 50 cards each."""
    table = json.loads(DATA_FILE.read_text())
    expected = {t["key"]: sorted(t["values"]) for t in table["types"]}
    assert expected == {
        "chest": [1, 1, 2, 2, 3, 3, 4], "fire": [2, 3, 3, 4], "slayer": [1, 1, 1, 2, 2],
        "stone": [2, 2, 2, 2, 2], "princess": [1, 1, 2, 2], "hero": [1, 1, 1, 1, 2],
        "troll": [1, 2, 3], "dwarf": [1, 1, 1, 1, 1, 1, 2, 2, 2, 3], "ship": [0] * 7}
    for seat in (0, 1):
        ids = range(seat * 50, seat * 50 + 50)
        got: dict[str, list[int]] = {}
        for c in ids:
            got.setdefault(TYPE_KEYS[CARD_TYPE[c]], []).append(CARD_VALUE[c])
        assert {k: sorted(v) for k, v in got.items()} == expected
    assert TOTAL_VALUE == 156


def test_score_bounds_are_zero_to_all_card_values_plus_three() -> None:
    """A seat scores between 0 and both decks' points plus the dragon's 3 (159)."""
    assert (GAME.info.score_min, GAME.info.score_max) == (0, 159)


def test_new_game_deals_five_cards_each_from_own_deck() -> None:
    """Each player starts with five cards from their own 50-card deck."""
    state = GAME.new_game(3, 2)
    for seat in (0, 1):
        assert len(state.hands[seat]) == 5 and len(state.decks[seat]) == 45
        assert all(seat * 50 <= c < seat * 50 + 50 for c in state.hands[seat])
    assert state.turn == 0 and state.dragon is None and state.departures == 0


def test_starting_player_is_drawn_with_the_rng() -> None:
    """The first player comes from the seeded RNG: fixed per seed, both seats occur."""
    firsts = {GAME.new_game(seed, 2).first for seed in range(20)}
    assert firsts == {0, 1}
    for seed in range(5):
        a, b = GAME.new_game(seed, 2), GAME.new_game(seed, 2)
        assert a.first == b.first == a.current
        assert dumps(a) == dumps(b)


def test_only_two_players_and_no_options() -> None:
    """Drachenherz is for exactly two and takes no options."""
    for n in (1, 3):
        with pytest.raises(ValueError):
            GAME.new_game(1, n)
    with pytest.raises(ValueError):
        GAME.new_game(1, 2, {"mat": "x"})


# -- playing cards --------------------------------------------------------------------------------


def test_a_play_is_one_or_more_cards_of_one_type() -> None:
    """Legal plays are every count of each type held, each a single type, values named."""
    state = build(hands=("chest 1, chest 3, chest 3, troll 2, ship 0", ""))
    codes = [a.encode() for a in GAME.legal_actions(state, 0)]
    assert codes == ["play:chest:1", "play:chest:3", "play:chest:1.3", "play:chest:3.3",
                     "play:chest:1.3.3", "play:troll:2", "play:ship:0"]


def test_mixed_types_in_one_play_are_refused_and_change_nothing() -> None:
    """A play mixing types cannot be expressed: the code is refused and nothing changes."""
    state = build(hands=("dwarf 1, ship 0", ""))
    refused(state, 0, "play:dwarf+ship:1.0", BadActionCode)
    refused(state, 0, "play:dwarf:1,ship:0", BadActionCode)
    with pytest.raises(BadActionCode):
        decode("play:dwarf:")


def test_cards_not_held_are_refused() -> None:
    """Playing a value you do not hold is refused with the reason, state unchanged."""
    state = build(hands=("dwarf 1, dwarf 1", ""))
    assert "do not hold" in refused(state, 0, "play:dwarf:3")
    assert "do not hold" in refused(state, 0, "play:dwarf:1.1.1")


def test_stacking_space_takes_any_number_of_cards() -> None:
    """Treasure chests stack without limit: four more on top of four."""
    state = build(hands=("chest 1, chest 1, chest 2, chest 2, troll 1", ""),
                  spaces={"chest": "chest 3, chest 3, chest 4, chest 2"})
    play(state, "play:chest:1.1.2.2")
    assert space(state, "chest") == [3, 3, 4, 2, 1, 1, 2, 2]
    assert state.piles == [[], []]


def test_fixed_space_play_may_not_exceed_free_slots() -> None:
    """Three dwarves on the space: only one more may be played; two are refused unchanged."""
    state = build(hands=("dwarf 1, dwarf 2, troll 1", ""),
                  spaces={"dwarf": "dwarf 1, dwarf 1, dwarf 1"})
    dwarf_codes = [a.encode() for a in GAME.legal_actions(state, 0) if a.kind == DWARF]
    assert dwarf_codes == ["play:dwarf:1", "play:dwarf:2"]
    msg = refused(state, 0, "play:dwarf:1.2")
    assert "only 1 free slot" in msg


def test_fixed_space_limits_are_slayer_3_hero_2_dwarf_4_ship_3() -> None:
    """On empty fixed spaces a hand of many cards can play at most the slot count."""
    state = build(hands=("hero 1, hero 1, hero 1, ship 0, ship 0, ship 0, ship 0", ""))
    top = {}
    for a in GAME.legal_actions(state, 0):
        top[TYPE_KEYS[a.kind]] = max(top.get(TYPE_KEYS[a.kind], 0), len(a.values))
    assert top == {"hero": 2, "ship": 3}
    state = build(hands=("slayer 1, slayer 1, slayer 1, slayer 2, dwarf 1, dwarf 1, dwarf 1, "
                         "dwarf 1, dwarf 2", ""))
    top = {}
    for a in GAME.legal_actions(state, 0):
        top[TYPE_KEYS[a.kind]] = max(top.get(TYPE_KEYS[a.kind], 0), len(a.values))
    assert top == {"slayer": 3, "dwarf": 4}


def test_fixed_space_action_fires_only_when_last_slot_fills() -> None:
    """Two dwarves on an empty space do nothing; the turn passes, the dwarves stay."""
    state = build(hands=("dwarf 1, dwarf 3, troll 1", "ship 0"))
    play(state, "play:dwarf:1.3")
    assert space(state, "dwarf") == [1, 3]
    assert state.piles == [[], []] and state.current == 1


def test_treasure_chest_does_nothing() -> None:
    """Playing treasure chests takes nothing."""
    state = build(hands=("chest 4", "ship 0"), spaces={"stone": "stone 2"})
    play(state, "play:chest:4")
    assert space(state, "chest") == [4] and state.piles == [[], []]


def test_fire_dragon_takes_all_treasure_chests() -> None:
    """A fire dragon takes every chest; it stays on its space."""
    state = build(hands=("fire 3", "ship 0"), spaces={"chest": "chest 1, chest 4, chest 2"})
    play(state, "play:fire:3")
    assert names(state.piles[0]) == ["chest 1", "chest 2", "chest 4"]
    assert space(state, "chest") == [] and space(state, "fire") == [3]


def test_every_fire_dragon_play_takes_the_chests() -> None:
    """With fire dragons already on the board, a new one still takes the chests."""
    state = build(hands=("fire 2", "ship 0"), spaces={"fire": "fire 4, fire 3",
                                                     "chest": "chest 3"})
    play(state, "play:fire:2")
    assert names(state.piles[0]) == ["chest 3"] and space(state, "fire") == [4, 3, 2]


def test_dragon_slayers_do_nothing_before_the_third() -> None:
    """One and two dragon slayers leave the fire dragons alone."""
    state = build(hands=("slayer 1, slayer 2", "ship 0"), spaces={"fire": "fire 4"})
    play(state, "play:slayer:1.2")
    assert space(state, "slayer") == [1, 2] and space(state, "fire") == [4]
    assert state.collection == []


def test_third_dragon_slayer_takes_fire_dragons_and_slayers_go_to_collection() -> None:
    """The third slayer takes every fire dragon; the three slayers go to the collection area."""
    state = build(hands=("slayer 2", "ship 0"), spaces={"slayer": "slayer 1, slayer 1",
                                                       "fire": "fire 4, fire 3"},
                  collection="hero 1, hero 1")
    play(state, "play:slayer:2")
    assert names(state.piles[0]) == ["fire 3", "fire 4"]
    assert space(state, "slayer") == [] and space(state, "fire") == []
    assert names(state.collection) == ["hero 1", "hero 1", "slayer 1", "slayer 1", "slayer 2"]


def test_stone_dragon_does_nothing() -> None:
    """Stone dragons just stack."""
    state = build(hands=("stone 2, stone 2", "ship 0"), spaces={"stone": "stone 2"})
    play(state, "play:stone:2.2")
    assert space(state, "stone") == [2, 2, 2] and state.piles == [[], []]


def test_princess_opens_a_choice_for_the_same_player_before_refill() -> None:
    """After a princess the player owes a choice of two stacks; the hand is not yet refilled."""
    state = build(hands=("princess 1, dwarf 1, dwarf 1, dwarf 1, dwarf 1", "ship 0"))
    play(state, "play:princess:1")
    assert state.stage == "princess" and GAME.to_play(state) == (0,)
    assert [a.encode() for a in GAME.legal_actions(state, 0)] == ["choose:chests",
                                                                  "choose:stone"]
    assert GAME.legal_actions(state, 1) == []
    assert len(state.hands[0]) == 4


def test_princess_takes_all_treasure_chests() -> None:
    """Choosing the chests takes them all and leaves the stone dragons; then the hand refills."""
    state = build(hands=("princess 2", "ship 0"), spaces={"chest": "chest 3, chest 4",
                                                         "stone": "stone 2"})
    play(state, "play:princess:2")
    play(state, "choose:chests")
    assert names(state.piles[0]) == ["chest 3", "chest 4"]
    assert space(state, "stone") == [2] and space(state, "princess") == [2]
    assert state.dragon is None and len(state.hands[0]) == 5 and state.current == 1


def test_princess_takes_stone_dragons_and_the_dragon_figure() -> None:
    """Choosing the stone dragons takes them and gives the first taker the figure (6 cards)."""
    state = build(hands=("princess 1", "ship 0"), spaces={"chest": "chest 3",
                                                         "stone": "stone 2, stone 2"})
    play(state, "play:princess:1")
    play(state, "choose:stone")
    assert names(state.piles[0]) == ["stone 2", "stone 2"] and space(state, "chest") == [3]
    assert state.dragon == 0 and len(state.hands[0]) == 6 and len(state.hands[1]) == 1


def test_several_princesses_still_take_only_one_stack() -> None:
    """Three princesses in one play still take one stack."""
    state = build(hands=("princess 1, princess 1, princess 2", "ship 0"),
                  spaces={"chest": "chest 3", "stone": "stone 2"})
    play(state, "play:princess:1.1.2")
    assert len(GAME.legal_actions(state, 0)) == 2
    play(state, "choose:stone")
    assert names(state.piles[0]) == ["stone 2"] and space(state, "chest") == [3]
    assert space(state, "princess") == [1, 1, 2]


def test_empty_stack_is_still_a_legal_choice_and_takes_nothing() -> None:
    """With no stone dragons, choosing them is legal, takes nothing and gives no dragon figure."""
    state = build(hands=("princess 1", "ship 0"), spaces={"chest": "chest 3"})
    play(state, "play:princess:1")
    play(state, "choose:stone")
    assert state.piles == [[], []] and state.dragon is None and space(state, "chest") == [3]


def test_choice_refusals_change_nothing() -> None:
    """During the choice, plays and the wrong stacks are refused; choices outside it too."""
    state = build(hands=("princess 1, dwarf 1", "ship 0"))
    refused(state, 0, "choose:stone")
    play(state, "play:princess:1")
    assert "takes a stack first" in refused(state, 0, "play:dwarf:1")
    refused(state, 0, "choose:trolls")
    refused(state, 1, "choose:chests", NotYourTurn)


def test_troll_takes_all_princesses() -> None:
    """A troll takes every princess; it stays on its space."""
    state = build(hands=("troll 3", "ship 0"), spaces={"princess": "princess 1, princess 2"})
    play(state, "play:troll:3")
    assert names(state.piles[0]) == ["princess 1", "princess 2"]
    assert space(state, "princess") == [] and space(state, "troll") == [3]


def test_first_hero_does_nothing() -> None:
    """One hero waits on its space for the second."""
    state = build(hands=("hero 1", "ship 0"), spaces={"troll": "troll 2"})
    play(state, "play:hero:1")
    assert space(state, "hero") == [1] and state.stage == "play" and state.current == 1


def test_second_hero_takes_princesses_by_choice_and_heroes_go_to_collection() -> None:
    """Filling the hero pair offers princesses or trolls; the heroes go to the collection area."""
    state = build(hands=("hero 2", "ship 0"), spaces={"hero": "hero 1",
                                                     "princess": "princess 2",
                                                     "troll": "troll 1, troll 3"})
    play(state, "play:hero:2")
    assert state.stage == "hero" and GAME.to_play(state) == (0,)
    assert names(state.collection) == ["hero 1", "hero 2"] and space(state, "hero") == []
    assert [a.encode() for a in GAME.legal_actions(state, 0)] == ["choose:princesses",
                                                                  "choose:trolls"]
    play(state, "choose:princesses")
    assert names(state.piles[0]) == ["princess 2"] and space(state, "troll") == [1, 3]


def test_second_hero_can_take_the_trolls() -> None:
    """The hero pair's other option takes every troll."""
    state = build(hands=("hero 1, hero 1", "ship 0"), spaces={"princess": "princess 2",
                                                             "troll": "troll 1, troll 3"})
    play(state, "play:hero:1.1")
    play(state, "choose:trolls")
    assert names(state.piles[0]) == ["troll 1", "troll 3"] and space(state, "princess") == [2]


def test_fourth_dwarf_takes_all_four_dwarves() -> None:
    """The player who fills the fourth dwarf slot takes the four dwarves, whoever played them."""
    state = build(hands=("dwarf 3, dwarf 2", "ship 0"), spaces={"dwarf": "dwarf 1, dwarf 1"})
    play(state, "play:dwarf:2.3")
    assert names(state.piles[0]) == ["dwarf 1", "dwarf 1", "dwarf 2", "dwarf 3"]
    assert space(state, "dwarf") == []


def test_third_ship_takes_the_collection_area_and_departs() -> None:
    """Three ships take every card in the collection area and count one departure."""
    state = build(hands=("ship 0", "ship 0"), spaces={"ship": "ship 0, ship 0"},
                  collection="hero 1, hero 2, slayer 1, slayer 1, slayer 2")
    play(state, "play:ship:0")
    assert names(state.piles[0]) == ["hero 1", "hero 2", "slayer 1", "slayer 1", "slayer 2"]
    assert state.collection == [] and space(state, "ship") == [] and state.departures == 1
    assert GAME.view(state, None)["departures"] == 1


def test_ships_before_the_third_do_nothing() -> None:
    """One or two ships wait; the collection area stays."""
    state = build(hands=("ship 0, ship 0", "ship 0"), collection="hero 1, hero 1")
    play(state, "play:ship:0.0")
    assert space(state, "ship") == [0, 0] and len(state.collection) == 2
    assert state.departures == 0


def test_collected_cards_go_to_the_collecting_player_whoever_played_them() -> None:
    """Cards from the other player's deck taken by seat 1 land in seat 1's pile."""
    state = build(hands=("ship 0", "troll 1"), current=1,
                  spaces={"princess": "princess 2, princess 1"})
    for c in state.spaces[TYPE_INDEX["princess"]]:
        assert c < 50  # both princesses are seat 0's cards
    play(state, "play:troll:1")
    assert names(state.piles[1]) == ["princess 1", "princess 2"] and state.piles[0] == []


# -- the hand -------------------------------------------------------------------------------------


def test_hand_refills_to_five_from_own_deck() -> None:
    """After playing two cards the player draws two from their own deck, the last card first."""
    state = build(hands=("dwarf 1, dwarf 1, troll 1, troll 2, troll 3", "ship 0"),
                  decks=("chest 1, chest 2, chest 3", "chest 4"))
    play(state, "play:dwarf:1.1")
    assert names(state.hands[0]) == ["chest 2", "chest 3", "troll 1", "troll 2", "troll 3"]
    assert names(state.decks[0]) == ["chest 1"] and names(state.decks[1]) == ["chest 4"]


def test_hand_refills_only_while_the_deck_has_cards() -> None:
    """A deck of one card refills only one of three slots."""
    state = build(hands=("dwarf 1, dwarf 1, dwarf 1", "ship 0"), decks=("chest 1", "chest 4"))
    play(state, "play:dwarf:1.1.1")
    assert names(state.hands[0]) == ["chest 1"] and state.decks[0] == []


def test_dragon_holder_refills_to_six() -> None:
    """The dragon holder holds six cards after refilling."""
    state = build(hands=("dwarf 1", "ship 0"), dragon=0, decks=(10, 10))
    play(state, "play:dwarf:1")
    assert len(state.hands[0]) == 6


# -- the dragon figure ----------------------------------------------------------------------------


def test_dragon_passes_with_a_random_card_from_the_previous_holder() -> None:
    """Taking stone dragons from the holder moves the figure and one random card of theirs."""
    before = ["dwarf 3", "fire 4", "hero 2", "troll 1", "troll 2", "troll 3"]
    state = build(hands=("princess 1", ", ".join(before)), dragon=1,
                  spaces={"stone": "stone 2"}, decks=(0, 10))
    play(state, "play:princess:1")
    play(state, "choose:stone")
    assert state.dragon == 0 and names(state.piles[0]) == ["stone 2"]
    assert len(state.hands[0]) == 1 and len(state.hands[1]) == 5
    assert sorted(names(state.hands[0]) + names(state.hands[1])) == before


def test_dragon_card_transfer_uses_the_state_rng() -> None:
    """Which card passes depends only on the seeded RNG in the state; the owners see which."""
    picked = set()
    for seed in range(12):
        state = build(hands=("princess 1", "chest 1, chest 2, chest 3, chest 4, troll 1, troll 2"),
                      dragon=1, spaces={"stone": "stone 2"}, decks=(0, 10), seed=seed)
        twin = build(hands=("princess 1", "chest 1, chest 2, chest 3, chest 4, troll 1, troll 2"),
                     dragon=1, spaces={"stone": "stone 2"}, decks=(0, 10), seed=seed)
        play(state, "play:princess:1")
        play(twin, "play:princess:1")
        events = play(state, "choose:stone")
        play(twin, "choose:stone")
        assert dumps(state) == dumps(twin)
        (card,) = names(state.hands[0])
        picked.add(card)
        private = [e for e in events if e.audience is not None and "passed" in e.text]
        assert private and private[0].audience == (1, 0)
        assert card.split()[1] in private[0].text
    assert len(picked) > 2


def test_first_dragon_taker_gets_no_card() -> None:
    """The first holder takes the figure from nobody, so no card moves."""
    state = build(hands=("princess 1, dwarf 1", "ship 0, ship 0"), spaces={"stone": "stone 2"},
                  decks=(0, 0))
    play(state, "play:princess:1")
    play(state, "choose:stone")
    assert state.dragon == 0 and names(state.hands[0]) == ["dwarf 1"]
    assert names(state.hands[1]) == ["ship 0", "ship 0"]


def test_holder_taking_stone_dragons_again_keeps_the_figure_without_a_card() -> None:
    """The holder taking stone dragons again moves no card."""
    state = build(hands=("princess 1", "ship 0, ship 0"), spaces={"stone": "stone 2"},
                  dragon=0, decks=(0, 0))
    play(state, "play:princess:1")
    play(state, "choose:stone")
    assert state.dragon == 0 and state.hands[0] == [] and len(state.hands[1]) == 2


def test_dragon_figure_is_worth_three_points_at_the_end() -> None:
    """The final score adds 3 for the holder."""
    state = build(piles=("dwarf 3, troll 2", "chest 4"), dragon=1, stage="over")
    assert (GAME.score(state, 0), GAME.score(state, 1)) == (5, 7)


# -- the end --------------------------------------------------------------------------------------


def test_third_departure_gives_the_other_player_one_last_turn() -> None:
    """After the third departure the other player plays once more, then the game ends."""
    state = build(hands=("ship 0, dwarf 1", "troll 1, troll 2"), spaces={"ship": "ship 0, ship 0"},
                  departures=2, turn=30, collection="hero 2, hero 1")
    play(state, "play:ship:0")
    assert state.departures == 3 and state.last_turn == 31
    assert GAME.to_play(state) == (1,) and GAME.view(state, None)["last_turn"] is True
    play(state, "play:troll:1")
    assert GAME.to_play(state) == () and state.stage == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "{p0} wins 3 to 0 after the third ship departure."
    with pytest.raises(GameOver):
        GAME.apply_code(state, 0, "play:dwarf:1")


def test_used_up_deck_ends_after_that_players_next_turn_then_the_other_plays_last() -> None:
    """Deck empty after turn t: the other plays t+1, the player t+2, the other t+3, then the end."""
    state = build(hands=("dwarf 1, dwarf 1, dwarf 1", "troll 1, troll 1, troll 2, troll 3"),
                  decks=("chest 1", 10), turn=40)
    play(state, "play:dwarf:1")  # turn 40: seat 0 draws its last card
    assert state.decks[0] == [] and state.last_turn == 43 and state.end_cause == "deck"
    play(state, "play:troll:1")  # 41
    play(state, "play:dwarf:1")  # 42, seat 0's next turn
    assert GAME.to_play(state) == (1,) and GAME.view(state, 1)["last_turn"] is True
    play(state, "play:troll:1")  # 43, seat 1's last turn
    assert state.stage == "over" and GAME.legal_actions(state, 0) == []
    assert GAME.outcome(state).reason.endswith("after {p0}'s deck ran out.")


def test_earlier_last_turn_counts_when_both_end_conditions_are_met() -> None:
    """A third departure after a deck ran out can only bring the end forward."""
    state = build(hands=("ship 0, dwarf 1", "troll 1"), spaces={"ship": "ship 0, ship 0"},
                  departures=2, turn=10, last_turn=12, end_cause="deck", end_seat=1,
                  decks=(5, 0))
    play(state, "play:ship:0")
    assert state.last_turn == 11 and state.end_cause == "ships"
    state = build(hands=("ship 0, dwarf 1", "troll 1"), spaces={"ship": "ship 0, ship 0"},
                  departures=2, turn=10, last_turn=10, end_cause="deck", end_seat=1,
                  decks=(5, 0))
    play(state, "play:ship:0")
    assert state.stage == "over" and state.end_cause == "deck"


def test_player_with_an_empty_hand_passes() -> None:
    """With no cards left (deck empty, last card lost to the dragon) the turn passes."""
    state = build(hands=("princess 1, dwarf 1", "chest 4"), dragon=1, spaces={"stone": "stone 2"},
                  decks=(5, 0), turn=20, last_turn=23, end_cause="deck", end_seat=1)
    play(state, "play:princess:1")
    events = play(state, "choose:stone")
    assert state.hands[1] == [] and state.current == 0 and state.turn == 22
    assert any("passes" in e.text for e in events)


# -- scoring --------------------------------------------------------------------------------------


def test_higher_score_wins() -> None:
    """The most points wins, dragon bonus included."""
    state = build(piles=("dwarf 3, troll 2", "chest 4"), dragon=1, stage="over",
                  end_cause="ships", end_seat=0)
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.reason == "{p1} wins 7 to 5 after the third ship departure."


def test_tie_goes_to_the_dragon_holder() -> None:
    """On equal scores the dragon holder wins."""
    state = build(piles=("dwarf 3, troll 3, dwarf 1", "chest 4"), dragon=1, stage="over",
                  end_cause="ships", end_seat=0)
    outcome = GAME.outcome(state)
    assert (GAME.score(state, 0), GAME.score(state, 1)) == (7, 7)
    assert outcome.winners == (1,)
    assert outcome.reason == ("Tied at 7; {p1} holds the dragon figure and wins the tie after the "
                              "third ship departure.")


def test_tie_without_a_dragon_holder_is_a_draw() -> None:
    """On equal scores with no holder the game is drawn."""
    state = build(piles=("dwarf 3", "troll 3"), stage="over", end_cause="deck", end_seat=1)
    outcome = GAME.outcome(state)
    assert outcome.is_draw
    assert outcome.reason == "Tied at 3 with no dragon holder: a draw after {p1}'s deck ran out."


# -- refusals, labels, views ----------------------------------------------------------------------


def test_not_your_turn_is_refused_and_changes_nothing() -> None:
    """The seat not to play is refused with NotYourTurn."""
    state = build(hands=("dwarf 1", "dwarf 1"))
    assert "not your turn" in refused(state, 1, "play:dwarf:1", NotYourTurn)
    refused(state, 0, "choose:stone")
    refused(state, 0, "garbage", BadActionCode)


def test_labels_read_as_menu_paths() -> None:
    """Labels: ("Play", "Dwarf", "x2"), values added when they differ, and ("Choose", ...)."""
    state = build(hands=("dwarf 1, dwarf 1, stone 2, chest 1, chest 3", ""))
    labels = {a.encode(): GAME.label(state, a) for a in GAME.legal_actions(state, 0)}
    assert labels["play:dwarf:1.1"] == ("Play", "Dwarf", "x2")
    assert labels["play:stone:2"] == ("Play", "Stone dragon", "x1")
    assert labels["play:chest:1.3"] == ("Play", "Treasure chest", "x2 (1+3)")
    assert labels["play:chest:3"] == ("Play", "Treasure chest", "x1 (3)")
    assert len(set(labels.values())) == len(labels)
    assert GAME.label(state, Choose("stone")) == ("Choose", "Take the stone dragons")
    assert Play(DWARF, (1, 1)).encode() == "play:dwarf:1.1"


def test_view_shows_collected_counts_not_scores_until_the_end() -> None:
    """Score piles are face down: the view gives counts; scores appear once the game is over."""
    state = build(hands=("dwarf 1", "ship 0"), piles=("chest 4, troll 3", "dwarf 1"), dragon=0)
    view = GAME.view(state, None)
    assert [p["collected"] for p in view["players"]] == [2, 1]
    assert [p["score"] for p in view["players"]] == [None, None]
    assert "chest" not in json.dumps(view["players"])
    state.stage = "over"
    assert [p["score"] for p in GAME.view(state, None)["players"]] == [10, 1]


def test_view_leaves_who_moves_and_the_result_to_the_header() -> None:
    """The view holds only Drachenherz data; seat, who moves and the result are in the header."""
    state = build(hands=("dwarf 1", "ship 0"), piles=("chest 4", "troll 3"), current=1)
    view = GAME.view(state, 0)
    assert not {"game", "seat", "to_play", "over", "current", "active", "outcome"} & set(view)
    head = header(view)
    assert (head["seat"], head["to_play"], head["active"], head["over"]) == (0, [1], 1, False)
    assert GAME.text(view, ["Ann", "Bob"]).splitlines()[-2] == "Bob to play."
    state.stage, state.end_cause, state.last_turn, state.end_seat = "over", "ships", 0, 1
    head = header(GAME.view(state, None))
    assert (head["to_play"], head["active"], head["over"]) == ([], None, True)
    assert (head["winners"], head["termination"]) == ([0], "ships")
    text = GAME.text(GAME.view(state, None), ["Ann", "Bob"])
    assert text.splitlines()[-1] == \
        "Game over. Ann wins 4 to 3 after the third ship departure."
    assert GAME.outcome(state).reason == "{p0} wins 4 to 3 after the third ship departure."


def test_hands_of_others_stay_hidden() -> None:
    """Another seat's hand never appears in a view or the public text; reshuffles keep views."""
    state = GAME.new_game(11, 2)
    for _ in range(12):
        GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[-1])
    for seat in (0, 1):
        other = 1 - seat
        view = GAME.view(state, seat)
        assert len(view["hand"]) == len(state.hands[seat])
        assert view["players"][other]["hand"] == len(state.hands[other])
        assert "decks" not in view and "piles" not in view
        shuffled = GAME.shuffle_hidden(state, seat, 99)
        assert GAME.view(shuffled, seat) == view
        assert Counter(shuffled.hands[other]) != Counter(state.hands[other]) or \
            shuffled.decks != state.decks
    public = GAME.view(state, None)
    assert public["hand"] is None
    text = GAME.text(public, ["Ann", "Bob"])
    assert "Your hand" not in text
    own = GAME.text(GAME.view(state, 0), ["Ann", "Bob"]).splitlines()[-1]
    assert own.startswith("Your hand: ") and own.count(",") == len(state.hands[0]) - 1
    shuffled = GAME.shuffle_hidden(state, None, 5)
    assert GAME.view(shuffled, None) == public
    from renderers.drachenherz import render_board

    assert render_board(GAME.view(shuffled, None), names=["Ann", "Bob"]) == \
        render_board(public, names=["Ann", "Bob"])


def test_json_round_trip_of_a_built_position() -> None:
    """A built mid-game position survives to_json/from_json exactly."""
    state = build(hands=("dwarf 1", "ship 0"), spaces={"hero": "hero 1"}, dragon=1,
                  collection="slayer 1, slayer 1, slayer 2", departures=1)
    assert dumps(GAME.from_json(json.loads(dumps(state)))) == dumps(state)
    broken = GAME.to_json(state)
    broken["hands"][0].append(broken["hands"][1][0])
    with pytest.raises(ValueError):
        GAME.from_json(broken)




def test_fast_legality_check_agrees_with_the_legal_list() -> None:
    """`is_legal` accepts exactly the actions `legal_actions` lists, over random playouts."""
    from itertools import combinations

    values_of: dict[int, list[int]] = {}
    for c in range(50):
        values_of.setdefault(CARD_TYPE[c], []).append(CARD_VALUE[c])
    candidates: list = [Choose(s) for s in ("chests", "stone", "princesses", "trolls")]
    for kind, values in values_of.items():
        for n in range(1, 6):
            candidates += [Play(kind, combo) for combo in sorted(set(combinations(values, n)))]
    candidates.append(Play(DWARF, (2, 1)))
    rng = random.Random(3)
    for seed in range(6):
        state = GAME.new_game(seed, 2)
        while not GAME.is_over(state):
            for seat in (0, 1):
                legal = {a.encode() for a in GAME.legal_actions(state, seat)}
                fast = {a.encode() for a in candidates if GAME.is_legal(state, seat, a)}
                assert fast == legal
            GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
