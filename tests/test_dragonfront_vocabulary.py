"""The card file speaks only the interpreter's vocabulary: every operation, selector, named
amount and named condition a playable card uses has an entry in its dispatch table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.dragonfront import cards as C
from games.dragonfront.amounts import AMOUNTS
from games.dragonfront.conditions import CONDITIONS
from games.dragonfront.context import Ctx
from games.dragonfront.effects import OPS, run_effect
from games.dragonfront.targets import SELECTORS
from tests.dragonfront_helpers import board

PLACE_WORDS = {"summon", "bless", "unbless"}
"""Operations whose "to" names a place of their own, not a selector."""


def _nodes(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _nodes(v)
    elif isinstance(node, list):
        for v in node:
            yield from _nodes(v)


def _names(cond: Any) -> Iterator[str]:
    if isinstance(cond, str):
        yield cond
    elif isinstance(cond, list):
        for c in cond:
            yield from _names(c)
    elif isinstance(cond, dict) and "not" in cond:
        yield from _names(cond["not"])


def _playable() -> list[dict[str, Any]]:
    return [c for k, c in sorted(C.cards().items()) if C.is_supported(k)]


def test_every_operation_is_in_the_table() -> None:
    """Each effect's "op" is a key of OPS."""
    used = {n["op"] for n in _nodes(_playable()) if "op" in n}
    assert used - set(OPS) == set()


def test_every_selector_is_in_the_table() -> None:
    """Each effect's "to" (and each counted amount) names a selector of SELECTORS."""
    used = {n["to"] for n in _nodes(_playable())
            if "op" in n and isinstance(n.get("to"), str) and n["op"] not in PLACE_WORDS}
    used |= {n["count"] for n in _nodes(_playable()) if isinstance(n.get("count"), str)}
    known = set(SELECTORS) | {"blessed_frontline"}
    assert {s for s in used if not s.startswith("forts_named:")} - known == set()


def test_every_named_amount_and_condition_is_in_its_table() -> None:
    """Named amounts are keys of AMOUNTS, named conditions keys of CONDITIONS."""
    nodes = list(_nodes(_playable()))
    amounts = {n[k] for n in nodes if "op" in n for k in ("n", "pw") if isinstance(n.get(k), str)}
    conditions = {name for n in nodes for k in ("if", "cond") for name in _names(n.get(k))}
    assert amounts - set(AMOUNTS) == set()
    assert conditions - set(CONDITIONS) == set()


def test_an_unknown_operation_is_refused() -> None:
    """An operation missing from OPS raises instead of passing silently."""
    with pytest.raises(ValueError, match="unknown effect operation"):
        run_effect(board(), {"op": "teleport_home"}, Ctx(owner=0))
