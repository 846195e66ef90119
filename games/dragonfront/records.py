"""What the game remembers of the past: the units fallen this turn (how many, and the fragments
of each seat's last one) and each seat's graveyard of non-champion units that died or were
discarded. Kept in the player dicts, so it is part of the state's JSON."""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront.state import DFState, Unit


def note_death(st: DFState, u: Unit) -> None:
    """A unit died: counted for this turn, its fragments remembered, and (not a champion) put
    in its owner's graveyard."""
    p = st.players[u["owner"]]
    fell = p.get("fell")
    count = fell[1] if fell and fell[0] == st.turn else 0
    p["fell"] = [st.turn, count + 1, u["frags"]]
    if not u["champ"]:
        p.setdefault("grave", []).append(u["card"])


def note_discard(st: DFState, seat: int, cid: str) -> None:
    """A card was discarded: a unit card goes to the seat's graveyard."""
    if C.card(cid)["type"] == "unit":
        st.players[seat].setdefault("grave", []).append(cid)


def deaths_this_turn(st: DFState) -> int:
    """How many units (both sides) died this turn."""
    return sum(p["fell"][1] for p in st.players if p.get("fell") and p["fell"][0] == st.turn)


def last_fallen_frags(st: DFState, seat: int) -> int:
    """The Mana Fragments of the seat's last unit to die this turn (0 when none died)."""
    fell = st.players[seat].get("fell")
    return int(fell[2]) if fell and fell[0] == st.turn else 0
