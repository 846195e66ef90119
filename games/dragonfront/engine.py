"""Dragon Front mechanics: the board, damage and death, movement, combat, and the effect interpreter.

Spaces are numbered 0..15 as `row * 4 + lane`; row 0 is seat 0's Spawn Row and row 3 is seat 1's.
Seat 0 advances towards higher rows, seat 1 towards lower ones. A unit is a dict (see `new_unit`);
a fort is a dict (see `new_fort`). Card abilities are data (`games.dragonfront.convert` writes them):
`{"on": trigger, "if": condition, "do": [effect, ...]}` where each effect is
`{"op": ..., "to": selector, "n": amount, ...}`; `run_effects` interprets them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games.core import Event
from games.dragonfront import cards as C
from games.rng import Rng

STRONGHOLD = 15
MANA_CAP = 10
HAND_LIMIT = 10
MAX_TURNS = 80
"""Hard cap: after 80 turns (40 each) the game ends; the healthier Stronghold wins, equal is a draw."""
TURN_ACTION_CAP = 60
"""After 60 actions in one turn only "End turn" is offered, so a random playout always ends."""

Unit = dict[str, Any]
Fort = dict[str, Any]


@dataclass
class DFState:
    """The whole game: RNG, both players, units and forts on the board, blessed tiles, turn data."""

    rng: Rng
    players: list[dict[str, Any]]
    units: list[Unit] = field(default_factory=list)
    forts: list[Fort] = field(default_factory=list)
    blessed: list[int] = field(default_factory=list)
    phase: str = "mulligan"
    active: int = 0
    first: int = 0
    turn: int = 0
    turn_actions: int = 0
    next_id: int = 1
    result: dict[str, Any] | None = None


# -- geometry --------------------------------------------------------------------------------

def row_of(sp: int) -> int:
    """Returns the row (0-3) of a space."""
    return sp // 4


def lane_of(sp: int) -> int:
    """Returns the lane (0-3) of a space."""
    return sp % 4


def fwd(seat: int) -> int:
    """Returns a seat's forward direction in rows (+1 or -1)."""
    return 1 if seat == 0 else -1


def spawn_row(seat: int) -> int:
    """Returns a seat's Spawn Row."""
    return 0 if seat == 0 else 3


def enemy_row(seat: int) -> int:
    """Returns the enemy Spawn Row as seen by a seat."""
    return 3 if seat == 0 else 0


def in_territory(seat: int, row: int) -> bool:
    """Tells whether a row is in a seat's territory."""
    return row <= 1 if seat == 0 else row >= 2


def space_name(sp: int, seat: int) -> str:
    """Names a space from `seat`'s side: lanes A-D left to right, rows 1-4 from the own Spawn Row."""
    r, c = row_of(sp), lane_of(sp)
    if seat == 1:
        r, c = 3 - r, 3 - c
    return f"{'ABCD'[c]}{r + 1}"


# -- lookups ---------------------------------------------------------------------------------

def unit_at(st: DFState, sp: int) -> Unit | None:
    """Returns the unit on a space, or None."""
    occ = st.__dict__.get("_occupancy")
    if occ is not None:
        return occ.get(sp)
    for u in st.units:
        if sp in u["sp"]:
            return u
    return None


def fort_at(st: DFState, sp: int) -> Fort | None:
    """Returns the fort on a space, or None."""
    for f in st.forts:
        if f["sp"] == sp:
            return f
    return None


def find_unit(st: DFState, uid: int) -> Unit | None:
    """Returns the unit with an id, or None."""
    for u in st.units:
        if u["id"] == uid:
            return u
    return None


def find_fort(st: DFState, fid: int) -> Fort | None:
    """Returns the fort with an id, or None."""
    for f in st.forts:
        if f["id"] == fid:
            return f
    return None


def is_wall(f: Fort | None) -> bool:
    """Tells whether a fort is a WALL."""
    return f is not None and bool(f["kw"].get("WALL"))


def new_unit(st: DFState, card_id: str, owner: int, spaces: list[int]) -> Unit:
    """Returns a fresh unit of a card (not yet on the board)."""
    c = C.card(card_id)
    u: Unit = {"id": st.next_id, "card": card_id, "owner": owner, "sp": sorted(spaces),
               "pw": c["power"], "hp": c["health"], "dmg": 0, "frags": c["fragments"],
               "kw": dict(c["kw"]), "ab": [dict(a) for a in c["abilities"]],
               "stun": 0, "poison": False, "sick": True, "acted": False, "shifted": False,
               "hidden": False, "eotpw": None, "champ": c["type"] == "champion",
               "giant": c["giant"], "respawn": c.get("respawn")}
    st.next_id += 1
    return u


def new_fort(st: DFState, card_id: str, owner: int, sp: int) -> Fort:
    """Returns a fresh fort of a card (not yet on the board)."""
    c = C.card(card_id)
    f: Fort = {"id": st.next_id, "card": card_id, "owner": owner, "sp": sp, "hp": c["health"],
               "dmg": 0, "kw": dict(c["kw"]), "ab": [dict(a) for a in c["abilities"]]}
    st.next_id += 1
    return f


# -- derived stats (auras, statics, union) ---------------------------------------------------

def _mods(st: DFState, u: Unit, *, kw_only: bool = False) -> tuple[int, int, dict[str, int]]:
    """Returns the (power, health, keywords) a unit gets from its own conditions and from auras
    (with `kw_only`, sources that grant no keyword are skipped)."""
    pw = hp = 0
    kws: dict[str, int] = {}
    owner = u["owner"]
    sources: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    for a in u["ab"]:
        if a["on"] == "static":
            sources.append((a, None))
    for src in st.units:
        if src["owner"] == owner:
            for a in src["ab"]:
                if a["on"] == "aura":
                    sources.append((a, src))
    champ = st.players[owner]["champion"]
    if champ:
        for a in C.card(champ)["abilities"]:
            if a["on"] == "command":
                sources.append((a, None))
    for f in st.forts:
        if f["owner"] == owner:
            for a in f["ab"]:
                if a["on"] == "aura":
                    sources.append((a, f))
    for a, src in sources:
        if kw_only and "kw" not in a:
            continue
        hit = check(st, a.get("if"), u, owner, None) if src is None else _aura_hits(st, a, src, u)
        if hit:
            pw += a.get("pw", 0)
            hp += a.get("hp", 0)
            kws.update(a.get("kw", {}))
    return pw, hp, kws


