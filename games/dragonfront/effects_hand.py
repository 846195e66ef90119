"""Effects on the cards in a hand: random cards of a kind, cheaper or stronger cards in hand, a
unit returned at a discount, one brought back from the graveyard, one deployed from the hand.

A hand holds card ids; what is changed about one copy is kept beside it in the player's "mods"
list, one {"card", "cost", "pw", "hp"} entry per changed copy (never more entries for a card than
copies of it in hand). A card costs its best entry's change (`cost_change`); playing it uses up
that entry (`take`), whose power and health the unit arrives with; a discard drops the worst
entries first (`trim`). Importing this module registers its operations in `effects.OPS`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.dragonfront import cards as C
from games.dragonfront import effects as E
from games.dragonfront import resources, triggers
from games.dragonfront.board import new_unit, place_unit, unit_at
from games.dragonfront.context import Ctx, say
from games.dragonfront.effects import Effect, Op
from games.dragonfront.state import DFState, Player

FREE = -99
"""A cost change that makes a card cost 0."""

# -- the mods beside a hand ------------------------------------------------------------------


def _rank(m: dict[str, Any]) -> tuple[int, int]:
    return (m["cost"], -(m["pw"] + m["hp"]))


def cost_change(p: Player, cid: str) -> int:
    """The best cost change among a hand's copies of a card (0 when none is changed)."""
    return min((m["cost"] for m in p["mods"] if m["card"] == cid), default=0)


def copies(p: Player, cid: str) -> list[dict[str, Any]]:
    """The entries of a card's changed copies in hand, best first."""
    return sorted((m for m in p.get("mods") or [] if m["card"] == cid), key=_rank)


def take(p: Player, cid: str) -> dict[str, Any] | None:
    """Uses up the best entry of a card being played from hand (None when no copy is changed)."""
    mods = [m for m in p.get("mods") or [] if m["card"] == cid]
    if not mods:
        return None
    best = min(mods, key=_rank)
    p["mods"].remove(best)
    return best


def trim(p: Player) -> None:
    """Drops the worst entries of cards with fewer copies left in hand than entries."""
    mods = p.get("mods")
    if not mods:
        return
    for cid in {m["card"] for m in mods}:
        mine = sorted((m for m in mods if m["card"] == cid), key=_rank)
        for m in mine[p["hand"].count(cid):]:
            mods.remove(m)


def _change(p: Player, cids: list[str], cost: int = 0, pw: int = 0, hp: int = 0) -> None:
    """Changes one copy in hand of each card listed (a copy not yet changed gets an entry)."""
    mods = p.setdefault("mods", [])
    for cid in set(cids):
        mine = [m for m in mods if m["card"] == cid]
        for m in mine[:cids.count(cid)]:
            m["cost"], m["pw"], m["hp"] = m["cost"] + cost, m["pw"] + pw, m["hp"] + hp
        for _ in range(cids.count(cid) - len(mine)):
            mods.append({"card": cid, "cost": cost, "pw": pw, "hp": hp})


def _to_hand(st: DFState, seat: int, cid: str, ctx: Ctx, cost: int = 0) -> None:
    """Adds a card to a hand, that copy changed in cost when it fits there."""
    p = st.players[seat]
    before = len(p["hand"])
    resources.add_to_hand(st, seat, cid, ctx)
    if cost and len(p["hand"]) > before:
        p.setdefault("mods", []).append({"card": cid, "cost": cost, "pw": 0, "hp": 0})


# -- random cards ----------------------------------------------------------------------------


def _is_trap(c: dict[str, Any]) -> bool:
    return c["type"] == "fort" and any(a["on"] == "trap" for a in c["abilities"])


_POOLS = {
    "spell": lambda c: c["type"] == "spell",
    "wall": lambda c: c["type"] == "fort" and bool(c["kw"].get("WALL")),
    "trap": _is_trap,
    "druid": lambda c: c["type"] == "unit" and c["race"] == "DRUID",
}
"""The kinds of random card an effect may add, by its "pool"."""


