"""Damage and death: hurting units, walls and Strongholds, what a unit's hits set off (SIPHON,
BLIGHT, STUN), removing the dead (DEATH, EXECUTE, RESPAWN, SURVIVOR, fragment refunds), and the end
of the game when a Stronghold falls.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from games.dragonfront import cards as C
from games.dragonfront import hand_mods, records, resources, triggers, triggers_more
from games.dragonfront.board import (
    find_fort,
    has_flight_raw,
    is_wall,
    new_unit,
    on_board,
    place_unit,
    row_of,
    spawn_row,
    unit_at,
)
from games.dragonfront.conditions import check
from games.dragonfront.context import Ctx, say, say_about
from games.dragonfront.state import STRONGHOLD, DFState, DFTermination, Fort, Target, Unit
from games.dragonfront.stats import has, health
from games.dragonfront.timed import guarded
from games.text import make_text, seat_ref

Source = Unit | Fort | None
"""What deals damage: a unit (its hits set off SIPHON, BLIGHT, ...), a fort, or None (a spell,
fatigue, poison)."""


def damage_any(st: DFState, t: Target, n: int, ctx: Ctx, *, source: Source) -> int:
    """Damages a unit, a wall or a Stronghold; returns the damage dealt."""
    if isinstance(t, tuple):
        return damage_stronghold(st, t[1], n, ctx, source=source)
    if "pw" in t:
        return damage_unit(st, t, n, ctx, source=source)
    return damage_fort(st, t, n, ctx, source=source)


def damage_unit(st: DFState, u: Unit, n: int, ctx: Ctx, *, source: Source,
                combat: bool = False, poison: bool = False) -> int:
    """Deals damage to a unit (ARMOR softens combat hits) and runs what damage sets off; spell
    and fort damage (not `poison`) on an INFERNO fort of its owner heals it instead."""
    if combat:
        n -= has(st, u, "ARMOR")
        if u["kw"].get("BULWARK"):
            n = min(n, u["kw"]["BULWARK"])
    if n <= 0 or not on_board(st, u) or (u["dmg"] >= u["hp"] and health(st, u) <= 0):
        return 0  # a unit at 0 health is destroyed already: it takes no more and sets off nothing
    if source is not None and "pw" not in source and u["kw"].get("FORTPROOF"):
        return 0
    if "ward" in u or "mettle" in u:
        n = guarded(u, n, health(st, u))
        if n <= 0:
            return 0
    if st.forts and not combat and not poison and (source is None or "pw" not in source) \
            and _soothed(st, u):
        u["dmg"] = max(0, u["dmg"] - n)
        return 0
    u["dmg"] += n
    u["hurt"] = True
    if source is not None and "pw" in source:
        u["killer"] = source["id"]
        u["by_combat"] = combat
    say_about(ctx, u, make_text("{card} takes {n} damage.", card=C.name(u["card"]), n=n))
    triggers.unit_damaged(st, u, n, ctx)
    if st.forts:
        triggers_more.lane_damaged(st, u, ctx)
    if source is not None and "pw" in source and source["owner"] != u["owner"]:
        _dealt_by_unit(st, source, u, n, ctx, combat=combat)
    return n


def _soothed(st: DFState, u: Unit) -> bool:
    """Tells whether a ground unit stands on an INFERNO fort of its owner."""
    return not has_flight_raw(u) and any(f["kw"].get("INFERNO") and f["owner"] == u["owner"]
                                         and f["sp"] in u["sp"] for f in st.forts)


def _dealt_by_unit(st: DFState, src: Unit, victim: Unit | None, n: int, ctx: Ctx, *,
                   combat: bool) -> None:
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
    triggers.dealt_damage(st, src, victim, n, ctx)


def damage_fort(st: DFState, f: Fort, n: int, ctx: Ctx, *, source: Source) -> int:
    """Damages a WALL fort, destroying it at 0."""
    if not is_wall(f) or n <= 0 or f not in st.forts or f["dmg"] >= f["hp"]:
        return 0  # as a unit: a wall at 0 health is destroyed already
    f["dmg"] += n
    say(ctx, make_text("{card} takes {n} damage.", card=C.name(f["card"]), n=n))
    triggers.fort_damaged(st, f, n, ctx)
    if source is not None and "pw" in source:
        _dealt_by_unit(st, source, None, n, ctx, combat=False)
    if f["dmg"] >= f["hp"] and f in st.forts:
        destroy_fort(st, f, ctx)
    return n


def damage_stronghold(st: DFState, seat: int, n: int, ctx: Ctx, *, source: Source) -> int:
    """Damages a Stronghold; a guarding unit in that seat's Spawn Row takes it instead."""
    if n <= 0 or st.players[seat].get("fortified"):
        return 0
    for g in st.units:
        if g["owner"] == seat and g["kw"].get("GUARD") \
                and spawn_row(seat) in {row_of(s) for s in g["sp"]}:
            say(ctx, make_text("{card} shields {player}'s Stronghold.", card=C.name(g["card"]),
                             player=seat_ref(seat)))
            return damage_unit(st, g, n, ctx, source=source)
    p = st.players[seat]
    p["sh"] -= n
    say(ctx, make_text("{player}'s Stronghold takes {n} damage ({left} left).", player=seat_ref(seat),
                  n=n, left=max(0, p["sh"])))
    if source is not None and "pw" in source:
        _dealt_by_unit(st, source, None, n, ctx, combat=False)
        if source["owner"] != seat:
            triggers.trigger(st, source, "hit_sh", ctx)
    fallen = st.cache.fallen
    if p["sh"] <= 0 and fallen is not None:
        fallen.add(seat)
    triggers.stronghold_damaged(st, seat, ctx)
    check_end(st)
    return n