def _aura_hits(st: DFState, a: dict[str, Any], src: dict[str, Any], u: Unit) -> bool:
    if a.get("src_if") == "full_health" and "pw" in src and health(st, src, aura=False) < src["hp"]:
        return False
    who = a["who"]
    src_spaces = _spaces(src)
    if who == "allies_lane":
        if not {lane_of(s) for s in src_spaces} & {lane_of(s) for s in u["sp"]}:
            return False
    elif who == "allies_row":
        if not {row_of(s) for s in src_spaces} & {row_of(s) for s in u["sp"]}:
            return False
    elif who == "other_allies":
        if u is src:
            return False
    elif who in ("occupant", "on_space"):
        if "pw" in src or not set(src_spaces) & set(u["sp"]):
            return False
        if who == "occupant" and u["kw"].get("FLIGHT"):
            return False
    return check(st, a.get("if"), u, u["owner"], None)


def has(st: DFState, u: Unit, kw: str) -> int:
    """Returns a unit's value for a keyword (0 when absent), auras and conditions included."""
    v = u["kw"].get(kw, 0)
    if v:
        return v
    tmp = u.get("tmpkw")
    if tmp and tmp.get(kw):
        return tmp[kw]
    cache = st.__dict__.get("_kw_cache")
    if cache is not None:
        got = cache.get(u["id"])
        if got is None:
            got = cache[u["id"]] = _mods(st, u, kw_only=True)[2] if _has_mods(st, u) else {}
        return got.get(kw, 0)
    if not _has_mods(st, u):
        return 0
    return _mods(st, u, kw_only=True)[2].get(kw, 0)


def _has_mods(st: DFState, u: Unit) -> bool:
    for a in u["ab"]:
        if a["on"] == "static":
            return True
    champ = st.players[u["owner"]]["champion"]
    if champ and champ in _special_cards()[1]:
        return True
    key = (st.next_id, len(st.units), len(st.forts))
    cached = st.__dict__.get("_aura_key")
    if cached is not None and cached[0] == key:
        return cached[1]
    auras = _special_cards()[0]
    found = any(x["card"] in auras for x in st.units) or any(f["card"] in auras for f in st.forts)
    st.__dict__["_aura_key"] = (key, found)
    return found


@cache
def _special_cards() -> tuple[frozenset[str], frozenset[str]]:
    """Returns the cards with auras and the champions with COMMAND bonuses."""
    auras = frozenset(k for k, c in C.cards().items() if any(a["on"] == "aura" for a in c["abilities"]))
    command = frozenset(k for k, c in C.cards().items() if any(a["on"] == "command" for a in c["abilities"]))
    return auras, command


def power(st: DFState, u: Unit) -> int:
    """Returns a unit's current power."""
    p = (u["eotpw"] if u["eotpw"] is not None else u["pw"]) + u.get("tmp", 0)
    if _has_mods(st, u):
        p += _mods(st, u)[0]
    if u["kw"].get("UNION"):
        rows = {row_of(s) for s in u["sp"]}
        p += sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
                 and row_of(o["sp"][0]) in rows)
    return max(0, p)


def max_health(st: DFState, u: Unit) -> int:
    """Returns a unit's maximum health, auras included."""
    h = u["hp"]
    if _has_mods(st, u):
        h += _mods(st, u)[1]
    return h


def health(st: DFState, u: Unit, *, aura: bool = True) -> int:
    """Returns a unit's remaining health."""
    return (max_health(st, u) if aura else u["hp"]) - u["dmg"]


# -- the effect context ----------------------------------------------------------------------

@dataclass
class Ctx:
    """Who is acting and what an effect refers to (the chosen target, the trap's entrant, ...)."""

    owner: int
    me: dict[str, Any] | None = None
    target: Any = None
    entrant: Unit | None = None
    damaged: Unit | None = None
    victim: Unit | None = None
    victim_space: int | None = None
    picked: Unit | None = None
    dealt: int = 0
    fort_cost: int = 0
    events: list[Event] = field(default_factory=list)


def say(ctx: Ctx, text: str, audience: tuple[int, ...] | None = None) -> None:
    """Adds an event for an audience (None = everyone)."""
    ctx.events.append(Event(text, audience))


def say_about(ctx: Ctx, u: dict[str, Any], text: str) -> None:
    """Tells an event about a unit: only its owner hears of a unit hidden by STEALTH."""
    ctx.events.append(Event(text, (u["owner"],) if u.get("hidden") else None))


def check(st: DFState, cond: Any, u: dict[str, Any] | None, owner: int, ctx: Ctx | None) -> bool:
    """Evaluates a condition on a unit or fort (`u`) owned by `owner`."""
    if not cond:
        return True
    if isinstance(cond, list):
        return all(check(st, c, u, owner, ctx) for c in cond)
    if isinstance(cond, dict) and "not" in cond:
        return not check(st, cond["not"], u, owner, ctx)
    if cond == "target_dead":
        return ctx is not None and isinstance(ctx.target, dict) and not _alive(st, ctx.target)
    if cond == "entrant_dead":
        return ctx is not None and ctx.entrant is not None and ctx.entrant not in st.units
    if cond == "target_is_ally":
        return ctx is not None and isinstance(ctx.target, dict) and ctx.target.get("owner") == owner
    if cond == "enemy_turn":
        return st.active != owner
    if cond == "enemy_champion_in_play":
        return any(x["champ"] and x["owner"] != owner for x in st.units)
    if cond == "enemy_in_own_territory":
        return any(x["owner"] != owner and any(in_territory(owner, row_of(s)) for s in x["sp"])
                   for x in st.units)
    if isinstance(cond, dict) and "state" in cond:
        ref = resolve_one(st, cond.get("of", "target"), ctx) if ctx else u
        if ref is None or "pw" not in ref:
            return False
        if cond["state"] == "full_health":
            return health(st, ref) >= max_health(st, ref)
        if cond["state"] == "not_champion":
            return not ref["champ"]
        if cond["state"] == "damaged":
            return ref["dmg"] > 0
        if cond["state"] == "no_fragments":
            return ref["frags"] == 0 and not ref["champ"]
        return False
    if isinstance(cond, dict) and "card" in cond:
        return u is not None and u.get("card") == cond["card"]
    if cond == "is_champion":
        return u is not None and bool(u.get("champ"))
    if cond == "champion_destroyed":
        return any(p.get("champ_dead") for p in st.players)
    if isinstance(cond, dict):
        if "race" in cond:
            ref = resolve_one(st, cond.get("of", "target"), ctx) if ctx else u
            return ref is not None and (C.card(ref["card"])["race"] or "") == cond["race"]
        if "race_in_lane" in cond:
            tgt = ctx.target if ctx else None
            if not isinstance(tgt, dict) or "sp" not in tgt:
                return False
            lanes = {lane_of(s) for s in _spaces(tgt)}
            return any((C.card(o["card"])["race"] or "") == cond["race_in_lane"]
                       and lane_of(o["sp"][0]) in lanes for o in st.units if o is not tgt)
        return False
    if u is None:
        return False
    spaces = _spaces(u)
    rows = {row_of(s) for s in spaces}
    match cond:
        case "in_enemy_territory":
            return all(not in_territory(owner, r) for r in rows)
        case "in_own_territory":
            return all(in_territory(owner, r) for r in rows)
        case "in_spawn_row":
            return spawn_row(owner) in rows
        case "not_acted":
            return not u.get("acted")
        case "stealthed":
            return bool(u.get("hidden"))
        case "on_blessed":
            return any(s in st.blessed for s in spaces)
        case "enemy_in_lane":
            lanes = {lane_of(s) for s in spaces}
            return any(o["owner"] != owner and lane_of(o["sp"][0]) in lanes for o in st.units)
        case "occupied" | "occupied_ally" | "occupied_enemy" | "occupied_enemy_or_starling":
            occ = occupant(st, u)
            if occ is None:
                return False
            if cond == "occupied":
                return True
            if cond == "occupied_ally":
                return occ["owner"] == owner
            if cond == "occupied_enemy":
                return occ["owner"] != owner
            return occ["owner"] != owner or (C.card(occ["card"])["race"] or "") == "STARLING"
        case "full_health":
            return health(st, u) >= max_health(st, u)
        case "on_fort" | "on_blessed_or_fort":
            on_fort = not u["kw"].get("FLIGHT") and any(fort_at(st, s) for s in spaces)
            return on_fort or (cond == "on_blessed_or_fort" and any(s in st.blessed for s in spaces))
        case "has_flight":
            return bool(u["kw"].get("FLIGHT"))
        case "not_giant":
            return not u.get("giant")
        case "killed_by_unit":
            return u.get("killer") is not None
    return False