@cache
def pool(kind: str, faction: str) -> tuple[str, ...]:
    """The cards of a kind a seat of `faction` could put in a deck (collectible, playable, its
    faction's or Unaligned), in id order."""
    test = _POOLS[kind]
    return tuple(k for k, c in sorted(C.cards().items())
                 if c["collectible"] and c["rarity"] != "Token" and not c.get("unsupported")
                 and c["type"] != "champion" and test(c)
                 and (c["faction"].lower() in (faction, "unaligned")
                      or faction in (f.lower() for f in c.get("valid_factions") or [])))


def _add_random(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Adds n random cards of e["pool"] to the owner's hand (cost 0 with "free")."""
    cards = pool(e["pool"], st.players[ctx.owner]["faction"])
    for _ in range(e.get("n", 1)):
        if cards:
            _to_hand(st, ctx.owner, st.rng.choice(cards), ctx, FREE if e.get("free") else 0)


def _draw_free_spells(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Draws n; each spell drawn costs 0."""
    p = st.players[ctx.owner]
    for _ in range(e.get("n", 1)):
        before = len(p["hand"])
        resources.draw(st, ctx.owner, ctx)
        if len(p["hand"]) > before and C.card(p["hand"][-1])["type"] == "spell":
            p.setdefault("mods", []).append({"card": p["hand"][-1], "cost": FREE, "pw": 0, "hp": 0})


# -- cheaper and stronger cards in hand ------------------------------------------------------


def _discount_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Every card in the owner's hand costs n less."""
    p = st.players[ctx.owner]
    _change(p, list(p["hand"]), cost=-e["n"])


def _buff_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Every unit card of e["race"] in the owner's hand gets +pw/+hp."""
    p = st.players[ctx.owner]
    cids = [cid for cid in p["hand"] if C.card(cid)["race"] == e["race"]]
    _change(p, cids, pw=e.get("pw", 0), hp=e.get("hp", 0))


def _return_cheaper(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Returns each selected unit to its owner's hand, costing n less there."""
    for t in E._units(st, e, ctx):
        if t in st.units:
            st.units.remove(t)
            say(ctx, f"{C.name(t['card'])} returns to {{p{t['owner']}}}'s hand.")
            _to_hand(st, t["owner"], t["card"], ctx, -e["n"])


def _raise_from_grave(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random unit of the owner's graveyard goes back to the hand, costing n less."""
    grave = st.players[ctx.owner].get("grave") or []
    if grave:
        cid = grave.pop(st.rng.below(len(grave)))
        _to_hand(st, ctx.owner, cid, ctx, -e["n"])


def _respawn_from_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random non-giant unit card of e["race"] leaves the owner's hand to stand, free, where
    the dead unit stood (with what it was given in hand), firing its SPAWN effects."""
    p = st.players[ctx.owner]
    sp = ctx.victim_space
    picks = [cid for cid in p["hand"] if C.card(cid)["race"] == e["race"]
             and C.card(cid)["type"] == "unit" and not C.card(cid)["giant"]]
    if sp is None or not picks or unit_at(st, sp) is not None:
        return
    cid = st.rng.choice(picks)
    p["hand"].remove(cid)
    mod = take(p, cid)
    u = new_unit(st, cid, ctx.owner, [sp])
    if mod is not None:
        u["pw"] += mod["pw"]
        u["hp"] += mod["hp"]
    place_unit(st, u)
    say(ctx, f"{C.name(cid)} springs from {{p{ctx.owner}}}'s hand.")
    triggers.trigger(st, u, "spawn", ctx)


_OPS: dict[str, Op] = {
    "add_random": _add_random,
    "draw_free_spells": _draw_free_spells,
    "discount_hand": _discount_hand,
    "buff_hand": _buff_hand,
    "return_cheaper": _return_cheaper,
    "raise_from_grave": _raise_from_grave,
    "respawn_from_hand": _respawn_from_hand,
}
"""The hand operations."""

E.OPS.update(_OPS)
