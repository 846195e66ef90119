"""What a unit is now: its keywords, power and health after auras, statics, COMMAND bonuses, UNION
and this turn's changes; and who occupies a fort.

Auras and statics carry conditions, which `conditions.check` evaluates; conditions ask about these
stats in turn, so the two modules refer to each other as modules.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.dragonfront import cards as C
from games.dragonfront import conditions
from games.dragonfront.board import row_of, spaces_of, unit_at
from games.dragonfront.state import DFState, Fort, Unit

Ability = dict[str, Any]
"""An ability as the card file writes it: {"on": trigger, "if": condition, "do": [effect, ...]}
(auras, statics and COMMAND bonuses carry "pw", "hp", "kw" instead of "do")."""


def has(st: DFState, u: Unit, kw: str) -> int:
    """Returns a unit's value for a keyword (0 when absent), auras and conditions included;
    RANGE and CATAPULT count for nothing while a NIGHTFALL fort stands."""
    cached = st.__dict__.get("_kw_cache")
    if cached is not None:  # nothing changes (`board.still`): each unit's keywords worked out once
        kws = cached.get(u["id"])
        if kws is None:
            kws = cached[u["id"]] = _night(st, _all_keywords(st, u))
        found: int = kws.get(kw, 0)
        return found or 0
    v: int = u["kw"].get(kw, 0)
    if v:
        return 0 if kw in _NIGHT_KWS and st.forts and _nightfall(st) else v
    tmp = u.get("tmpkw")
    if tmp and tmp.get(kw):
        return _unless_night(st, kw, tmp[kw])
    if kw not in _grantable() or not _has_mods(st, u):
        return 0
    got: int = _mods(st, u, kw_only=True)[2].get(kw, 0)
    return _unless_night(st, kw, got) if got else 0


def keywords(st: DFState, u: Unit) -> dict[str, int]:
    """Returns every keyword value of a unit as `has` gives them (falsy values mean absent), to
    be read only: several lookups on one unit at the cost of one (kept while `board.still`)."""
    cached = st.__dict__.get("_kw_cache")
    if cached is None:
        return _night(st, _all_keywords(st, u))
    kws = cached.get(u["id"])
    if kws is None:
        kws = cached[u["id"]] = _night(st, _all_keywords(st, u))
    return kws


def _night(st: DFState, kws: dict[str, int]) -> dict[str, int]:
    """The keywords less RANGE and CATAPULT while a NIGHTFALL fort stands (a copy then)."""
    if st.forts and ("RANGE" in kws or "CATAPULT" in kws) and _nightfall(st):
        return {k: v for k, v in kws.items() if k not in _NIGHT_KWS}
    return kws


def _all_keywords(st: DFState, u: Unit) -> dict[str, int]:
    """Returns every keyword value `has` would give a unit before NIGHTFALL: printed or granted
    first, then this turn's, then what auras and conditions give."""
    tmp = u.get("tmpkw")
    if not _has_mods(st, u):
        if not tmp:
            return u["kw"]  # read only: `has` takes a falsy value as absent
        kws: dict[str, int] = {}
    else:
        kws = dict(_mods(st, u, kw_only=True)[2])
    if tmp:
        kws.update((k, v) for k, v in tmp.items() if v)
    kws.update((k, v) for k, v in u["kw"].items() if v)
    return kws


def _unless_night(st: DFState, kw: str, v: int) -> int:
    """A keyword's value, or 0 for RANGE and CATAPULT while a NIGHTFALL fort stands."""
    return 0 if kw in _NIGHT_KWS and st.forts and _nightfall(st) else v


def power(st: DFState, u: Unit) -> int:
    """Returns a unit's current power."""
    p: int = (u["eotpw"] if u["eotpw"] is not None else u["pw"]) + u.get("tmp", 0)
    if _has_mods(st, u):
        pw, _, kws = _mods(st, u)
        p = kws["SETPW"] if "SETPW" in kws else p + pw
    if u["kw"].get("UNION"):
        rows = {row_of(s) for s in u["sp"]}
        p += sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
                 and row_of(o["sp"][0]) in rows)
    return max(0, p)


def max_health(st: DFState, u: Unit | Fort) -> int:
    """Returns a unit's maximum health, auras included."""
    h: int = u["hp"]
    if _has_mods(st, u):
        h += _mods(st, u)[1]
    return h


def health(st: DFState, u: Unit | Fort, *, aura: bool = True) -> int:
    """Returns a unit's remaining health."""
    top: int = max_health(st, u) if aura else u["hp"]
    return top - u["dmg"]