def _spaces(x: dict[str, Any]) -> list[int]:
    return x["sp"] if isinstance(x["sp"], list) else [x["sp"]]


def occupant(st: DFState, f: Fort) -> Unit | None:
    """Returns the ground unit standing on a fort (flying units never occupy forts)."""
    u = unit_at(st, f["sp"])
    if u is None or has(st, u, "FLIGHT"):
        return None
    return u


# -- selectors -------------------------------------------------------------------------------

def resolve(st: DFState, sel: str, ctx: Ctx) -> list[Any]:
    """Returns what a selector names: units, forts, or ("sh", seat) for a Stronghold."""
    me, owner = ctx.me, ctx.owner
    foe = 1 - owner
    units = st.units
    match sel:
        case "self":
            return [me] if me is not None and _alive(st, me) else []
        case "target":
            return [ctx.target] if isinstance(ctx.target, dict) and _alive(st, ctx.target) else []
        case "entrant":
            return [ctx.entrant] if ctx.entrant is not None and ctx.entrant in units else []
        case "damaged":
            return [ctx.damaged] if ctx.damaged is not None and ctx.damaged in units else []
        case "picked":
            return [ctx.picked] if ctx.picked is not None and ctx.picked in units else []
        case "enemy_sh":
            return [("sh", foe)]
        case "own_sh":
            return [("sh", owner)]
        case "both_sh":
            return [("sh", 0), ("sh", 1)]
        case "allies":
            return [u for u in units if u["owner"] == owner]
        case "enemies":
            return [u for u in units if u["owner"] == foe]
        case "all_units":
            return list(units)
        case "others":
            return [u for u in units if u is not me]
        case "random_enemy" | "random_ally" | "random_other_ally":
            pool = [u for u in units if (u["owner"] == foe) == (sel == "random_enemy")
                    and (sel != "random_other_ally" or u is not me)]
            return [st.rng.choice(pool)] if pool else []
        case "occupant" | "occupant_nonchamp":
            if me is None or "pw" in me:
                return []
            occ = occupant(st, me)
            return [occ] if occ is not None and not (sel.endswith("nonchamp") and occ["champ"]) else []
        case "target_occupant":
            t = ctx.target
            if not isinstance(t, dict) or "pw" in t:
                return []
            occ = occupant(st, t)
            return [occ] if occ is not None else []
        case "target_adjacent":
            t = ctx.target
            if not isinstance(t, dict) or "pw" not in t:
                return []
            near = {n for s in t["sp"] for n in neighbours(s)} - set(t["sp"])
            return [u for u in units if any(s in near for s in u["sp"])]
        case "victim_nonchamp":
            v = ctx.victim
            return [v] if v is not None and not v["champ"] else []
        case "enemies_on_blessed":
            return [u for u in units if u["owner"] == foe and any(s in st.blessed for s in u["sp"])]
        case "damaged_nonchamp":
            d = ctx.damaged
            return [d] if d is not None and d in units and not d["champ"] else []
        case "fort_under":
            return [f for f in st.forts if me is not None and "pw" in me and f["sp"] in me["sp"]
                    and not f["kw"].get("BLESSED")]
        case "allies_on_blessed":
            return [u for u in units if u["owner"] == owner and any(s in st.blessed for s in u["sp"])]
        case "omega_units":
            return [u for u in units if (C.card(u["card"])["race"] or "") == "OMEGA"]
        case "non_golems":
            return [u for u in units if (C.card(u["card"])["race"] or "") != "GOLEM"]
        case "row_forts":
            t = ctx.target
            return [f for f in st.forts if isinstance(t, tuple) and row_of(f["sp"]) == t[1]]
        case "enemy_ahead":
            return [x for x in resolve(st, "ahead", ctx) if x["owner"] == foe]
        case "stunned_enemies":
            return [u for u in units if u["owner"] == foe and u["stun"]]
        case "enemies_on_fort_or_blessed":
            return [u for u in units if u["owner"] == foe
                    and any(s in st.blessed or fort_at(st, s) is not None for s in u["sp"])]
        case "random_other_ally_nongiant":
            pool = [u for u in units if u["owner"] == owner and u is not me and not u["giant"]]
            return [st.rng.choice(pool)] if pool else []
        case "other_allies":
            return [u for u in units if u["owner"] == owner and u is not me]
        case "poisoned_enemies":
            return [u for u in units if u["owner"] == foe and u["poison"]]
        case "enemy_spawn_row_units":
            return [u for u in units if any(row_of(s) == enemy_row(owner) for s in u["sp"])]
        case "ally_champion":
            return [u for u in units if u["owner"] == owner and u["champ"]]
        case "allies_spawn_row":
            return [u for u in units if u["owner"] == owner and any(row_of(s) == spawn_row(owner) for s in u["sp"])]
        case "allies_in_enemy_territory":
            return [u for u in units if u["owner"] == owner and all(not in_territory(owner, row_of(s)) for s in u["sp"])]
        case "all_forts":
            return list(st.forts)
        case "target_row_allies":
            t = ctx.target
            if not isinstance(t, dict) or "pw" not in t:
                return []
            rows = {row_of(s) for s in t["sp"]}
            return [u for u in units if u["owner"] == owner and u is not t
                    and any(row_of(s) in rows for s in u["sp"])]
        case "enemy_all":
            return [*(u for u in units if u["owner"] == foe),
                    *(f for f in st.forts if f["owner"] == foe and is_wall(f)), ("sh", foe)]
        case "enemies_in_own_territory":
            return [u for u in units if u["owner"] == foe
                    and all(in_territory(owner, row_of(s)) for s in u["sp"])]
    # selectors relative to a place: the source's own spaces, or the chosen lane / row
    if sel in ("allies_row", "enemies_row", "allies_lane", "enemies_lane", "units_lane",
               "enemies_lane_nonchamp", "enemy_forts_lane", "adjacent", "ahead", "fort_ahead",
               "enemy_spawn_lane", "random_enemy_lane", "forts_lane", "enemy_fort_ahead",
               "units_lane_others", "units_lane_nonchamp"):
        base = _spaces(me) if me is not None else ([ctx.victim_space] if ctx.victim_space is not None else [])
        if not base:
            return []
        rows = {row_of(s) for s in base}
        lanes = {lane_of(s) for s in base}
        if sel == "allies_row":
            return [u for u in units if u["owner"] == owner and u is not me and row_of(u["sp"][0]) in rows]
        if sel == "enemies_row":
            return [u for u in units if u["owner"] == foe and row_of(u["sp"][0]) in rows]
        if sel in ("allies_lane", "enemies_lane", "units_lane", "enemies_lane_nonchamp"):
            out = [u for u in units if any(lane_of(s) in lanes for s in u["sp"])]
            if sel == "allies_lane":
                return [u for u in out if u["owner"] == owner]
            if sel == "units_lane":
                return out
            if sel == "units_lane_others":
                return [u for u in out if u is not me]
            if sel == "units_lane_nonchamp":
                return [u for u in out if not u["champ"]]
            out = [u for u in out if u["owner"] == foe]
            return [u for u in out if not u["champ"]] if sel.endswith("nonchamp") else out
        if sel == "enemy_forts_lane":
            return [f for f in st.forts if f["owner"] == foe and lane_of(f["sp"]) in lanes]
        if sel == "forts_lane":
            return [f for f in st.forts if lane_of(f["sp"]) in lanes]
        if sel == "random_enemy_lane":
            pool = [u for u in units if u["owner"] == foe and any(lane_of(s) in lanes for s in u["sp"])]
            return [st.rng.choice(pool)] if pool else []
        if sel == "adjacent":
            near = {n for s in base for n in neighbours(s)} - set(base)
            return [u for u in units if u is not me and any(s in near for s in u["sp"])]
        ahead = [row_of(s) * 4 + lane_of(s) + 4 * fwd(owner) for s in base
                 if 0 <= row_of(s) + fwd(owner) <= 3]
        if sel == "ahead":
            return _unique([unit_at(st, s) for s in ahead])
        if sel in ("fort_ahead", "enemy_fort_ahead"):
            return [f for f in (fort_at(st, s) for s in ahead) if f is not None
                    and (sel == "fort_ahead" or f["owner"] == foe)]
        if sel == "enemy_spawn_lane":
            return _unique([unit_at(st, enemy_row(owner) * 4 + c) for c in sorted(lanes)
                            if (x := unit_at(st, enemy_row(owner) * 4 + c)) and x["owner"] == foe])
    if sel.startswith("forts_named:"):
        return [f for f in st.forts if f["card"] == sel.split(":", 1)[1]]
    if sel in ("lane_units", "row_allies", "row_enemies", "lane_units_nonchamp"):
        t = ctx.target
        if not isinstance(t, tuple):
            return []
        if t[0] == "lane":
            return [u for u in units if any(lane_of(s) == t[1] for s in u["sp"])
                    and not (sel == "lane_units_nonchamp" and u["champ"])]
        return [u for u in units if row_of(u["sp"][0]) == t[1]
                and (u["owner"] == owner) == (sel == "row_allies")]
    return []