@contextmanager
def end_held(st: DFState) -> Iterator[None]:
    """Holds the end-of-game check while one effect hits several things at once (both
    Strongholds), so two Strongholds falling together is a draw, then checks."""
    held = st.cache.hold_end
    st.cache.hold_end = True
    try:
        yield
    finally:
        st.cache.hold_end = held
    check_end(st)


class resolution:  # noqa: N801 - used as a function: `with resolution(st):`
    """Holds the end of the game until the outermost resolution (an ability's effects, an attack,
    a batch of deaths, BERSERK's hits) is done, so Strongholds falling in it fall at once: both
    at 0 is a draw. A Stronghold that reaches 0 in it stays fallen even if healed later in it.
    A plain class, not a generator context manager: every batch of deaths opens one."""

    __slots__ = ("_outer", "_st")

    def __init__(self, st: DFState) -> None:
        self._st = st
        self._outer = False

    def __enter__(self) -> None:
        cache = self._st.cache
        if cache.fallen is None:
            self._outer = True
            cache.fallen = set()

    def __exit__(self, *exc: object) -> None:
        if self._outer:
            cache = self._st.cache
            fallen, cache.fallen = cache.fallen, None
            check_end(self._st, fallen)


def check_end(st: DFState, fallen: set[int] | None = None) -> None:
    """Ends the game when a Stronghold has fallen (held while a resolution runs: `resolution`)."""
    if st.result is not None:
        return
    if st.cache.fallen is not None or st.cache.hold_end:
        return
    one, two = st.players
    sh_one: int = one["sh"]  # typed locals: native compares when compiled
    sh_two: int = two["sh"]
    if sh_one > 0 and sh_two > 0 and not fallen:
        return  # the usual case: both standing
    dead = [s for s in (0, 1) if st.players[s]["sh"] <= 0 or (fallen and s in fallen)]
    if len(dead) == 2:
        st.result = {"winners": [], "reason": DFTermination.BOTH_STRONGHOLDS.value}
    elif dead:
        st.result = {"winners": [1 - dead[0]], "reason": DFTermination.STRONGHOLD.value}
    if st.result is not None:
        st.phase = "over"


# -- death -----------------------------------------------------------------------------------


