"""What is changed about single copies of cards in a hand (cheaper, stronger, free).

A hand holds card ids; a change to one copy is kept beside it in the player's "mods" list, one
{"card", "cost", "pw", "hp"} entry per changed copy. A card costs its best entry's change
(`cost_change`); playing it uses up that entry (`take`), whose power and health the unit arrives
with; a discard drops the worst entries first (`trim`), so a card never has more entries than
copies in hand. An entry marked "deck" (Coal Raker's returned card, its "boost" level in power
and health) waits for a copy still in the deck and is never trimmed.
"""

from __future__ import annotations

from typing import Any, Final

from games.dragonfront.state import Player

FREE: Final = -99
"""A cost change that makes a card cost 0 (and keeps it 0 whatever is added)."""


def _rank(m: dict[str, Any]) -> tuple[int, int]:
    return (m["cost"], -(m["pw"] + m["hp"]))


def cost_change(p: Player, cid: str) -> int:
    """The best cost change among a hand's copies of a card (0 when none is changed)."""
    return min((m["cost"] for m in p.get("mods") or [] if m["card"] == cid), default=0)


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
    for cid in dict.fromkeys(m["card"] for m in mods):
        mine = sorted((m for m in mods if m["card"] == cid and not m.get("deck")), key=_rank)
        for m in mine[p["hand"].count(cid):]:
            mods.remove(m)


def change(p: Player, cids: list[str], cost: int = 0, pw: int = 0, hp: int = 0) -> None:
    """Changes one copy in hand of each card listed (a copy not yet changed gets an entry)."""
    mods = p.setdefault("mods", [])
    for cid in dict.fromkeys(cids):  # in order: a set's order changes with the hash seed
        mine = [m for m in mods if m["card"] == cid and not m.get("deck")]
        for m in mine[:cids.count(cid)]:
            m["cost"], m["pw"], m["hp"] = m["cost"] + cost, m["pw"] + pw, m["hp"] + hp
        for _ in range(cids.count(cid) - len(mine)):
            mods.append({"card": cid, "cost": cost, "pw": pw, "hp": hp})


def add(p: Player, cid: str, cost: int = 0, pw: int = 0, hp: int = 0, *, deck: bool = False) -> None:
    """Adds the entry of one changed copy (just put into the hand, or with `deck` into the deck)."""
    entry: dict[str, Any] = {"card": cid, "cost": cost, "pw": pw, "hp": hp}
    if deck:
        entry["deck"] = True
    p.setdefault("mods", []).append(entry)