def resolve_one(st: DFState, sel: str, ctx: Ctx | None) -> Any:
    """Returns the first thing a selector names, or None."""
    if ctx is None:
        return None
    found = resolve(st, sel, ctx)
    return found[0] if found else None


def _unique(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for x in items:
        if x is not None and all(x is not y for y in out):
            out.append(x)
    return out


def neighbours(sp: int) -> list[int]:
    """Returns the spaces sharing an edge with a space."""
    r, c = row_of(sp), lane_of(sp)
    return [rr * 4 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr <= 3 and 0 <= cc <= 3]


def _alive(st: DFState, x: dict[str, Any]) -> bool:
    return any(x is u for u in st.units) or any(x is f for f in st.forts)


# -- the effect interpreter ------------------------------------------------------------------

def amount(st: DFState, n: Any, ctx: Ctx) -> int:
    """Returns an effect's amount (fixed, random range, or counted)."""
    if isinstance(n, int):
        return n
    if isinstance(n, dict):
        if "dealt" in n:
            return n["dealt"] * ctx.dealt
        if n["count"] == "blessed_frontline":
            return n["times"] * sum(1 for s in st.blessed if row_of(s) in (1, 2))
        return n["times"] * len(resolve(st, n["count"], ctx))
    if isinstance(n, list):
        return n[0] + st.rng.below(n[1] - n[0] + 1)
    match n:
        case "dealt":
            return ctx.dealt
        case "victim_frags":
            return ctx.victim["frags"] if ctx.victim else 0
        case "fort_cost":
            return ctx.fort_cost
        case "enemy_hand":
            return len(st.players[1 - ctx.owner]["hand"])
        case "victim_cost":
            return C.card(ctx.victim["card"])["cost"] if ctx.victim else 0
        case "picked_power":
            return power(st, ctx.picked) if ctx.picked is not None else 0
        case "target_cost":
            t = ctx.target
            return C.card(t["card"])["cost"] if isinstance(t, dict) else 0
        case "other_golems":
            return sum(1 for u in st.units if u["owner"] == ctx.owner and u is not ctx.me
                       and (C.card(u["card"])["race"] or "") == "GOLEM")
    return 0


def run_effects(st: DFState, effects: list[dict[str, Any]], ctx: Ctx) -> None:
    """Interprets a list of effects in order, resolving deaths after each one."""
    for e in effects:
        if st.result is not None:
            return
        run_effect(st, e, ctx)
        resolve_deaths(st, ctx)


def run_effect(st: DFState, e: dict[str, Any], ctx: Ctx) -> None:
    """Interprets one effect."""
    op = e["op"]
    owner = ctx.owner
    p = st.players[owner]
    match op:
        case "draw":
            n = amount(st, e.get("n", 1), ctx)
            seats = {"both": (owner, 1 - owner), "enemy": (1 - owner,)}.get(e.get("who", ""), (owner,))
            for s in seats:
                for _ in range(n):
                    draw(st, s, ctx)
        case "mana":
            gain_mana(st, owner, amount(st, e.get("n", 1), ctx))
        case "fill_mana":
            p["mana"] = MANA_CAP
        case "tokens":
            p["tokens"] += amount(st, e.get("n", 1), ctx)
        case "drain":
            lost = min(amount(st, e.get("n", 1), ctx), st.players[1 - owner]["mana"])
            st.players[1 - owner]["mana"] -= lost
            gain_mana(st, owner, lost)
        case "damage":
            n = amount(st, e.get("n", 1), ctx)
            total = 0
            for t in resolve(st, e["to"], ctx):
                total += damage_any(st, t, n, ctx, source=ctx.me)
            ctx.dealt = total
        case "damage_split":
            for _ in range(amount(st, e.get("n", 1), ctx)):
                pool = [x for x in resolve(st, e["to"], ctx)
                        if isinstance(x, tuple) or ("pw" in x and health(st, x) > 0)
                        or ("pw" not in x and x["dmg"] < x["hp"])]
                if pool:
                    damage_any(st, st.rng.choice(pool), 1, ctx, source=ctx.me)
        case "damage_pierce":
            _pierce(st, amount(st, e.get("n", 1), ctx), ctx)
        case "heal":
            n = amount(st, e.get("n", 1), ctx)
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, tuple):
                    pl = st.players[t[1]]
                    pl["sh"] = min(STRONGHOLD, pl["sh"] + n)
                elif "pw" in t:
                    t["dmg"] = max(0, t["dmg"] - n)
        case "buff":
            pw = amount(st, e.get("pw", 0), ctx)
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    if e.get("eot"):
                        t["tmp"] = t.get("tmp", 0) + pw
                    else:
                        t["pw"] += pw
                    t["hp"] += e.get("hp", 0)
        case "set_power":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    if e.get("eot"):
                        t["eotpw"] = e["n"]
                    else:
                        t["pw"] = e["n"]
                        t["eotpw"] = None
        case "stun":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["stun"] = 1
        case "poison":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["poison"] = True
        case "grant":
            for t in resolve(st, e["to"], ctx):
                if not (isinstance(t, dict) and "pw" in t):
                    continue
                if "kw" in e and e.get("eot"):
                    t["tmpkw"] = {**(t.get("tmpkw") or {}), **e["kw"]}
                elif "kw" in e:
                    t["kw"].update(e["kw"])
                    if "STEALTH" in e["kw"] and t.get("just_played"):
                        t["hidden"] = True
                if "respawn" in e:
                    t["respawn"] = e["respawn"]
                if "ability" in e:
                    ab = dict(e["ability"])
                    if e.get("caster"):
                        ab["seat"] = owner
                    t["ab"].append(ab)
        case "random":
            run_effects(st, st.rng.choice(e["of"]), ctx)
        case "if":
            branch = e["then"] if check(st, e["cond"], ctx.me, owner, ctx) else e.get("else", [])
            run_effects(st, branch, ctx)
        case "each":
            old = ctx.picked
            for t in resolve(st, e["to"], ctx):
                ctx.picked = t
                run_effects(st, e["do"], ctx)
            ctx.picked = old
        case "pick":
            found = resolve(st, e["to"], ctx)
            if found:
                old = ctx.picked
                ctx.picked = found[0]
                run_effects(st, e["do"], ctx)
                ctx.picked = old
        case "add_hand":
            n = amount(st, e.get("n", 1), ctx)
            seat = 1 - owner if e.get("who") == "enemy" else owner
            for _ in range(n):
                add_to_hand(st, seat, e["card"], ctx)
        case "copy_hand":
            for t in resolve(st, e["to"], ctx):
                add_to_hand(st, owner, t["card"], ctx)
        case "summon":
            if e["to"] == "open_frontline_lane":
                lanes = {lane_of(s) for s in _spaces(ctx.me)} if ctx.me else set()
                spots = [s for s in range(4, 12) if lane_of(s) in lanes]
            elif e["to"] == "open_spawn_row":
                spots = [spawn_row(owner) * 4 + c for c in range(4)]
            elif e["to"] == "self_space":
                spots = _spaces(ctx.me) if ctx.me else []
            elif e["to"] == "victim_space":
                spots = [ctx.victim_space] if ctx.victim_space is not None else []
            else:
                spots = [s for s in range(16) if in_territory(owner, row_of(s))]
            for sp in spots:
                if unit_at(st, sp) is None and not is_wall(fort_at(st, sp)):
                    u = new_unit(st, e["card"], owner, [sp])
                    place_unit(st, u, ctx)
        case "destroy":
            hit = False
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["dmg"] = max(t["dmg"], max_health(st, t)) + 100
                    t["doomed"] = True
                    hit = True
                elif isinstance(t, dict):
                    if ctx.fort_cost == 0:
                        ctx.fort_cost = C.card(t["card"])["cost"]
                    destroy_fort(st, t, ctx)
                    hit = True
            if hit and e.get("then"):
                resolve_deaths(st, ctx)
                run_effects(st, e["then"], ctx)
        case "lose_fragment":
            me = ctx.me
            if me is not None and me["frags"] > 0:
                me["frags"] -= 1
            else:
                run_effects(st, e.get("else", []), ctx)
        case "discard_hand":
            hand = p["hand"]
            n = len(hand)
            p["hand"] = []
            if n:
                say(ctx, f"{{p{owner}}} discards {n} card(s).")
            for cid in hand:
                discarded(st, owner, cid, ctx)
            for _ in range(n):
                run_effects(st, e["each"], ctx)
        case "bless" | "unbless":
            spaces: list[int] = []
            to = e["to"]
            if to == "self_space":
                src = ctx.me
                spaces = _spaces(src) if src else []
            elif to == "target_space":
                t = ctx.target
                spaces = _spaces(t) if isinstance(t, dict) else []
            elif to == "victim_space":
                spaces = [ctx.victim_space] if ctx.victim_space is not None else []
                spaces = [s for s in spaces if fort_at(st, s) is None]
            elif to == "all_unforted":
                spaces = [s for s in range(16) if fort_at(st, s) is None]
            elif to == "lane_unforted":
                t = ctx.target
                spaces = [s for s in range(16) if isinstance(t, tuple) and lane_of(s) == t[1]
                          and fort_at(st, s) is None]
            elif to in ("random_frontline", "random_any"):
                pool = [s for s in range(16) if s not in st.blessed
                        and (to == "random_any" or row_of(s) in (1, 2))]
                for _ in range(min(e.get("n", 1), len(pool))):
                    s = st.rng.choice(pool)
                    pool.remove(s)
                    spaces.append(s)
            for s in spaces:
                if op == "bless" and s not in st.blessed:
                    st.blessed.append(s)
                elif op == "unbless" and s in st.blessed:
                    st.blessed.remove(s)
            st.blessed.sort()
        case "push" | "pull":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    step = fwd(owner) if op == "push" else -fwd(owner)
                    nudge(st, t, 4 * step, ctx)
        case "shift":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    dirs = [d for d in (-1, 1) if can_slide(st, t, d)]
                    if dirs:
                        slide(st, t, st.rng.choice(dirs), ctx)
        case "return_hand":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t and t in st.units:
                    st.units.remove(t)
                elif isinstance(t, dict) and "pw" not in t and t in st.forts:
                    st.forts.remove(t)
                else:
                    continue
                add_to_hand(st, t["owner"], t["card"], ctx)
                say(ctx, f"{C.name(t['card'])} returns to {{p{t['owner']}}}'s hand.")
        case "evolve":
            for t in resolve(st, e.get("to", "self"), ctx):
                if isinstance(t, dict) and "pw" in t:
                    evolve(st, t, e["card"], ctx)
        case "hide":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["hidden"] = True
        case "blight":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["frags"] = 0
        case "refresh":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["acted"] = False
        case "to_deck":
            deck = p["deck"]
            deck.insert(st.rng.below(len(deck) + 1), e["card"])
        case "teleport":
            for t in resolve(st, e["to"], ctx):
                if not (isinstance(t, dict) and "pw" in t) or t["giant"]:
                    continue
                where = e["where"]
                if where == "owner_spawn_row":
                    rows = [spawn_row(t["owner"])]
                elif where == "open_enemy_frontline":
                    rows = [r for r in (1, 2) if not in_territory(t["owner"], r)]
                else:
                    rows = [1, 2]
                spots = [r * 4 + c for r in rows for c in range(4)
                         if unit_at(st, r * 4 + c) is None and not is_wall(fort_at(st, r * 4 + c))]
                if spots:
                    enter(st, t, [st.rng.choice(spots)], ctx)
        case "steal_fort":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" not in t:
                    t["owner"] = owner
                    twin = find_fort(st, t["twin"]) if t.get("twin") else None
                    if twin is not None:
                        twin["owner"] = owner
        case "steal_fragments":
            if ctx.victim is not None:
                gain_mana(st, owner, ctx.victim["frags"])
                ctx.victim["frags"] = 0
        case "hush":
            for t in resolve(st, e["to"], ctx):
                if isinstance(t, dict) and "pw" in t:
                    t["kw"], t["ab"], t["respawn"] = {}, [], None
                    t["pw"] = C.card(t["card"])["power"]


