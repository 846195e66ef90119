"""Embers' computer player: any listed action, picked by the seed."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import View
from tests.toygame.embers.actions import Action


def choose(view: View, actions: Sequence[Action], seed: int) -> Action:
    return actions[seed % len(actions)]
