"""Activation and combat: what an activated unit does (fire, attack or march), and how one attack
resolves (SWIFT, RANGE, ARMOR, DEATHBLOW, PUSH and the triggers around a fight).

Planning follows what the unit's owner can see: a hidden (STEALTH) enemy looks empty, and a unit
stepping into it reveals it and attacks it instead.
"""

from __future__ import annotations

from typing import TypedDict

from games.dragonfront import cards as C
from games.dragonfront import triggers_more
from games.dragonfront.board import (
    enemy_row,
    fort_at,
    fwd,
    is_alive,
    is_wall,
    lane_of,
    on_board,
    row_of,
    space_name,
    unit_at,
)
from games.dragonfront.context import Ctx, say, say_about
from games.dragonfront.damage import (
    damage_fort,
    damage_stronghold,
    damage_unit,
    resolution,
    resolve_deaths,
)
from games.dragonfront.movement import enter, free_for, nudge
from games.dragonfront.state import DFState, Fort, Place, Target, Unit
from games.dragonfront.stats import has, health, keywords, max_health, power
from games.dragonfront.timed import expire
from games.dragonfront.triggers import activated, reveal, trigger
from games.text import make_text, seat_ref

Aim = tuple[Target, int]
"""Something a unit would attack (a unit, a wall or ("sh", seat)) and how many rows away."""


class Plan(TypedDict, total=False):
    """What activating a unit would do: "catapult" or "attack" its `targets`, or "move" `to`."""

    kind: str
    targets: list[Aim]
    to: list[int]


# -- planning --------------------------------------------------------------------------------


def plan(st: DFState, u: Unit, seen_by: int | None,
         kws: dict[str, int] | None = None) -> Plan | None:
    """Returns what activating `u` would do as `seen_by` sees the board, or None when it cannot
    (`kws`: the unit's `keywords` when already known)."""
    if kws is None:
        kws = keywords(st, u)
    if kws.get("CATAPULT"):
        return {"kind": "catapult", "targets": [_catapult_target(st, u, seen_by)]}
    sp = u["sp"]
    if len(sp) == 1:
        t = _scan(st, u, sp[0] % 4, seen_by, kws=kws)
        if t is not None:
            return {"kind": "attack", "targets": [t]}
    else:
        targets: list[Aim] = []
        for s in sp:
            t = _scan(st, u, lane_of(s), seen_by, kws=kws)
            if t is not None and all(t[0] is not x[0] and t[0] != x[0] for x in targets):
                targets.append(t)
        if targets:
            return {"kind": "attack", "targets": targets}
    if u["kw"].get("ROOTED"):
        return None
    step = 4 if u["owner"] == 0 else -4  # 4 * fwd(owner)
    nxt = [s + step for s in sp]
    for s in nxt:
        if not 0 <= s < 16 or not free_for(st, s, u, seen_by=seen_by):
            return None
    return {"kind": "move", "to": nxt}


def can_activate(st: DFState, u: Unit, kws: dict[str, int] | None = None) -> bool:
    """Tells whether a unit may be activated now (`kws`: its `keywords` when already known)."""
    if u["acted"] or (u["stun"] and not u["kw"].get("STUNPROOF")):
        return False
    if kws is None:
        kws = keywords(st, u)
    return (not u["sick"] or bool(kws.get("RUSH"))) and _has_plan(st, u, kws)


def _has_plan(st: DFState, u: Unit, kws: dict[str, int]) -> bool:
    """Tells whether `plan` (as the unit's owner sees the board) would find something to do,
    without building the plan: a catapult always fires, else something in reach of a lane, else
    a free step forward."""
    if kws.get("CATAPULT"):
        return True
    seat: int = u["owner"]
    sp: list[int] = u["sp"]
    for s in sp:
        if _scan(st, u, s % 4, seat, kws=kws) is not None:
            return True
    printed: dict[str, int] = u["kw"]  # typed: a native `get`, not a method call
    if printed.get("ROOTED"):
        return False
    step = 4 if seat == 0 else -4
    for s in sp:
        if not 0 <= s + step < 16 or not free_for(st, s + step, u, seen_by=seat):
            return False
    return True


