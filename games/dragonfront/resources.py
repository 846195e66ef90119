"""A player's resources: drawing cards (fatigue on an empty deck, burning on a full hand), cards
added to the hand, and mana."""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront import damage
from games.dragonfront.context import Ctx, say
from games.dragonfront.state import HAND_LIMIT, MANA_CAP, DFState


def locked_lanes(st: DFState, seat: int) -> set[int]:
    """The lanes where an enemy's MANALOCK unit (Stygian Lord) stops `seat`'s units and forts
    from generating mana."""
    return {s % 4 for u in st.units if "MANALOCK" in u["kw"] and u["owner"] != seat
            for s in u["sp"]}


def mana_locked(st: DFState, x: dict) -> bool:
    """Tells whether a unit or fort generates no mana (it stands in a locked lane)."""
    sp = x["sp"] if isinstance(x["sp"], list) else [x["sp"]]
    lanes = locked_lanes(st, x["owner"])
    return bool(lanes) and any(s % 4 in lanes for s in sp)


def gain_mana(st: DFState, seat: int, n: int) -> None:
    """Adds (or removes) mana, kept within 0..10."""
    p = st.players[seat]
    p["mana"] = max(0, min(MANA_CAP, p["mana"] + n))


def draw(st: DFState, seat: int, ctx: Ctx) -> None:
    """Draws one card; an empty deck deals growing fatigue damage, a full hand burns the card."""
    p = st.players[seat]
    if not p["deck"]:
        p["fatigue"] += 1
        say(ctx, f"{{p{seat}}}'s deck is empty: fatigue deals {p['fatigue']}.")
        damage.damage_stronghold(st, seat, p["fatigue"], ctx, source=None)
        return
    cid = p["deck"].pop()
    if len(p["hand"]) >= HAND_LIMIT:
        say(ctx, f"{{p{seat}}}'s hand is full: the drawn card is burned.")
        say(ctx, f"It was {C.name(cid)}.", (seat,))
        return
    p["hand"].append(cid)
    say(ctx, f"You draw {C.name(cid)}.", (seat,))


def add_to_hand(st: DFState, seat: int, cid: str, ctx: Ctx) -> None:
    """Puts a card into a hand; a full hand loses it."""
    p = st.players[seat]
    if len(p["hand"]) >= HAND_LIMIT:
        say(ctx, f"{{p{seat}}}'s hand is full: {C.name(cid)} is lost.")
        return
    p["hand"].append(cid)
    say(ctx, f"{C.name(cid)} is added to your hand.", (seat,))
