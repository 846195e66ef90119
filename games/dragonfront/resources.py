"""A player's resources: drawing cards (fatigue on an empty deck, burning on a full hand), cards
added to the hand, and mana."""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront import damage
from games.dragonfront.context import Ctx, say
from games.dragonfront.state import HAND_LIMIT, MANA_CAP, DFState
from games.text import make_text, seat_ref


def locked_lanes(st: DFState, seat: int) -> set[int]:
    """The lanes where an enemy's MANALOCK unit (Stygian Lord) stops `seat`'s units and forts
    from generating mana."""
    lanes: set[int] = set()
    for u in st.units:  # typed loops: native code when compiled
        kws: dict[str, int] = u["kw"]
        if "MANALOCK" in kws and u["owner"] != seat:
            spaces: list[int] = u["sp"]
            for s in spaces:
                lanes.add(s % 4)
    return lanes


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
        say(ctx, make_text("{player}'s deck is empty: fatigue deals {n}.", player=seat_ref(seat),
                      n=p["fatigue"]))
        damage.damage_stronghold(st, seat, p["fatigue"], ctx, source=None)
        return
    cid = p["deck"].pop()
    if len(p["hand"]) >= HAND_LIMIT:
        say(ctx, make_text("{player}'s hand is full: the drawn card is burned.", player=seat_ref(seat)))
        say(ctx, make_text("It was {card}.", card=C.name(cid)), (seat,))
        return
    p["hand"].append(cid)
    say(ctx, make_text("You draw {card}.", card=C.name(cid)), (seat,))


def add_to_hand(st: DFState, seat: int, cid: str, ctx: Ctx) -> None:
    """Puts a card into a hand; a full hand loses it."""
    p = st.players[seat]
    if len(p["hand"]) >= HAND_LIMIT:
        say(ctx, make_text("{player}'s hand is full: {card} is lost.", player=seat_ref(seat),
                      card=C.name(cid)))
        return
    p["hand"].append(cid)
    say(ctx, make_text("{card} is added to your hand.", card=C.name(cid)), (seat,))
