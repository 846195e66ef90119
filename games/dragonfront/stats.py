"""What a unit is now: its keywords, power and health after auras, statics, COMMAND bonuses, UNION
and this turn's changes; and who occupies a fort.

Auras and statics carry conditions, which `conditions.check` evaluates; conditions ask about these
stats in turn, so the two modules refer to each other as modules.
"""

from __future__ import annotations

from typing import Any, Final

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
    still = st.cache.still
    if still is not None:  # nothing changes (`board.still`): each unit's keywords worked out once
        cached = still.keywords
        kws = cached.get(u["id"])
        if kws is None:
            kws = cached[u["id"]] = _night(st, _all_keywords(st, u))
        return kws.get(kw) or 0
    printed: dict[str, int] = u["kw"]  # typed locals: native `get`s, not method calls
    v = printed.get(kw, 0)
    if not v:
        tmp: dict[str, int] | None = u.get("tmpkw")
        if tmp and tmp.get(kw):
            v = tmp[kw]
        elif kw not in _GRANTABLE or not _has_mods(st, u):
            return 0
        else:
            v = _mods(st, u, kw_only=True)[2].get(kw, 0)
            if not v:
                return 0
    return _unless_night(st, kw, v)


def keywords(st: DFState, u: Unit) -> dict[str, int]:
    """Returns every keyword value of a unit as `has` gives them (falsy values mean absent), to
    be read only: several lookups on one unit at the cost of one (kept while `board.still`)."""
    still = st.cache.still
    if still is None:
        return _night(st, _all_keywords(st, u))
    kws = still.keywords.get(u["id"])
    if kws is None:
        kws = still.keywords[u["id"]] = _night(st, _all_keywords(st, u))
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
        _add_set(kws, tmp)
    _add_set(kws, u["kw"])
    return kws


def _add_set(kws: dict[str, int], more: dict[str, int]) -> None:
    """Adds the keywords of `more` whose values are set (a loop over typed dicts: native code
    when compiled, where an update from a generator is not)."""
    for k, v in more.items():
        if v:
            kws[k] = v


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


class Sides:
    """What a view works out once for all its units: whether anything could change each side's
    units (`mods`), whether a NIGHTFALL fort stands, and each side's `shared_sources` (on first
    need)."""

    __slots__ = ("mods", "night", "shared")

    def __init__(self, st: DFState) -> None:
        self.mods = (_side_has_mods(st, 0), _side_has_mods(st, 1))
        self.night = bool(st.forts) and _nightfall(st)
        self.shared: list[list[tuple[Ability, dict[str, Any] | None]] | None] = [None, None]

    def of(self, st: DFState, owner: int) -> list[tuple[Ability, dict[str, Any] | None]]:
        shared = self.shared[owner]
        if shared is None:
            shared = self.shared[owner] = shared_sources(st, owner)
        return shared


def shown(st: DFState, u: Unit, order: dict[str, int],
          sides: Sides | None = None) -> tuple[int, int, list[str]]:
    """Returns a unit's power, maximum health and the labels of `order` it has (each label with
    its place: `label_order`), as `power`, `max_health` and `has` give them, working the auras out
    once (what a view shows of every unit); `sides` keeps what is the same for every unit of a
    view (`Sides`)."""
    if sides is None:
        sides = Sides(st)
    eot = u["eotpw"]
    p: int = (u["pw"] if eot is None else eot) + u.get("tmp", 0)
    h: int = u["hp"]
    granted = None
    owner: int = u["owner"]  # typed locals: native reads and calls when compiled
    if sides.mods[owner] or _has_statics(u):
        pw, hp, granted = _mods(st, u, shared=sides.of(st, owner))
        p = granted["SETPW"] if "SETPW" in granted else p + pw
        h += hp
    kw: dict[str, int] = u["kw"]
    if kw.get("UNION"):
        rows = {row_of(s) for s in u["sp"]}
        p += sum(1 for o in st.units if o is not u and o["owner"] == owner
                 and row_of(o["sp"][0]) in rows)
    tmp: dict[str, int] | None = u.get("tmpkw")
    if tmp or granted:
        traits = _shown_traits(u, order, tmp, granted, sides.night)
    elif kw:  # printed or granted keywords only: a dict's keys are already distinct
        traits = [k for k, v in kw.items() if v and k in order]
        if traits:
            if sides.night:
                traits = [k for k in traits if k not in _NIGHT_KWS]
            if len(traits) > 1:
                traits.sort(key=order.__getitem__)
    else:
        traits = []
    return p if p > 0 else 0, h, traits