def _pierce(st: DFState, n: int, ctx: Ctx) -> None:
    """Deals `n` to the target; what its health cannot absorb runs on down the lane to the Stronghold."""
    t = ctx.target
    if not isinstance(t, dict) or t not in st.units:
        return
    owner = ctx.owner
    lane = lane_of(t["sp"][0])
    row = row_of(t["sp"][0])
    left = n
    hits: list[Any] = []
    r = row
    while 0 <= r <= 3 and left > 0:
        u = unit_at(st, r * 4 + lane)
        if u is not None and u["owner"] != owner and all(u is not h for h in hits):
            take = min(left, max(0, health(st, u)))
            hits.append(u)
            damage_unit(st, u, left, ctx, source=None)
            left -= take
        r += fwd(owner)
    if left > 0:
        damage_stronghold(st, 1 - owner, left, ctx, source=None)


def discarded(st: DFState, seat: int, cid: str, ctx: Ctx) -> None:
    """Runs what a discard sets off: the card's own "when discarded" effect, then discard triggers."""
    for a in C.card(cid)["abilities"]:
        if a["on"] == "discarded":
            run_effects(st, a["do"], Ctx(owner=seat, events=ctx.events))
    for x in [*st.units, *st.forts]:
        for a in list(x["ab"]):
            on = a["on"]
            if (on == "any_discard" or (on == "own_discard" and x["owner"] == seat)) \
                    and check(st, a.get("if"), x, x["owner"], None) and _alive(st, x):
                run_effects(st, a["do"], Ctx(owner=a.get("seat", x["owner"]), me=x, events=ctx.events))


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
        damage_stronghold(st, seat, p["fatigue"], ctx, source=None)
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