def destroy_fort(st: DFState, f: Fort, ctx: Ctx) -> None:
    """Removes a fort (and its other half) and runs its DEATH effects."""
    if f not in st.forts:
        return
    st.forts.remove(f)
    twin = find_fort(st, f["twin"]) if f.get("twin") else None
    if twin is not None:
        st.forts.remove(twin)
        f["twin_sp"] = twin["sp"]
    say(ctx, make_text("{card} is destroyed.", card=C.name(f["card"])))
    triggers.fort_destroyed(st, f, ctx)


def resolve_deaths(st: DFState, ctx: Ctx) -> None:
    """Removes dead units, then runs DEATH, EXECUTE, RESPAWN, SURVIVOR and fragment refunds."""
    for u in st.units:
        dmg: int = u["dmg"]  # typed locals: a native compare when compiled
        hp: int = u["hp"]
        if dmg >= hp or "hurt" in u:
            break
    else:
        check_end(st)  # nobody dead or hurt: only the end check the resolution would make
        return
    with resolution(st):
        _resolve_deaths(st, ctx)


def _resolve_deaths(st: DFState, ctx: Ctx) -> None:
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
        triggers.survived(st, u, ctx)


def _on_death(st: DFState, u: Unit, ctx: Ctx, fallen: dict[int, Unit]) -> None:
    owner = u["owner"]
    u.pop("hurt", None)
    say(ctx, make_text("{card} of {player} is destroyed.", card=C.name(u["card"]),
                  player=seat_ref(owner)))
    for a in u["ab"]:  # fragments it has only while a condition holds (where it died)
        if a["on"] == "static" and a.get("frags") and u["frags"] > 0 \
                and check(st, a.get("if"), u, owner, None):
            u["frags"] += a["frags"]
    records.note_death(st, u)
    triggers.unit_died(st, u, ctx, fallen)
    if u["champ"]:
        st.players[owner]["champ_dead"] = True
    if not u.get("respawn"):
        _lend_respawn(st, u)
    if u.get("respawn"):
        _respawn(st, u, ctx)
    if u["frags"] and not resources.mana_locked(st, u):
        resources.gain_mana(st, owner, u["frags"])
    if any(x["kw"].get("RAKER") and x["owner"] == owner for x in st.units if x["champ"]):
        _rake(st, u)


def _rake(st: DFState, u: Unit) -> None:
    """Coal Raker: the dead ally's card goes back into its owner's deck; the next copy its owner
    plays comes out +1/+1 per return (a "deck" entry of `hand_mods`, one more than it had)."""
    p = st.players[u["owner"]]
    deck = p["deck"]
    deck.insert(st.rng.below(len(deck) + 1), u["card"])
    level = u.get("boost", 0) + 1
    hand_mods.add(p, u["card"], pw=level, hp=level, deck=True)


def _lend_respawn(st: DFState, u: Unit) -> None:
    """A unit without RESPAWN of its own gets one from an ally's RESPAWN aura."""
    owner = u["owner"]
    for src in st.units:
        for a in src["ab"]:
            if a["on"] == "aura" and a.get("respawn") and src["owner"] == owner \
                    and check(st, a.get("if"), u, owner, None):
                u["respawn"] = a["respawn"]


def _respawn(st: DFState, u: Unit, ctx: Ctx) -> None:
    """RESPAWN: the named card (one at random of a list) fills the dead unit's free spaces, one
    unit per space (a giant takes both or none), each firing its SPAWN effects."""
    spaces = [s for s in u["sp"] if unit_at(st, s) is None]
    rid: Any = u["respawn"]
    if isinstance(rid, list):
        rid = st.rng.choice(rid)
    giant = C.card(rid)["giant"]
    for s in spaces:
        if giant and len(spaces) < 2:
            break
        nu = new_unit(st, rid, u["owner"], spaces if giant else [s])
        place_unit(st, nu)
        triggers.trigger(st, nu, "spawn", ctx)
        triggers.transformed(st, nu, ctx)
        if giant:
            break