def _scan(st: DFState, u: Unit, lane: int, seen_by: int | None, *,
          after_move: bool = False, kws: dict[str, int] | None = None) -> Aim | None:
    """Returns what a unit would attack in one lane (unit, wall fort or ("sh", seat)) and how far
    (`kws`: the unit's `keywords` when already known).

    A RANGE unit reaches two rows; a FLIGHT unit in the enemy Frontline flies over a non-flying
    unit in front to the Stronghold; after a move, the Stronghold is out of reach."""
    seat: int = u["owner"]  # typed locals: native integer arithmetic when compiled
    f = 4 if seat == 0 else -4  # a row forward, in spaces
    spaces: list[int] = u["sp"]
    sp = spaces[0] // 4 * 4 + lane
    reach = 2 if (kws.get("RANGE") if kws is not None else has(st, u, "RANGE")) else 1
    over = False
    still = st.cache.still  # who stands where and the walls (`board.still`)
    occupancy = still.occupancy if still is not None else None
    walls: set[int] | tuple[()] | None = () if not st.forts else \
        still.walls if still is not None else None
    for d in range(1, 4):  # a native loop (a tuple is iterated through Python)
        sp += f
        if sp < 0 or sp > 15:
            if after_move or (d > reach and not over):
                return None
            return ("sh", 1 - seat), d
        if d > reach and not over:
            return None
        x = occupancy[sp] if occupancy is not None else unit_at(st, sp)  # sp is on the board
        if x is not None and x is not u:
            if x["owner"] == seat:
                return None
            if not (x["hidden"] and seen_by == seat):
                if d == 1 and not after_move and sp // 4 == enemy_row(seat) \
                        and (kws.get("FLIGHT") if kws is not None else has(st, u, "FLIGHT")) \
                        and not has(st, x, "FLIGHT"):
                    over = True
                    continue
                return x, d
        if walls is None or sp in walls:
            fo = fort_at(st, sp)
            if fo is not None and is_wall(fo):
                return (fo, d) if fo["owner"] != seat else None
    return None


def _catapult_target(st: DFState, u: Unit, seen_by: int | None) -> Aim:
    """CATAPULT: the first visible enemy unit or wall down the lane, else the Stronghold."""
    seat = u["owner"]
    row, lane = row_of(u["sp"][0]), lane_of(u["sp"][0])
    d = 0
    rr = row
    while True:
        rr += fwd(seat)
        d += 1
        if rr < 0 or rr > 3:
            return ("sh", 1 - seat), d
        x = unit_at(st, rr * 4 + lane)
        if x is not None and x["owner"] != seat and not (x["hidden"] and seen_by == seat):
            return x, d
        fo = fort_at(st, rr * 4 + lane)
        if fo is not None and is_wall(fo) and fo["owner"] != seat:
            return fo, d


# -- activation ------------------------------------------------------------------------------


def activate(st: DFState, u: Unit, ctx: Ctx) -> None:
    """Activates a unit: ACTION effects, then it fires (CATAPULT), attacks, or moves (SPRINT: two)."""
    u["acted"] = True
    trigger(st, u, "action", ctx)
    triggers_more.activated(st, u, ctx)
    if st.forts and on_board(st, u):
        activated(st, u, ctx)
    if not on_board(st, u) or st.result is not None or u["stun"]:
        return
    _act(st, u, ctx)
    if "until" in u:
        expire(st, u["owner"], "action", only=u)


def _act(st: DFState, u: Unit, ctx: Ctx) -> None:
    """What an activated unit does once its ACTION effects ran."""
    real = plan(st, u, u["owner"])  # hidden enemies are found only by stepping into them
    if real is None:
        return
    if real["kind"] == "catapult":
        tgt, d = real["targets"][0]
        say(ctx, make_text("{card} fires down its lane.", card=C.name(u["card"])))
        strike(st, u, tgt, d, ctx, catapult=True)
        if on_board(st, u) and not u["kw"].get("STUNPROOF"):
            u["stun"] = 1
        return
    if real["kind"] == "attack":
        for tgt, d in real["targets"]:
            if on_board(st, u) and st.result is None \
                    and (isinstance(tgt, tuple) or is_alive(st, tgt)):
                strike(st, u, tgt, d, ctx)
        return
    for _ in range(2 if has(st, u, "SPRINT") else 1):
        if not _step(st, u, ctx):
            break


