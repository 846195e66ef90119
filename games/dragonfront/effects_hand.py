"""Effect operations on hands, decks and fragments: a random card into the hand ("add_random"),
copies of a unit into the deck ("copy_deck"), a unit from the hand onto the dead unit's space
("respawn_from_hand") or itself, weaker ("respawn_shrunk"), a card of the enemy's hand replaced
("replace_hand"), fragments gained ("gain_fragments") and a card's own counter ("count_up"). Registered into `effects.OPS`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.dragonfront import cards as C
from games.dragonfront import resources, triggers
from games.dragonfront.amounts import amount
from games.dragonfront.board import fort_at, is_wall, new_unit, place_unit, unit_at
from games.dragonfront.context import Ctx, say
from games.dragonfront.state import DFState
from games.dragonfront.targets import resolve

Effect = dict[str, Any]
"""One effect as the card file writes it."""


@cache
def pool(kind: str, cost: int | None) -> tuple[str, ...]:
    """The cards a random card is drawn from: collectible, playable cards of the type (champions
    never), of any faction, with the printed cost when one is named."""
    return tuple(sorted(cid for cid, c in C.cards().items()
                        if c["type"] == kind and c["collectible"] and c["rarity"] != "Token"
                        and not c.get("unsupported") and (cost is None or c["cost"] == cost)))


def _add_random(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Puts random cards of a type (and cost) into the hand; with "free" each costs 0 once."""
    cards = pool(e["kind"], e.get("cost"))
    p = st.players[ctx.owner]
    for _ in range(amount(st, e.get("n", 1), ctx)):
        if cards:
            cid = st.rng.choice(cards)
            before = len(p["hand"])
            resources.add_to_hand(st, ctx.owner, cid, ctx)
            if e.get("free") and len(p["hand"]) > before:
                p.setdefault("free", []).append(cid)


def _copy_deck(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Shuffles `n` copies of each unit or fort selected into the owner's deck."""
    deck = st.players[ctx.owner]["deck"]
    for t in resolve(st, e["to"], ctx):
        if isinstance(t, dict):
            for _ in range(e.get("n", 1)):
                deck.insert(st.rng.below(len(deck) + 1), t["card"])


def _respawn_from_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random non-GIANT unit card leaves the owner's hand and arrives, free, on the dead unit's
    space (when open), firing its SPAWN effects."""
    sp = ctx.victim_space
    hand = st.players[ctx.owner]["hand"]
    picks = [cid for cid in hand if C.card(cid)["type"] == "unit" and not C.card(cid)["giant"]]
    if sp is None or not picks or unit_at(st, sp) is not None or is_wall(fort_at(st, sp)):
        return
    cid = st.rng.choice(picks)
    hand.remove(cid)
    u = new_unit(st, cid, ctx.owner, [sp])
    place_unit(st, u)
    say(ctx, f"{C.name(cid)} respawns from {{p{ctx.owner}}}'s hand.")
    triggers.trigger(st, u, "spawn", ctx)
    triggers.transformed(st, u, ctx)


def _gain_fragments(st: DFState, e: Effect, ctx: Ctx) -> None:
    me = ctx.me
    if me is not None and "pw" in me:
        me["frags"] += amount(st, e.get("n", 1), ctx)


def _count_up(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Adds one to the ability's own counter (what {"base", "per_count"} amounts read)."""
    if ctx.me is not None:
        ctx.me["count"] = ctx.me.get("count", 0) + 1


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
    say(ctx, f"{C.name(v['card'])} returns, weaker.")
    triggers.transformed(st, u, ctx)


def _replace_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    """A random card of the enemy's hand becomes the effect's card."""
    hand = st.players[1 - ctx.owner]["hand"]
    if hand:
        hand[st.rng.below(len(hand))] = e["card"]


HAND_OPS = {"respawn_shrunk": _respawn_shrunk, "replace_hand": _replace_hand,"add_random": _add_random, "copy_deck": _copy_deck,
            "respawn_from_hand": _respawn_from_hand, "gain_fragments": _gain_fragments,
            "count_up": _count_up}
"""The operations of this module, merged into `effects.OPS`."""
