"""Drakones and the computer levels: every card stays in play (the sampler relies on it)."""

from __future__ import annotations

import random
from collections import Counter

import games
from games.drakones.cards import COLOURS, DECKS
from games.drakones.state import State

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