def _step(st: DFState, u: Unit, ctx: Ctx) -> bool:
    """Moves a unit one row ahead; returns whether it may go on (SPRINT). A hidden enemy in the
    way is revealed and attacked; after the move the unit attacks what is now in reach."""
    nxt = [s + 4 * fwd(u["owner"]) for s in u["sp"]]
    if any(not 0 <= s < 16 for s in nxt):
        return False
    hidden = [x for s in nxt if (x := unit_at(st, s)) is not None and x is not u
              and x["hidden"] and x["owner"] != u["owner"]]
    if hidden:
        reveal(st, hidden[0], ctx)
        say(ctx, make_text("A hidden {card} blocks the way.", card=C.name(hidden[0]["card"])))
        strike(st, u, hidden[0], 1, ctx)
        return False
    if not all(free_for(st, s, u) for s in nxt):
        return False
    say_about(ctx, u, make_text("{card} advances to {space}.", card=C.name(u["card"]),
                           space=space_name(nxt[0], u["owner"])))
    enter(st, u, nxt, ctx)
    resolve_deaths(st, ctx)
    if not on_board(st, u) or st.result is not None or u["stun"]:
        return False
    after = [t for s in u["sp"]
             if (t := _scan(st, u, lane_of(s), u["owner"], after_move=True)) is not None]
    if not after or (st.forts and _pinned(st, u)):
        return True
    _charge(st, u, after, ctx)
    return False


def _pinned(st: DFState, u: Unit) -> bool:
    """Tells whether an enemy NEST fort in the row a unit moved into, held by a ground unit of
    the fort's owner, stops it from attacking after the move."""
    rows = {row_of(s) for s in u["sp"]}
    for f in st.forts:
        if f["kw"].get("NEST") and f["owner"] != u["owner"] and row_of(f["sp"]) in rows:
            o = unit_at(st, f["sp"])
            if o is not None and o["owner"] == f["owner"] and not o["kw"].get("FLIGHT"):
                return True
    return False


def _charge(st: DFState, u: Unit, aims: list[Aim], ctx: Ctx) -> None:
    """After a move, the unit attacks each thing now in reach once (CHARGE adds its bonus)."""
    u["charged"] = True
    done: list[Target] = []
    for tgt, d in aims:
        if all(tgt is not x for x in done) and on_board(st, u) and is_alive(st, tgt):
            done.append(tgt)
            strike(st, u, tgt, d, ctx)
    u.pop("charged", None)


# -- one attack ------------------------------------------------------------------------------


def strike(st: DFState, att: Unit, tgt: Target, dist: int, ctx: Ctx, *,
           catapult: bool = False) -> None:
    """Resolves one attack: SWIFT first, else simultaneous; RANGE attackers take damage back only
    from RANGE defenders; DEATHBLOW, PUSH and deaths follow. One resolution: Strongholds falling
    in it (through its triggers) fall at once."""
    reveal(st, att, ctx)
    with resolution(st):
        if isinstance(tgt, tuple):
            _strike_stronghold(st, att, tgt, ctx, catapult=catapult)
        elif "pw" not in tgt:
            _strike_fort(st, att, tgt, dist, ctx)
        else:
            _fight(st, att, tgt, dist, ctx, catapult=catapult)


def _strike_stronghold(st: DFState, att: Unit, tgt: Place, ctx: Ctx, *, catapult: bool) -> None:
    """A GIANT with both lanes open strikes once per lane (double damage), not when it fires."""
    say(ctx, make_text("{card} strikes {player}'s Stronghold.", card=C.name(att["card"]),
                  player=seat_ref(tgt[1])))
    hit = power(st, att) + att["kw"].get("SIEGE", 0)
    double = att["giant"] and not catapult and _both_lanes_open(st, att)
    damage_stronghold(st, tgt[1], hit * (2 if double else 1), ctx, source=att)
    resolve_deaths(st, ctx)
    trigger(st, att, "attacked", ctx)
    resolve_deaths(st, ctx)


def _strike_fort(st: DFState, att: Unit, tgt: Fort, dist: int, ctx: Ctx) -> None:
    say(ctx, make_text("{card} hits {fort}.", card=C.name(att["card"]), fort=C.name(tgt["card"])))
    damage_fort(st, tgt, power(st, att), ctx, source=att)
    triggers_more.struck(st, tgt, att, dist, ctx)
    resolve_deaths(st, ctx)
    trigger(st, att, "attacked", ctx)
    resolve_deaths(st, ctx)


