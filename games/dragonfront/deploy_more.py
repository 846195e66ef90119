"""Deploying units outside the Spawn Row: onto an own fort that lets a kind of unit spawn there
(a "deploy_here" ability with the condition the card must meet and what its arrival there sets
off), onto an own carrier unit's space (a "carrier" ability: the carrier goes back to the hand),
or, for a card that "must be deployed on a fort" ("deploy": "on_fort"), only onto a fort."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.dragonfront import cards as C
from games.dragonfront import effects
from games.dragonfront.board import find_fort, fort_at, is_wall
from games.dragonfront.conditions import check
from games.dragonfront.context import Ctx, say
from games.dragonfront.movement import free_for
from games.dragonfront.resources import add_to_hand
from games.dragonfront.state import DFState, Unit
from games.text import make_text, seat_ref


@cache
def givers() -> frozenset[str]:
    """The cards with a "deploy_here" or "carrier" ability."""
    return frozenset(k for k, c in C.cards().items()
                     if any(a["on"] in ("deploy_here", "carrier") for a in c["abilities"]))


def probe(cid: str, seat: int) -> dict[str, Any]:
    """A card in hand seen as a unit, for conditions about it (race, keywords, giant, champion)."""
    c = C.card(cid)
    return {"card": cid, "owner": seat, "sp": [], "kw": dict(c["kw"]), "giant": c["giant"],
            "champ": c["type"] == "champion", "pw": c["power"], "hp": c["health"], "dmg": 0,
            "hidden": False, "ab": []}


def _fort_pair(st: DFState, f: dict[str, Any], width: int) -> list[int]:
    """The spaces a unit of `width` takes on a fort: its space, or both halves of a giant fort."""
    if width == 1:
        return [f["sp"]]
    twin = find_fort(st, f["twin"]) if f.get("twin") else None
    return sorted([f["sp"], twin["sp"]]) if twin is not None else []


def extra_spaces(st: DFState, seat: int, cid: str) -> list[list[int]]:
    """The spaces beyond the usual ones where `seat` may deploy the card now."""
    found = givers()
    still = st.cache.still
    if still is not None and still.deploy_givers is not None:
        present = still.deploy_givers
    else:
        present = any(f["card"] in found for f in st.forts) \
            or any(u["card"] in found for u in st.units)
        if still is not None:
            still.deploy_givers = present
    if not present:
        return []
    c = C.card(cid)
    me, width = probe(cid, seat), 2 if c["giant"] else 1
    out: list[list[int]] = []
    for f in st.forts:
        if f["owner"] == seat and any(a["on"] == "deploy_here" and check(st, a.get("if"), me, seat, None)
                                      for a in f["ab"]):
            spaces = _fort_pair(st, f, width)
            if spaces and spaces not in out and all(free_for(st, s, None, seen_by=seat) for s in spaces):
                out.append(spaces)
    if width == 1 and c["type"] == "unit":
        out += [list(u["sp"]) for u in st.units if u["owner"] == seat
                and any(a["on"] == "carrier" for a in u["ab"])]
    return out


def fort_spaces_only(st: DFState, seat: int) -> list[list[int]]:
    """The forts (not walls) a unit that must be deployed on a fort may take."""
    return [[f["sp"]] for f in st.forts
            if not is_wall(f) and free_for(st, f["sp"], None, seen_by=seat)]


def carried(st: DFState, seat: int, blockers: list[Unit]) -> list[Unit]:
    """The own carrier units among those standing where a card is being played."""
    return [x for x in blockers if x["owner"] == seat and any(a["on"] == "carrier" for a in x["ab"])]


def unload(st: DFState, carriers: list[Unit], ctx: Ctx) -> None:
    """The carriers make room: each goes back to its owner's hand."""
    for x in carriers:
        st.units.remove(x)
        say(ctx, make_text("{card} goes back to {player}'s hand.", card=C.name(x["card"]),
                      player=seat_ref(x["owner"])))
        add_to_hand(st, x["owner"], x["card"], ctx)


def landed(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit was deployed: the "deploy_here" abilities of its owner's forts under it whose
    condition it meets run, about it."""
    seen: set[int] = set()
    for s in u["sp"]:
        f = fort_at(st, s)
        if f is None or f["owner"] != u["owner"] or f["id"] in seen:
            continue
        seen.update((f["id"], f.get("twin") or 0))  # a giant fort's two halves run once
        for a in f["ab"]:
            if a["on"] == "deploy_here" and a.get("do") and check(st, a.get("if"), u, u["owner"], None):
                effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, entrant=u,
                                                     events=ctx.events))
