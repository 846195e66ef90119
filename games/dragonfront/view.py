"""What a Dragon Front seat may see: the board (hidden enemies left out), both players' public
numbers and the seat's own hand; the text board; the reshuffle of what a seat cannot see; and the
sample of it drawn for the hard computer player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from games.core import View, header
from games.dragonfront import cards as C
from games.dragonfront import hand_mods
from games.dragonfront.card_text import text_of
from games.dragonfront.card_words import CONTEXT
from games.dragonfront.play import card_cost, champion_cost
from games.dragonfront.rules import mana_income
from games.dragonfront.state import DFState, Fort, Player, Unit, copy
from games.dragonfront.stats import Sides, label_order, shown
from games.rng import Rng
from games.text import Text, Translate, english, term

TRAIT_LABELS: Final = ("FLIGHT", "RANGE", "SPRINT", "RUSH", "ARMOR", "STEALTH", "SWIFT", "BLIGHT", "STUN",
                "DEATHBLOW", "BREACH", "BERSERK", "UNION", "CATAPULT", "SHIFT", "PUSH", "STEELWARD",
                "BLESS", "REGEN", "SIPHON", "GUARD")
"""The keywords a unit's view lists (auras included), in this order."""
TRAIT_ORDER: Final = label_order(TRAIT_LABELS)


def view(st: DFState, seat: int | None) -> View:
    """Returns the game's part of `seat`'s view (None = a spectator); who is to play, whose turn
    it is and how the game ended are in the view's header."""
    sides = Sides(st)
    table = C.cards()
    out: View = {
        "phase": st.phase, "turn": st.turn, "first": st.first,
        "players": [_player(st, 0, st.players[0]), _player(st, 1, st.players[1])],
        "units": [_unit(st, u, sides, table) for u in st.units
                  if not (u["hidden"] and u["owner"] != seat)],
        "forts": [_fort(f, table) for f in st.forts] if st.forts else [],
        "blessed": list(st.blessed),
    }
    if seat is not None:
        hand = st.players[seat]["hand"]
        out["hand"] = [card_view(st, seat, cid, hand[:i].count(cid) if i else 0)
                       for i, cid in enumerate(hand)]
    return out


def _player(st: DFState, s: int, p: Player) -> dict[str, Any]:
    champ = p["champion"]
    return {
        "seat": s, "faction": p["faction"], "stronghold": p["sh"], "mana": p["mana"],
        "tokens": p["tokens"], "hand": len(p["hand"]), "deck": len(p["deck"]),
        "fatigue": p["fatigue"], "mulligan": p["mulligan"],
        "champion": None if champ is None else {**_champion(champ), "cost": champion_cost(st, s)},
        "income": mana_income(st, s), "discarded": p["discarded"],
    }


_CHAMPIONS: Final[dict[str, dict[str, Any]]] = {}
"""The printed part of each waiting champion's view once made (`_champion`)."""


def _champion(cid: str) -> dict[str, Any]:
    """The printed part of a waiting champion's view (copied into each view, never shared),
    made once (kept in a dict: compiled code calls a cached function through Python)."""
    found = _CHAMPIONS.get(cid)
    if found is None:
        c = C.card(cid)
        found = _CHAMPIONS[cid] = {"card": cid, "name": c["name"], "cost": 0,
                                   "power": c["power"], "health": c["health"],
                                   "text": text_of(cid)}
    return found


def _unit(st: DFState, u: Unit, sides: Sides, table: dict[str, dict[str, Any]]) -> dict[str, Any]:
    pw, top, traits = shown(st, u, TRAIT_ORDER, sides)
    cid = u["card"]
    return {
        "id": u["id"], "card": cid, "name": table[cid]["name"], "owner": u["owner"],
        "spaces": list(u["sp"]), "power": pw, "health": top - u["dmg"],
        "max_health": top, "fragments": u["frags"], "traits": traits,
        "stunned": bool(u["stun"]), "poisoned": u["poison"], "hidden": u["hidden"],
        "giant": u["giant"], "acted": u["acted"], "sick": u["sick"], "champion": u["champ"],
    }


def _fort(f: Fort, table: dict[str, dict[str, Any]]) -> dict[str, Any]:
    wall = bool(f["kw"].get("WALL"))
    return {"id": f["id"], "card": f["card"], "name": table[f["card"]]["name"],
            "owner": f["owner"], "space": f["sp"], "wall": wall,
            "health": (f["hp"] - f["dmg"]) if wall else None}


