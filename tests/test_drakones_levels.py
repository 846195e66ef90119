"""Drakones and the computer levels: every card stays in play (the sampler relies on it), and the
normal player's deck race habits (issue 15: Wisdom for the enemy, draws from behind)."""

from __future__ import annotations

import random
from collections import Counter

import games
from games.drakones import ENTRY, GAME
from games.drakones import actions as A
from games.drakones.ai import WISDOM_NEAR, race_loser, wisdom_wins_race
from games.drakones.cards import CARDS, COLOURS, DECKS
from games.drakones.state import State
from tests.test_drakones_rules import build

ALL_CARDS = Counter(card for colour in COLOURS for card in DECKS[colour][1])


def _cards(state: State) -> Counter[str]:
    held: Counter[str] = Counter()
    for p in state.players:
        held.update(p.deck)
        held.update(p.hand)
        held.update(p.discard)
        held.update(slot.card for slot in p.side if slot is not None)
    return held


def test_undo_after_a_checkpointing_spell_keeps_the_spell_bug() -> None:
    """Undo back to the checkpoint a Recall, Wisdom or Spy took keeps the spell in the discard:
    no card ever leaves the game (seed 1 lost its Recall at step 36 before the fix)."""
    game = games.get("drakones")
    for seed in range(6):
        state = game.new_game(seed, 2, {})
        rng = random.Random(seed)
        for step in range(400):
            if game.outcome(state) is not None:
                break
            seat = game.to_play(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            assert _cards(state) == ALL_CARDS, f"seed {seed} step {step}"


def _normal_games(seeds: range) -> list[tuple[State, int, A.Action]]:
    """Plays seeded normal-against-normal games; returns (state before, seat, action) of every
    Wisdom cast and every card draw (Draw Two unit, two-action draw)."""
    game = games.get("drakones")
    choose = games.entry("drakones").ai
    seen = []
    for seed in seeds:
        state = game.new_game(seed, 2, {})
        step = 0
        while game.outcome(state) is None:
            seat = game.to_play(state)[0]
            action = choose(game.view(state, seat), game.legal_actions(state, seat), step)
            if isinstance(action, A.Cast) and action.spell == "wisdom" or action == A.DRAW or \
                    isinstance(action, A.Play) and CARDS[action.card].ability == "draw2":
                seen.append((state.clone(), seat, action))
            game.apply(state, seat, action)
            step += 1
    return seen


def _behind(state: State, seat: int) -> int:
    """Returns how many cards `seat` (to play) is behind in the deck race (0 when ahead)."""
    loser, by = race_loser(state)
    return by + 1 if loser == seat else 0


def test_wisdom_for_the_enemy_only_when_it_wins_the_race() -> None:
    """With a Wisdom in hand and decks far from empty, the computer does not feed the enemy three
    cards (it did at 41/42 cards before); near the end, when the cast wins the race, it does."""
    for deck0, deck1 in ((41, 42), (30, 31), (20, 21), (12, 13)):
        state = build(hand0=["wisdom"], deck0=deck0, deck1=deck1, lock=4, round_=1)
        action = ENTRY.ai(GAME.view(state, 0), GAME.legal_actions(state, 0), 1)
        assert action != A.cast("wisdom", (1,)), (deck0, deck1)
    state = build(hand0=["wisdom"], deck0=9, deck1=10, lock=4, round_=1)
    assert ENTRY.ai(GAME.view(state, 0), GAME.legal_actions(state, 0), 1) == \
        A.cast("wisdom", (1,))


def test_seeded_games_keep_draws_within_the_race() -> None:
    """Over six seeded games every Wisdom for the enemy leaves it losing the race with at most
    WISDOM_NEAR cards, Wisdom for itself is never cast from behind, and no Draw Two unit is played
    from behind with twelve cards or fewer left (40 games before the fix: 11 of 16 enemy Wisdoms
    with more than ten cards left, 78 own Wisdoms, some 8 cards behind, 115 Draw Two units from
    three or more behind)."""
    for state, seat, action in _normal_games(range(6)):
        deck = len(state.players[seat].deck)
        if isinstance(action, A.Cast) and action.args[0] != seat:
            assert len(state.players[1 - seat].deck) - 3 <= WISDOM_NEAR
            assert wisdom_wins_race(state, seat)
        elif isinstance(action, A.Cast):
            assert _behind(state, seat) == 0
        elif isinstance(action, A.Play) and deck > 0:
            assert _behind(state, seat) < 3 or deck > 12