def shown(st: DFState, u: Unit, labels: tuple[str, ...],
          sides: dict[Any, Any] | None = None) -> tuple[int, int, list[str]]:
    """Returns a unit's power, maximum health and the `labels` it has, as `power`, `max_health`
    and `has` give them, working the auras out once (what a view shows of every unit); `sides`
    keeps, from one unit to the next, each side's `shared_sources` (by seat) and whether
    anything could change its units (by ("mods", seat))."""
    eot = u["eotpw"]
    p: int = (u["pw"] if eot is None else eot) + u.get("tmp", 0)
    h: int = u["hp"]
    granted = None
    owner = u["owner"]
    if sides is None:
        mods = _has_mods(st, u)
    else:
        side: bool | None = sides.get(("mods", owner))
        if side is None:
            side = sides[("mods", owner)] = _side_has_mods(st, owner)
        mods = side or _has_statics(u)
    if mods:
        if sides is not None and owner not in sides:
            sides[owner] = shared_sources(st, owner)
        pw, hp, granted = _mods(st, u, shared=None if sides is None else sides[owner])
        p = granted["SETPW"] if "SETPW" in granted else p + pw
        h += hp
    kw = u["kw"]
    if kw.get("UNION"):
        rows = {row_of(s) for s in u["sp"]}
        p += sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
                 and row_of(o["sp"][0]) in rows)
    return max(0, p), h, _shown_traits(st, u, labels, granted)


def _shown_traits(st: DFState, u: Unit, labels: tuple[str, ...],
                  granted: dict[str, int] | None) -> list[str]:
    """The `labels` a unit has, in their order: printed or granted, this turn's, or from auras
    (`granted`), less RANGE and CATAPULT while a NIGHTFALL fort stands."""
    order = _label_order(labels)
    tmp = u.get("tmpkw")
    held: set[str] | list[str]
    if tmp or granted:
        held = {k for k, v in u["kw"].items() if v and k in order}
        for extra in (tmp, granted):
            if extra:
                held |= {k for k, v in extra.items() if v and k in order}
    else:  # printed or granted keywords only: a dict's keys are already distinct
        held = [k for k, v in u["kw"].items() if v and k in order]
        if not held:
            return held
    if st.forts and not _NIGHT_KWS.isdisjoint(held) and _nightfall(st):
        held = [k for k in held if k not in _NIGHT_KWS]
    return sorted(held, key=order.__getitem__) if len(held) > 1 else list(held)


@cache
def _label_order(labels: tuple[str, ...]) -> dict[str, int]:
    return {k: i for i, k in enumerate(labels)}


def occupant(st: DFState, f: Fort) -> Unit | None:
    """Returns the ground unit standing on a fort (flying units never occupy forts)."""
    u = unit_at(st, f["sp"])
    if u is None or has(st, u, "FLIGHT"):
        return None
    return u


# -- auras, statics and COMMAND bonuses ------------------------------------------------------


def _sources(st: DFState, owner: int, u: Unit,
             shared: list[tuple[Ability, dict[str, Any] | None]] | None = None,
             ) -> list[tuple[Ability, dict[str, Any] | None]]:
    """Returns the abilities that may change a unit, each with the unit or fort casting it (None
    for the unit's own statics and the waiting champion's COMMAND bonuses): its own statics,
    then what reaches all of its side (`shared_sources`, passed in when already known)."""
    if shared is None:
        sides = st.__dict__.get("_sides")  # kept while nothing changes (`board.still`)
        if sides is None:
            shared = shared_sources(st, owner)
        else:
            shared = sides.get(owner)
            if shared is None:
                shared = sides[owner] = shared_sources(st, owner)
    statics = [(a, None) for a in u["ab"] if a["on"] == "static"]
    return statics + shared if statics else shared  # the caller only reads it


def shared_sources(st: DFState, owner: int) -> list[tuple[Ability, dict[str, Any] | None]]:
    """Returns the auras of a side's units, its waiting champion's COMMAND bonuses and the forts'
    auras on that side, in that order (the same for every unit of the side)."""
    sources: list[tuple[Ability, dict[str, Any] | None]] = []
    auras = C.cards_with("aura")
    for src in st.units:
        if src["owner"] == owner and src["card"] in auras:
            for a in src["ab"]:
                if a["on"] == "aura":
                    sources.append((a, src))
    champ = st.players[owner]["champion"]
    if champ:
        for a in C.card(champ)["abilities"]:
            if a["on"] == "command":
                sources.append((a, None))
    for f in st.forts:
        on = "aura" if f["owner"] == owner else "foe_aura"
        for a in f["ab"]:
            if a["on"] == on:
                sources.append((a, f))
    return sources


def _mods(st: DFState, u: Unit, *, kw_only: bool = False,
          shared: list[tuple[Ability, dict[str, Any] | None]] | None = None,
          ) -> tuple[int, int, dict[str, int]]:
    """Returns the (power, health, keywords) a unit gets from its own conditions and from auras
    (with `kw_only`, sources that grant no keyword are skipped; `shared`: the side's
    `shared_sources` when already known)."""
    pw = hp = 0
    kws: dict[str, int] = {}
    owner = u["owner"]
    for a, src in _sources(st, owner, u, shared):
        if kw_only and "kw" not in a:
            continue
        if src is None:
            hit = conditions.check(st, a.get("if"), u, owner, None)
        else:
            hit = _aura_hits(st, a, src, u)
        if hit:
            k = _PER[a["per"]](st, src, u) if "per" in a else 1
            pw += a.get("pw", 0) * k
            hp += a.get("hp", 0) * k
            kws.update(a.get("kw", {}))
            if "setpw" in a:
                kws["SETPW"] = a["setpw"]
    return pw, hp, kws