def _shown_traits(u: Unit, order: dict[str, int], tmp: dict[str, int] | None,
                  granted: dict[str, int] | None, night: bool) -> list[str]:
    """The labels of `order` a unit has, in their order: printed or granted, this turn's (`tmp`),
    or from auras (`granted`), less RANGE and CATAPULT while a NIGHTFALL fort stands (`night`)."""
    held = {k for k, v in u["kw"].items() if v and k in order}
    for extra in (tmp, granted):
        if extra:
            held |= {k for k, v in extra.items() if v and k in order}
    if night:
        held -= _NIGHT_KWS
    return sorted(held, key=order.__getitem__)


def label_order(labels: tuple[str, ...]) -> dict[str, int]:
    """Returns each label with its place, what `shown` takes (made once by its caller: a cached
    function would be a call through Python for every unit)."""
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
        still = st.cache.still  # kept while nothing changes (`board.still`)
        if still is None:
            shared = shared_sources(st, owner)
        else:
            sides = still.sides
            shared = sides.get(owner)
            if shared is None:
                shared = sides[owner] = shared_sources(st, owner)
    if not _has_statics(u):
        return shared  # the usual case (the caller only reads it)
    return [(a, None) for a in u["ab"] if a["on"] == "static"] + shared


def shared_sources(st: DFState, owner: int) -> list[tuple[Ability, dict[str, Any] | None]]:
    """Returns the auras of a side's units, its waiting champion's COMMAND bonuses and the forts'
    auras on that side, in that order (the same for every unit of the side). Only pieces of the
    cards that can hold an aura are looked through (`_aura_pieces`)."""
    sources: list[tuple[Ability, dict[str, Any] | None]] = []
    units, forts, _ = _aura_pieces(st)
    for src in units:
        held_by: int = src["owner"]  # typed: a native compare when compiled
        if held_by == owner:
            abilities: list[Ability] = src["ab"]  # typed: a native loop when compiled
            for a in abilities:
                if a["on"] == "aura":
                    sources.append((a, src))
    champ = st.players[owner]["champion"]
    if champ and champ in _COMMAND_CARDS:
        for a in C.card(champ)["abilities"]:
            if a["on"] == "command":
                sources.append((a, None))
    for f in forts:
        on = "aura" if f["owner"] == owner else "foe_aura"
        abilities = f["ab"]
        for a in abilities:
            if a["on"] == on:
                sources.append((a, f))
    return sources


def _aura_pieces(st: DFState) -> tuple[list[Unit], list[Fort], bool]:
    """Returns the units and forts on the board whose cards can hold an aura (effects grant
    none), in board order, and whether an aura card (`_AURA_CARDS`) is on the board. Kept with
    the board key (`next_id` and the numbers of units and forts): which pieces stand there, and
    their cards, change only when a piece is added (a new id), removed or evolved (a new id
    too); their owners and abilities are read afresh by the callers."""
    key = (st.next_id, len(st.units), len(st.forts))
    cached = st.cache.aura_pieces
    if cached is not None and cached[0] == key:
        return cached[1]
    found = ([u for u in st.units if u["card"] in _UNIT_AURA_CARDS],
             [f for f in st.forts if f["card"] in _AURA_CARDS],
             any(x["card"] in _AURA_CARDS for x in st.units)
             or any(f["card"] in _AURA_CARDS for f in st.forts))
    st.cache.aura_pieces = (key, found)
    return found


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
        cond = a.get("if")
        if src is None:
            if cond and not conditions.check(st, cond, u, owner, None):
                continue
        elif not _aura_hits(st, a, src, u, cond):
            continue
        k = _PER[a["per"]](st, src, u) if "per" in a else 1
        if "pw" in a:
            pw += a["pw"] * k
        if "hp" in a:
            hp += a["hp"] * k
        if "kw" in a:
            kws.update(a["kw"])
        if "setpw" in a:
            kws["SETPW"] = a["setpw"]
    return pw, hp, kws


