"""Effects on hands, decks and fragments: random cards of a kind ("add_random"), free spells
drawn, cheaper or stronger cards in hand, a unit returned at a discount, one brought back from
the graveyard, one deployed from the hand onto the dead unit's space ("respawn_from_hand") or the
dead unit itself, weaker ("respawn_shrunk"), copies of a unit shuffled into the deck, a card of
the enemy's hand replaced, fragments gained and a card's own counter.

What an effect changes about a copy in hand is kept in the player's "mods" (`hand_mods`).
Importing this module registers its operations in `effects.OPS`.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront import effects as E
from games.dragonfront import hand_mods, resources, triggers
from games.dragonfront.amounts import amount
from games.dragonfront.board import fort_at, is_wall, new_unit, place_unit, unit_at
from games.dragonfront.context import Ctx, say
from games.dragonfront.effects import Effect, Op
from games.dragonfront.hand_mods import FREE
from games.dragonfront.state import DFState
from games.dragonfront.targets import resolve
from games.text import make_text, seat_ref


def _to_hand(st: DFState, seat: int, cid: str, ctx: Ctx, cost: int = 0) -> None:
    """Adds a card to a hand, that copy changed in cost when it fits there."""
    p = st.players[seat]
    before = len(p["hand"])
    resources.add_to_hand(st, seat, cid, ctx)
    if cost and len(p["hand"]) > before:
        hand_mods.add(p, cid, cost)


# -- random cards ----------------------------------------------------------------------------


def _is_trap(c: dict[str, Any]) -> bool:
    return c["type"] == "fort" and any(a["on"] == "trap" for a in c["abilities"])


_POOLS: Final = {
    "unit": lambda c: c["type"] == "unit",
    "fort": lambda c: c["type"] == "fort",
    "spell": lambda c: c["type"] == "spell",
    "wall": lambda c: c["type"] == "fort" and bool(c["kw"].get("WALL")),
    "trap": _is_trap,
    "druid": lambda c: c["type"] == "unit" and c["race"] == "DRUID",
}
"""The kinds of random card an effect may add, by its "pool"."""


@cache
def pool(kind: str, faction: str, cost: int | None = None) -> tuple[str, ...]:
    """The cards of a kind (and printed cost, when named) a seat of `faction` could put in a
    deck (collectible, playable, non-token, never champions; its faction's or Unaligned), in id
    order."""
    test = _POOLS[kind]
    return tuple(k for k, c in sorted(C.cards().items())
                 if c["collectible"] and c["rarity"] != "Token" and not c.get("unsupported")
                 and c["type"] != "champion" and test(c) and (cost is None or c["cost"] == cost)
                 and (c["faction"].lower() in (faction, "unaligned")
                      or faction in (f.lower() for f in c.get("valid_factions") or [])))


def _add_random(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Adds n random cards of e["pool"] (of cost e["cost"] when given) to the owner's hand; with
    "free" each costs 0."""
    cards = pool(e["pool"], st.players[ctx.owner]["faction"], e.get("cost"))
    for _ in range(amount(st, e.get("n", 1), ctx)):
        if cards:
            _to_hand(st, ctx.owner, st.rng.choice(cards), ctx, FREE if e.get("free") else 0)


def _draw_free_spells(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Draws n; each spell drawn costs 0."""
    p = st.players[ctx.owner]
    for _ in range(e.get("n", 1)):
        before = len(p["hand"])
        resources.draw(st, ctx.owner, ctx)
        if len(p["hand"]) > before and C.card(p["hand"][-1])["type"] == "spell":
            hand_mods.add(p, p["hand"][-1], FREE)


# -- cheaper and stronger cards in hand ------------------------------------------------------


def _discount_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Every card in the owner's hand costs n less."""
    p = st.players[ctx.owner]
    hand_mods.change(p, list(p["hand"]), cost=-e["n"])


def _buff_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Every unit card of e["race"] in the owner's hand gets +pw/+hp."""
    p = st.players[ctx.owner]
    cids = [cid for cid in p["hand"] if C.card(cid)["race"] == e["race"]]
    hand_mods.change(p, cids, pw=e.get("pw", 0), hp=e.get("hp", 0))


def _return_cheaper(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Returns each selected unit to its owner's hand, costing n less there."""
    for t in E._units(st, e, ctx):
        if t in st.units:
            st.units.remove(t)
            say(ctx, make_text("{card} returns to {player}'s hand.", card=C.name(t["card"]),
                          player=seat_ref(t["owner"])))
            _to_hand(st, t["owner"], t["card"], ctx, -e["n"])


def _raise_from_grave(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random unit of the owner's graveyard goes back to the hand, costing n less."""
    grave = st.players[ctx.owner].get("grave") or []
    if grave:
        cid = grave.pop(st.rng.below(len(grave)))
        _to_hand(st, ctx.owner, cid, ctx, -e["n"])


def _replace_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random card of the enemy's hand becomes the effect's card (the old copy's change goes)."""
    p = st.players[1 - ctx.owner]
    if p["hand"]:
        p["hand"][st.rng.below(len(p["hand"]))] = e["card"]
        hand_mods.trim(p)


# -- units out of the hand -------------------------------------------------------------------


def _respawn_from_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random non-GIANT unit card (of e["race"] when given) leaves the owner's hand to stand,
    free, where the dead unit stood (with what it was given in hand), firing its SPAWN effects."""
    p = st.players[ctx.owner]
    sp = ctx.victim_space
    picks = [cid for cid in p["hand"] if C.card(cid)["type"] == "unit" and not C.card(cid)["giant"]
             and e.get("race") in (None, C.card(cid)["race"])]
    if sp is None or not picks or unit_at(st, sp) is not None or is_wall(fort_at(st, sp)):
        return
    cid = st.rng.choice(picks)
    p["hand"].remove(cid)
    mod = hand_mods.take(p, cid)
    u = new_unit(st, cid, ctx.owner, [sp])
    if mod is not None:
        u["pw"] += mod["pw"]
        u["hp"] += mod["hp"]
    place_unit(st, u)
    say(ctx, make_text("{card} springs from {player}'s hand.", card=C.name(cid),
                  player=seat_ref(ctx.owner)))
    triggers.trigger(st, u, "spawn", ctx)
    triggers.transformed(st, u, ctx)


def _respawn_shrunk(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The dead unit comes back on its space at -1/-1 (from its own base stats), unless that
    leaves it no health or the space is taken."""
    v, sp = ctx.victim, ctx.victim_space
    if v is None or sp is None or v["hp"] <= 1 or unit_at(st, sp) is not None \
            or is_wall(fort_at(st, sp)):
        return
    u = new_unit(st, v["card"], v["owner"], [sp])
    u["pw"], u["hp"] = max(0, v["pw"] - 1), v["hp"] - 1
    place_unit(st, u)
    say(ctx, make_text("{card} returns, weaker.", card=C.name(v["card"])))
    triggers.transformed(st, u, ctx)


# -- decks, fragments, counters --------------------------------------------------------------


def _copy_deck(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Shuffles `n` copies of each unit or fort selected into the owner's deck."""
    deck = st.players[ctx.owner]["deck"]
    for t in resolve(st, e["to"], ctx):
        if isinstance(t, dict):
            for _ in range(e.get("n", 1)):
                deck.insert(st.rng.below(len(deck) + 1), t["card"])


def _gain_fragments(st: DFState, e: Effect, ctx: Ctx) -> None:
    me = ctx.me
    if me is not None and "pw" in me:
        me["frags"] += amount(st, e.get("n", 1), ctx)


def _count_up(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Adds one to the ability's own counter (what {"base", "per_count"} amounts read)."""
    if ctx.me is not None:
        ctx.me["count"] = ctx.me.get("count", 0) + 1


_OPS: Final[dict[str, Op]] = {
    "add_random": _add_random,
    "draw_free_spells": _draw_free_spells,
    "discount_hand": _discount_hand,
    "buff_hand": _buff_hand,
    "return_cheaper": _return_cheaper,
    "raise_from_grave": _raise_from_grave,
    "replace_hand": _replace_hand,
    "respawn_from_hand": _respawn_from_hand,
    "respawn_shrunk": _respawn_shrunk,
    "copy_deck": _copy_deck,
    "gain_fragments": _gain_fragments,
    "count_up": _count_up,
}
"""The hand, deck and fragment operations."""

E.OPS.update(_OPS)