def _aura_hits(st: DFState, a: Ability, src: dict[str, Any], u: Unit) -> bool:
    """Tells whether an aura of `src` (a unit or a fort) reaches `u`."""
    if a.get("src_if") == "full_health" and "pw" in src and health(st, src, aura=False) < src["hp"]:
        return False
    if not _AURA_REACH.get(a["who"], _reaches_any)(src, u):
        return False
    return conditions.check(st, a.get("if"), u, u["owner"], None)


def _reaches_any(src: dict[str, Any], u: Unit) -> bool:
    return True


def _same_lane(src: dict[str, Any], u: Unit) -> bool:
    for s in spaces_of(src):
        for t in u["sp"]:
            if s % 4 == t % 4:
                return True
    return False


def _same_row(src: dict[str, Any], u: Unit) -> bool:
    for s in spaces_of(src):
        for t in u["sp"]:
            if s // 4 == t // 4:
                return True
    return False


def _other(src: dict[str, Any], u: Unit) -> bool:
    return u is not src


def _on_space(src: dict[str, Any], u: Unit) -> bool:
    return "pw" not in src and bool(set(spaces_of(src)) & set(u["sp"]))


def _occupant(src: dict[str, Any], u: Unit) -> bool:
    return _on_space(src, u) and not u["kw"].get("FLIGHT")


_AURA_REACH = {"allies_lane": _same_lane, "allies_row": _same_row, "other_allies": _other,
               "on_space": _on_space, "occupant": _occupant}
"""Whom an aura reaches ("who"), besides its condition; any other value reaches every ally."""


def _other_allies_lane(st: DFState, src: dict[str, Any] | None, u: Unit) -> int:
    return sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
               and src is not None and _same_lane(src, o))


def _other_ally_golems(st: DFState, src: dict[str, Any] | None, u: Unit) -> int:
    return sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
               and (C.card(o["card"])["race"] or "") == "GOLEM")


_PER = {"other_allies_lane": _other_allies_lane, "other_ally_golems": _other_ally_golems}
"""What an aura or static counts when its bonus is "per" something (+pw/+hp each)."""

_NIGHT_KWS = frozenset(("RANGE", "CATAPULT"))


def _nightfall(st: DFState) -> bool:
    """Tells whether a NIGHTFALL fort stands (cached until a piece is added or a fort goes)."""
    key = (st.next_id, len(st.forts))
    cached = st.__dict__.get("_night_key")
    if cached is not None and cached[0] == key:
        found: bool = cached[1]
        return found
    found = any(f["kw"].get("NIGHTFALL") for f in st.forts)
    st.__dict__["_night_key"] = (key, found)
    return found


def _has_mods(st: DFState, u: Unit | Fort) -> bool:
    """Tells whether anything could change a unit's stats (so plain units skip `_mods`)."""
    for a in u["ab"]:  # `_has_statics`, inlined: this runs on every keyword lookup
        if a["on"] == "static":
            return True
    sides = st.__dict__.get("_side_mods")  # kept while nothing changes (`board.still`)
    if sides is None:
        return _side_has_mods(st, u["owner"])
    found = sides.get(u["owner"])
    if found is None:
        found = sides[u["owner"]] = _side_has_mods(st, u["owner"])
    return found


def _has_statics(u: Unit | Fort) -> bool:
    """Tells whether a unit has static abilities (its own conditional stats)."""
    for a in u["ab"]:  # noqa: SIM110 - a plain loop: `any` would make a generator each call
        if a["on"] == "static":
            return True
    return False


def _side_has_mods(st: DFState, owner: int) -> bool:
    """Tells whether a side's champion gives COMMAND bonuses or any aura card is on the board."""
    champ = st.players[owner]["champion"]
    if champ and champ in _special_cards()[1]:
        return True
    key = (st.next_id, len(st.units), len(st.forts))
    cached = st.__dict__.get("_aura_key")
    if cached is not None and cached[0] == key:
        found: bool = cached[1]
        return found
    auras = _special_cards()[0]
    found = any(x["card"] in auras for x in st.units) or any(f["card"] in auras for f in st.forts)
    st.__dict__["_aura_key"] = (key, found)
    return found


@cache
def _grantable() -> frozenset[str]:
    """Returns the keywords an aura, a static or a COMMAND bonus can give, from every ability in
    the card file (the printed ones, CHOOSE ONE modes' and those effects grant): for any other
    keyword `has` need not work the auras out."""
    found: set[str] = set()
    todo: list[Any] = [C.cards()]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            if x.get("on") in ("aura", "foe_aura", "command", "static") and isinstance(x.get("kw"), dict):
                found.update(x["kw"])
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return frozenset(found)


@cache
def _special_cards() -> tuple[frozenset[str], frozenset[str]]:
    """Returns the cards with auras and the champions with COMMAND bonuses."""
    table = C.cards()
    auras = frozenset(k for k, c in table.items()
                      if any(a["on"] in ("aura", "foe_aura") for a in c["abilities"]))
    command = frozenset(k for k, c in table.items()
                        if any(a["on"] == "command" for a in c["abilities"]))
    return auras, command