# -- damage and death ------------------------------------------------------------------------

def damage_any(st: DFState, t: Any, n: int, ctx: Ctx, *, source: Any) -> int:
    """Damages a unit, a wall or a Stronghold."""
    if isinstance(t, tuple):
        return damage_stronghold(st, t[1], n, ctx, source=source)
    if "pw" in t:
        return damage_unit(st, t, n, ctx, source=source)
    return damage_fort(st, t, n, ctx, source=source)


def damage_unit(st: DFState, u: Unit, n: int, ctx: Ctx, *, source: Any, combat: bool = False) -> int:
    """Deals damage to a unit (ARMOR softens combat hits) and runs what damage sets off."""
    if combat and has(st, u, "ARMOR"):
        n -= has(st, u, "ARMOR")
    if combat and u["kw"].get("BULWARK"):
        n = min(n, u["kw"]["BULWARK"])
    if n <= 0 or u not in st.units:
        return 0
    if source is not None and "pw" not in source and u["kw"].get("FORTPROOF"):
        return 0
    u["dmg"] += n
    u["hurt"] = True
    if source is not None and "pw" in source:
        u["killer"] = source["id"]
    say_about(ctx, u, f"{C.name(u['card'])} takes {n} damage.")
    for a in [a for a in u["ab"] if a["on"] == "damaged"]:
        sub = Ctx(owner=a.get("seat", u["owner"]), me=u, events=ctx.events, dealt=n)
        run_effects(st, a["do"], sub)
    if source is not None and "pw" in source and source["owner"] != u["owner"]:
        dealt_by_unit(st, source, u, n, ctx, combat=combat)
    return n