def _fight(st: DFState, att: Unit, tgt: Unit, dist: int, ctx: Ctx, *, catapult: bool) -> None:
    """A unit attacks a unit: the exchange, death blows, PUSH, then the fight's triggers."""
    reveal(st, tgt, ctx)
    say(ctx, make_text("{card} attacks {unit}.", card=C.name(att["card"]), unit=C.name(tgt["card"])))
    trample = bool(att["kw"].get("TRAMPLE")) and not catapult
    room, taken = (health(st, tgt), tgt["dmg"]) if trample else (0, 0)
    _exchange(st, att, tgt, dist, ctx, catapult=catapult)
    if trample and tgt["dmg"] - taken > room > 0:
        _trample(st, att, tgt, tgt["dmg"] - taken - room, ctx)
    if on_board(st, tgt) and health(st, tgt) <= 0 and has(st, tgt, "DEATHBLOW") and on_board(st, att):
        say(ctx, make_text("{card} lands a death blow.", card=C.name(tgt["card"])))
        damage_unit(st, att, power(st, tgt), ctx, source=tgt, combat=True)
    if on_board(st, att) and health(st, att) <= 0 and has(st, att, "DEATHBLOW") and on_board(st, tgt):
        damage_unit(st, tgt, power(st, att), ctx, source=att, combat=True)
    if has(st, att, "PUSH") and on_board(st, tgt) and health(st, tgt) > 0 and on_board(st, att) \
            and health(st, att) > 0 and nudge(st, tgt, 4 * fwd(att["owner"]), ctx):
        trigger(st, att, "pushed", ctx, damaged=tgt)
    resolve_deaths(st, ctx)
    if on_board(st, att) and not catapult:
        trigger(st, att, "fought", ctx, damaged=tgt)
        resolve_deaths(st, ctx)
    if dist == 2 and on_board(st, att) and att["kw"].get("RECOIL"):
        damage_unit(st, att, att["kw"]["RECOIL"], ctx, source=None)
        resolve_deaths(st, ctx)
    trigger(st, att, "attacked", ctx)
    resolve_deaths(st, ctx)


def _trample(st: DFState, att: Unit, tgt: Unit, left: int, ctx: Ctx) -> None:
    """Excess combat damage (Malice) runs on down the attacker's lane past the target: each
    enemy unit there soaks what its health can, the rest hits the enemy Stronghold."""
    step, lane = fwd(att["owner"]), lane_of(att["sp"][0])
    r = row_of(tgt["sp"][0]) + step
    while 0 <= r <= 3 and left > 0:
        u = unit_at(st, r * 4 + lane)
        if u is not None and u["owner"] != att["owner"] and u is not tgt:
            take = min(left, max(0, health(st, u)))
            damage_unit(st, u, left, ctx, source=att, combat=True)
            left -= take
        r += step
    if left > 0:
        damage_stronghold(st, 1 - att["owner"], left, ctx, source=att)


def _exchange(st: DFState, att: Unit, tgt: Unit, dist: int, ctx: Ctx, *, catapult: bool) -> None:
    """The blows: SWIFT strikes first (the slower one hits back only if it lives), else both at
    once; a RANGE attacker is hit back only by a RANGE defender, a catapult never."""
    ap = _combat_power(st, att, tgt, dist)
    dp = _combat_power(st, tgt, att, dist)
    mine, theirs = keywords(st, att), keywords(st, tgt)  # as `has` gives them: nothing changed yet
    counter = not catapult and (not mine.get("RANGE") or bool(theirs.get("RANGE")))
    a_swift, d_swift = mine.get("SWIFT"), theirs.get("SWIFT")
    if a_swift and not d_swift:
        damage_unit(st, tgt, ap, ctx, source=att, combat=True)
        if counter and health(st, tgt) > 0:
            damage_unit(st, att, dp, ctx, source=tgt, combat=True)
    elif d_swift and not a_swift and counter:
        damage_unit(st, att, dp, ctx, source=tgt, combat=True)
        if health(st, att) > 0:
            damage_unit(st, tgt, ap, ctx, source=att, combat=True)
    else:
        damage_unit(st, tgt, ap, ctx, source=att, combat=True)
        if counter:
            damage_unit(st, att, dp, ctx, source=tgt, combat=True)


def _both_lanes_open(st: DFState, att: Unit) -> bool:
    row = enemy_row(att["owner"])
    return all(unit_at(st, row * 4 + lane_of(s)) in (None, att) for s in att["sp"])


def _combat_power(st: DFState, u: Unit, foe: Unit, dist: int) -> int:
    """Power in a fight, with the bonuses that depend on the foe and the distance."""
    p = power(st, u)
    kw = u["kw"]
    if kw.get("FRESHBANE") and health(st, foe) >= max_health(st, foe):
        p += kw["FRESHBANE"]
    if kw.get("LONGSHOT") and dist == 2:
        p += kw["LONGSHOT"]
    if kw.get("GIANTBANE") and foe["giant"]:
        p += kw["GIANTBANE"]
    if kw.get("CHARGE") and u.get("charged"):
        p += kw["CHARGE"]
    return p