def card_view(st: DFState, seat: int, cid: str, copy: int = 0) -> dict[str, Any]:
    """Returns one hand card as its owner sees it (cost after cost changes; the `copy`-th copy
    of the card in hand, best changed first, with what was changed about it)."""
    c = C.card(cid)
    cost, pw, hp = card_cost(st, seat, cid), c["power"], c["health"]
    p = st.players[seat]
    mods = hand_mods.copies(p, cid) if p.get("mods") else []
    if mods:
        mod = mods[copy] if copy < len(mods) else {"cost": 0, "pw": 0, "hp": 0}
        cost = max(0, card_cost(st, seat, cid, hand=False) + mod["cost"])
        pw, hp = pw + mod["pw"], hp + mod["hp"]
    return {"card": cid, "name": c["name"], "type": c["type"], "cost": cost,
            "power": pw, "health": hp, "giant": c["giant"],
            "text": text_of(cid), "playable": C.is_supported(cid)}


def text(v: View, names: Sequence[str], tr: Translate = english) -> str:
    """Returns the board as text from the viewer's side (own Spawn Row at the bottom)."""
    seat = header(v)["seat"]
    me = seat if seat is not None else 0
    grid: dict[int, str] = {}
    for f in v["forts"]:
        grid[f["space"]] = f"[{f['name'][:8]}]"
    for u in v["units"]:
        mark = "*" if u["owner"] == me else "!"
        for sp in u["spaces"]:
            grid[sp] = f"{mark}{u['name'][:9]} {u['power']}/{u['health']}"
    lines = [_player_line(p, names, tr) for p in v["players"]]
    for r in (range(4) if me == 1 else range(3, -1, -1)):
        lanes = range(4) if me == 0 else range(3, -1, -1)
        lines.append(f"{(r if me == 0 else 3 - r) + 1} | " + " | ".join(
            grid.get(r * 4 + c, ".").ljust(16) for c in lanes))
    lines.append("    " + "   ".join(x.ljust(16) for x in "ABCD"))
    if v.get("hand") is not None:
        lines.append(tr(Text("Hand: {cards}", cards=", ".join(f"{h['name']} ({h['cost']})"
                                                             for h in v["hand"]))))
    return "\n".join(lines)


def _player_line(p: dict[str, Any], names: Sequence[str], tr: Translate) -> str:
    champ = p["champion"]
    ch = (Text("{card} costs {n}", card=champ["name"], n=champ["cost"]) if champ
          else Text("champion in play"))
    return tr(Text("{player} ({faction}): Stronghold {stronghold}, mana {mana}, tokens {tokens}, "
                   "hand {hand}, deck {deck}, {champion}", player=names[p["seat"]],
                   faction=faction_name(p["faction"], lower=True), stronghold=p["stronghold"],
                   mana=p["mana"], tokens=p["tokens"], hand=p["hand"], deck=p["deck"],
                   champion=ch))


def faction_name(faction: str, *, lower: bool = False) -> str:
    """A faction's name ("Thorns"; "thorns" with `lower`) in the reader's language."""
    return term(CONTEXT, faction.lower() if lower else faction.title())


def shuffle_hidden(st: DFState, observer: int | None, seed: int) -> DFState:
    """Returns a copy with the other seats' hands and decks reshuffled together, and the
    observer's own deck order reshuffled (hand sizes kept)."""
    new = copy(st)
    rng = Rng(seed)
    for s, p in enumerate(new.players):
        if s == observer:
            rng.shuffle(p["deck"])
            continue
        pool = p["hand"] + p["deck"]
        rng.shuffle(pool)
        n = len(p["hand"])
        p["hand"], p["deck"] = pool[:n], pool[n:]
    return new


def sample_hidden(st: DFState, seat: int, seed: int) -> DFState:
    """Returns a copy with what `seat` cannot see drawn afresh: the other hand and deck dealt
    together from their cards sorted, then shuffled with `Rng(seed)`; the seat's own deck
    reshuffled the same way; enemy units hidden from it taken off the board (it cannot know of
    them); the RNG reseeded. The seat is taken to know both deck lists and every card played, so
    the cards a player still holds (hand and deck together) are known, not their order."""
    new = copy(st)
    rng = Rng(seed)
    for s, p in enumerate(new.players):
        if s == seat:
            deck = sorted(p["deck"])
            rng.shuffle(deck)
            p["deck"] = deck
            continue
        pool = sorted(p["hand"] + p["deck"])
        rng.shuffle(pool)
        n = len(p["hand"])
        p["hand"], p["deck"] = pool[:n], pool[n:]
    new.units = [u for u in new.units if not (u["hidden"] and u["owner"] != seat)]
    new.next_id = 1 + max([0, *(u["id"] for u in new.units), *(f["id"] for f in new.forts)])
    new.rng = Rng(rng.next64())
    return new