def dealt_by_unit(st: DFState, src: Unit, victim: Unit | None, n: int, ctx: Ctx, *, combat: bool) -> None:
    """Runs what a unit's damage sets off: SIPHON, BLIGHT, STUN and "units damaged by this unit"."""
    siphon = has(st, src, "SIPHON")
    if siphon:
        pl = st.players[src["owner"]]
        pl["sh"] = min(STRONGHOLD, pl["sh"] + siphon)
    if victim is None:
        return
    if has(st, src, "BLIGHT"):
        victim["frags"] = 0
    if combat and has(st, src, "STUN"):
        victim["stun"] = 1
    for a in src["ab"]:
        if a["on"] == "dealt_damage":
            run_effects(st, a["do"], Ctx(owner=src["owner"], me=src, damaged=victim, dealt=n,
                                         events=ctx.events))


def damage_fort(st: DFState, f: Fort, n: int, ctx: Ctx, *, source: Any) -> int:
    """Damages a WALL fort, destroying it at 0."""
    if not is_wall(f) or n <= 0 or f not in st.forts:
        return 0
    f["dmg"] += n
    say(ctx, f"{C.name(f['card'])} takes {n} damage.")
    for a in f["ab"]:
        if a["on"] == "damaged":
            run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, dealt=n, events=ctx.events))
    if source is not None and "pw" in source:
        dealt_by_unit(st, source, None, n, ctx, combat=False)
    if f["dmg"] >= f["hp"] and f in st.forts:
        destroy_fort(st, f, ctx)
    return n


def damage_stronghold(st: DFState, seat: int, n: int, ctx: Ctx, *, source: Any) -> int:
    """Damages a Stronghold; a guarding unit in that seat's Spawn Row takes it instead."""
    if n <= 0:
        return 0
    for g in st.units:
        if g["owner"] == seat and g["kw"].get("GUARD") and spawn_row(seat) in {row_of(s) for s in g["sp"]}:
            say(ctx, f"{C.name(g['card'])} shields {{p{seat}}}'s Stronghold.")
            return damage_unit(st, g, n, ctx, source=source)
    p = st.players[seat]
    p["sh"] -= n
    say(ctx, f"{{p{seat}}}'s Stronghold takes {n} damage ({max(0, p['sh'])} left).")
    if source is not None and "pw" in source:
        dealt_by_unit(st, source, None, n, ctx, combat=False)
    for x in [*st.units, *st.forts]:
        for a in x["ab"]:
            on = a["on"]
            if on == "any_sh_damaged" or (on == "enemy_sh_damaged" and x["owner"] != seat) \
                    or (on == "own_sh_damaged" and x["owner"] == seat):
                run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, events=ctx.events))
    check_end(st)
    return n


def check_end(st: DFState) -> None:
    """Ends the game when a Stronghold has fallen."""
    if st.result is not None:
        return
    dead = [s for s in (0, 1) if st.players[s]["sh"] <= 0]
    if len(dead) == 2:
        st.result = {"winners": [], "reason": "both Strongholds fell"}
    elif dead:
        st.result = {"winners": [1 - dead[0]], "reason": "Stronghold destroyed"}
    if st.result is not None:
        st.phase = "over"


def destroy_fort(st: DFState, f: Fort, ctx: Ctx) -> None:
    """Removes a fort (and its other half) and runs its DEATH effects."""
    if f not in st.forts:
        return
    st.forts.remove(f)
    twin = find_fort(st, f["twin"]) if f.get("twin") else None
    if twin is not None:
        st.forts.remove(twin)
    say(ctx, f"{C.name(f['card'])} is destroyed.")
    for a in f["ab"]:
        if a["on"] == "death":
            run_effects(st, a["do"], Ctx(owner=f["owner"], me=None, victim_space=f["sp"], events=ctx.events))
    for x in [*st.units, *st.forts]:
        for a in x["ab"]:
            if a["on"] == "fort_destroyed":
                run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, events=ctx.events))


def resolve_deaths(st: DFState, ctx: Ctx) -> None:
    """Removes dead units, then runs DEATH, EXECUTE, RESPAWN, SURVIVOR and fragment refunds."""
    while st.result is None:
        dead = [u for u in st.units if u["dmg"] >= u["hp"] and health(st, u) <= 0]
        if not dead:
            break
        for u in dead:
            st.units.remove(u)
        fallen = {u["id"]: u for u in dead}
        for u in dead:
            _on_death(st, u, ctx, fallen)
    survivors = [u for u in st.units if u.pop("hurt", False)]
    for u in survivors:
        for a in u["ab"]:
            if a["on"] == "survivor" and u in st.units:
                run_effects(st, a["do"], Ctx(owner=u["owner"], me=u, events=ctx.events))


def _on_death(st: DFState, u: Unit, ctx: Ctx, fallen: dict[int, Unit]) -> None:
    owner = u["owner"]
    u.pop("hurt", None)
    say(ctx, f"{C.name(u['card'])} of {{p{owner}}} is destroyed.")
    base = u["sp"][0]
    for a in u["ab"]:
        if a["on"] == "death" and check(st, a.get("if"), u, owner, None):
            run_effects(st, a["do"], Ctx(owner=owner, me=None, victim_space=base, victim=u,
                                         events=ctx.events))
    killer = u.get("killer")
    if killer is not None:
        k = find_unit(st, killer) or fallen.get(killer)
        if k is not None and k["owner"] != owner:
            for a in k["ab"]:
                if a["on"] == "execute":
                    run_effects(st, a["do"], Ctx(owner=k["owner"], me=k, victim=u,
                                                 victim_space=base, events=ctx.events))
    for x in list(st.units):
        for a in x["ab"]:
            on = a["on"]
            if (on == "any_died" or (on == "ally_died" and x["owner"] == owner)
                    or (on == "enemy_died" and x["owner"] != owner)) and x in st.units \
                    and check(st, a.get("if"), x, x["owner"], None):
                run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, events=ctx.events))
    for f in list(st.forts):
        if f["sp"] in u["sp"] and not has_flight_raw(u):
            for a in f["ab"]:
                if a["on"] == "occupant_died":
                    run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, events=ctx.events))
    if u["champ"]:
        st.players[owner]["champ_dead"] = True
    if not u.get("respawn"):
        for src in st.units:
            for a in src["ab"]:
                if a["on"] == "aura" and a.get("respawn") and src["owner"] == owner \
                        and check(st, a.get("if"), u, owner, None):
                    u["respawn"] = a["respawn"]
    if u.get("respawn"):
        spaces = [s for s in u["sp"] if unit_at(st, s) is None]
        rid = u["respawn"]
        if isinstance(rid, list):
            rid = st.rng.choice(rid)
        for s in spaces:
            if C.card(rid)["giant"] and len(spaces) < 2:
                break
            nu = new_unit(st, rid, owner, spaces if C.card(rid)["giant"] else [s])
            place_unit(st, nu, ctx)
            trigger(st, nu, "spawn", ctx)
            if C.card(rid)["giant"]:
                break
    if u["frags"]:
        gain_mana(st, owner, u["frags"])