def _aura_hits(st: DFState, a: Ability, src: dict[str, Any], u: Unit, cond: Any) -> bool:
    """Tells whether an aura of `src` (a unit or a fort) reaches `u` (`cond`: the aura's
    condition)."""
    if "src_if" in a and a["src_if"] == "full_health" and "pw" in src \
            and health(st, src, aura=False) < src["hp"]:
        return False
    reach = _AURA_REACH.get(a["who"])
    if reach is not None and not reach(src, u):
        return False
    return not cond or conditions.check(st, cond, u, u["owner"], None)


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


_AURA_REACH: Final = {"allies_lane": _same_lane, "allies_row": _same_row, "other_allies": _other,
               "on_space": _on_space, "occupant": _occupant}
"""Whom an aura reaches ("who"), besides its condition; any other value reaches every ally."""


def _other_allies_lane(st: DFState, src: dict[str, Any] | None, u: Unit) -> int:
    return sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
               and src is not None and _same_lane(src, o))


def _other_ally_golems(st: DFState, src: dict[str, Any] | None, u: Unit) -> int:
    return sum(1 for o in st.units if o is not u and o["owner"] == u["owner"]
               and (C.card(o["card"])["race"] or "") == "GOLEM")


_PER: Final = {"other_allies_lane": _other_allies_lane, "other_ally_golems": _other_ally_golems}
"""What an aura or static counts when its bonus is "per" something (+pw/+hp each)."""

_NIGHT_KWS: Final = frozenset(("RANGE", "CATAPULT"))


def _nightfall(st: DFState) -> bool:
    """Tells whether a NIGHTFALL fort stands (cached until a piece is added or a fort goes)."""
    key = (st.next_id, len(st.forts))
    cached = st.cache.nightfall
    if cached is not None and cached[0] == key:
        return cached[1]
    found = any(f["kw"].get("NIGHTFALL") for f in st.forts)
    st.cache.nightfall = (key, found)
    return found


def _has_mods(st: DFState, u: Unit | Fort) -> bool:
    """Tells whether anything could change a unit's stats (so plain units skip `_mods`)."""
    if _has_statics(u):
        return True
    still = st.cache.still  # kept while nothing changes (`board.still`)
    if still is None:
        return _side_has_mods(st, u["owner"])
    sides = still.side_mods
    found = sides.get(u["owner"])
    if found is None:
        found = sides[u["owner"]] = _side_has_mods(st, u["owner"])
    return found


def _has_statics(u: Unit | Fort) -> bool:
    """Tells whether a unit has static abilities (its own conditional stats)."""
    abilities: list[Ability] = u["ab"]  # typed, so that compiled code reads them natively
    for a in abilities:  # noqa: SIM110 - a plain loop: `any` would make a generator each call
        on: str = a["on"]
        if on == "static":
            return True
    return False


def _side_has_mods(st: DFState, owner: int) -> bool:
    """Tells whether a side's champion gives COMMAND bonuses or any aura card is on the board
    (`_aura_pieces`, remembered with its board key)."""
    champ = st.players[owner]["champion"]
    if champ and champ in _COMMAND_CARDS:
        return True
    return _aura_pieces(st)[2]


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


_GRANTABLE: Final = _grantable()
"""The keywords an aura, a static or a COMMAND bonus can give (`_grantable`)."""


_UNIT_AURA_CARDS: Final = C.cards_with("aura")
"""The cards whose units can hold an aura (effects grant none: `cards.cards_with`)."""
_AURA_CARDS: Final = _UNIT_AURA_CARDS | C.cards_with("foe_aura")
"""The cards with an aura or an enemy aura (what forts can hold)."""
_COMMAND_CARDS: Final = C.cards_with("command")
"""The champions with COMMAND bonuses."""
