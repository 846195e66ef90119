"""Hidden information never reaches public output, for every registered game.

At each step of seeded random games the acting seat's hidden surroundings are reshuffled in a copy
(other hands, every deck: `shuffle_hidden`), and the same action is applied to both. The acting
seat's own view and the public view must agree before the action (OpenSpiel's
`ResampleInfostateTest`), and the public event texts and the public views must agree after it. A
public event or a public view that named a drawn or hidden card would differ.
"""

from __future__ import annotations

import random

import pytest

import games
from games.core import visible_events
from tests.playout import pick_move

NAMES = games.names()


@pytest.mark.parametrize("name", NAMES)
def test_public_events_do_not_depend_on_hidden_cards(name: str) -> None:
    """Public event texts are the same whatever the hidden cards are."""
    game = games.get(name)
    players = game.info.min_players
    for seed in range(6):
        state = game.new_game(seed, players, {})
        rng = random.Random(seed)
        step = 0
        while game.outcome(state) is None:
            seat, action = pick_move(game, state, rng)
            twin = game.shuffle_hidden(state, seat, seed * 1000 + step)
            assert game.view(twin, seat) == game.view(state, seat), f"own view differs at {step}"
            assert game.view(twin, None) == game.view(state, None), f"public view differs at {step}"
            blind = game.shuffle_hidden(state, None, seed * 1000 + step)
            assert game.view(blind, None) == game.view(state, None), \
                f"the public view shows a hidden card at step {step}"
            if action.encode() in {a.encode() for a in game.legal_actions(twin, seat)}:
                public = [e.text for e in visible_events(game.apply(state, seat, action), None)]
                twin_public = [e.text for e in visible_events(game.apply(twin, seat, action), None)]
                assert public == twin_public, f"public events differ at step {step}"
                assert game.view(twin, None) == game.view(state, None), \
                    f"public view differs after step {step}"
            else:
                game.apply(state, seat, action)
            step += 1