def has_flight_raw(u: Unit) -> bool:
    """Tells whether a unit has printed or granted FLIGHT."""
    return bool(u["kw"].get("FLIGHT"))


# -- placing and moving ----------------------------------------------------------------------

def place_unit(st: DFState, u: Unit, ctx: Ctx) -> None:
    """Puts a unit on the board (no SPAWN trigger): BLESS marks its tiles."""
    st.units.append(u)
    st.units.sort(key=lambda x: x["id"])
    if u["kw"].get("BLESS"):
        for s in u["sp"]:
            if fort_at(st, s) is None and s not in st.blessed:
                st.blessed.append(s)
        st.blessed.sort()


def free_for(st: DFState, sp: int, mover: Unit | None, *, seen_by: int | None = None) -> bool:
    """Tells whether a unit could step onto `sp` (no unit, no wall); hidden enemies of `seen_by`
    count as empty, since that player cannot see them."""
    x = unit_at(st, sp)
    if x is not None and x is not mover \
            and not (seen_by is not None and x["hidden"] and x["owner"] != seen_by):
        return False
    return not is_wall(fort_at(st, sp))


def enter(st: DFState, u: Unit, new: list[int], ctx: Ctx) -> None:
    """Moves a unit onto new spaces and runs what entering sets off: traps, BERSERK, BLESS,
    territory entry and move triggers."""
    old_rows = {row_of(s) for s in u["sp"]}
    u["sp"] = sorted(new)
    foe = 1 - u["owner"]
    if u["kw"].get("BLESS") or has(st, u, "BLESS"):
        for s in new:
            if fort_at(st, s) is None and s not in st.blessed:
                st.blessed.append(s)
        st.blessed.sort()
    if not has(st, u, "FLIGHT"):
        for s in new:
            f = fort_at(st, s)
            if f is not None and f["owner"] != u["owner"] and u in st.units:
                for a in f["ab"]:
                    if a["on"] == "trap" and f in st.forts:
                        say_about(ctx, u, f"{C.name(u['card'])} springs {C.name(f['card'])}.")
                        run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, entrant=u,
                                                     events=ctx.events))
    if u not in st.units:
        return
    if has(st, u, "BERSERK"):
        near = {n for s in u["sp"] for n in neighbours(s)} - set(u["sp"])
        for x in [x for x in st.units if x is not u and any(s in near for s in x["sp"])]:
            damage_unit(st, x, 1, ctx, source=u)
        for s in sorted(near):
            f = fort_at(st, s)
            if f is not None and is_wall(f) and f["owner"] != u["owner"]:
                damage_fort(st, f, 1, ctx, source=u)
        if enemy_row(u["owner"]) in {row_of(s) for s in u["sp"]}:
            damage_stronghold(st, foe, 1, ctx, source=u)
        resolve_deaths(st, ctx)
    if u not in st.units:
        return
    new_rows = {row_of(s) for s in u["sp"]}
    if any(in_territory(foe, r) for r in new_rows) and not any(in_territory(foe, r) for r in old_rows):
        for x in list(st.units):
            if x["owner"] == foe:
                for a in x["ab"]:
                    if a["on"] == "enemy_enters":
                        run_effects(st, a["do"], Ctx(owner=foe, me=x, events=ctx.events))
    for a in list(u["ab"]):
        if a["on"] == "moved" and u in st.units and check(st, a.get("if"), u, u["owner"], None):
            run_effects(st, a["do"], Ctx(owner=u["owner"], me=u, events=ctx.events))


def nudge(st: DFState, u: Unit, delta: int, ctx: Ctx) -> bool:
    """Moves a unit one row (PUSH / PULL) when every space it would take is free."""
    new = [s + delta for s in u["sp"]]
    if any(not 0 <= s < 16 for s in new) or not all(free_for(st, s, u) for s in new):
        return False
    enter(st, u, new, ctx)
    for x in [*st.units, *st.forts]:
        for a in list(x["ab"]):
            if a["on"] == "nudged" and u in st.units:
                run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, entrant=u, events=ctx.events))
    return True


def can_slide(st: DFState, u: Unit, d: int, *, seen_by: int | None = None) -> bool:
    """Tells whether a unit could slide one lane (SHIFT) as `seen_by` sees the board."""
    new = [s + d for s in u["sp"]]
    if any(lane_of(s) + d not in range(4) for s in u["sp"]):
        return False
    return all(free_for(st, s, u, seen_by=seen_by) for s in new)


def slide(st: DFState, u: Unit, d: int, ctx: Ctx) -> None:
    """Slides a unit one lane; a hidden enemy there is revealed instead."""
    new = [s + d for s in u["sp"]]
    blocker = next((x for s in new if (x := unit_at(st, s)) is not None and x is not u), None)
    if blocker is not None:
        blocker["hidden"] = False
        say(ctx, f"A hidden {C.name(blocker['card'])} is revealed.")
        return
    enter(st, u, new, ctx)


def evolve(st: DFState, u: Unit, cid: str, ctx: Ctx) -> None:
    """Turns a unit into another card in place (fresh stats, keeps its activation state)."""
    c = C.card(cid)
    say_about(ctx, u, f"{C.name(u['card'])} evolves into {c['name']}.")
    st.next_id += 1  # changes the board key, so cached aura lookups are redone
    u.update({"card": cid, "pw": c["power"], "hp": c["health"], "dmg": 0, "frags": c["fragments"],
              "kw": dict(c["kw"]), "ab": [dict(a) for a in c["abilities"]], "eotpw": None,
              "respawn": c.get("respawn")})


def trigger(st: DFState, x: dict[str, Any], on: str, ctx: Ctx, **extra: Any) -> None:
    """Runs a unit's or fort's abilities for one trigger (conditions checked)."""
    for a in list(x["ab"]):
        if a["on"] == on and check(st, a.get("if"), x, x["owner"], None):
            if "pw" in x and x not in st.units:
                return
            if "pw" not in x and x not in st.forts:
                return
            sub = Ctx(owner=a.get("seat", x["owner"]), me=x, events=ctx.events, **extra)
            run_effects(st, a["do"], sub)
