"""The effect interpreter: one function per effect operation, found by name in `OPS`.

Card abilities are data (`tools.dragonfront.convert` writes them): `{"on": trigger, "if":
condition, "do": [effect, ...]}`, where each effect is `{"op": ..., "to": selector, "n": amount,
...}`. `run_effects` runs a list in order, resolving deaths after each effect; the selectors are
`targets.SELECTORS`, the amounts `amounts.AMOUNTS`, the conditions `conditions.CONDITIONS`. To add
an operation, write `_op(st, e, ctx)` and list it in `OPS`; families of operations live in their
own modules, merged into `OPS` at the end (`effects_forts`, `effects_control`) or registering
themselves there on import (`effects_board`, `effects_hand`, `effects_timed`, `vocabulary_more`).

The interpreter recurses through damage, movement and the triggers they set off, so it refers to
`damage`, `movement`, `resources` and `triggers` as modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront import damage, movement, resources, triggers
from games.dragonfront.amounts import amount
from games.dragonfront.board import (
    around,
    find_fort,
    fort_at,
    fwd,
    in_territory,
    is_wall,
    lane_of,
    new_unit,
    place_unit,
    row_of,
    spaces_of,
    spawn_row,
    unit_at,
)
from games.dragonfront.conditions import check
from games.dragonfront.context import Ctx, say, say_about
from games.dragonfront.state import MANA_CAP, STRONGHOLD, DFState, Target, Unit
from games.dragonfront.stats import health, max_health
from games.dragonfront.targets import resolve
from games.text import make_text, plural, seat_ref

Effect = dict[str, Any]
"""One effect as the card file writes it: {"op": name, ...the operation's own fields}."""
Op = Callable[[DFState, Effect, Ctx], None]
"""An effect operation: (state, the effect, its context) -> None, changing the state in place."""


def run_effects(st: DFState, effects: list[Effect], ctx: Ctx) -> None:
    """Interprets a list of effects in order, resolving deaths after each one; the list is one
    resolution (`damage.resolution`): Strongholds falling in it fall at once."""
    with damage.resolution(st):
        for e in effects:
            if st.result is not None:
                return
            run_effect(st, e, ctx)
            damage.resolve_deaths(st, ctx)


def run_effect(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Interprets one effect; raises ValueError for an operation the engine does not know."""
    op = OPS.get(e["op"])
    if op is None:
        raise ValueError(f"unknown effect operation {e['op']!r}")
    op(st, e, ctx)


def _n(st: DFState, e: Effect, ctx: Ctx) -> int:
    """Returns the effect's amount "n" (1 when absent)."""
    return amount(st, e.get("n", 1), ctx)


def _units(st: DFState, e: Effect, ctx: Ctx, default: str | None = None) -> list[Unit]:
    """Returns the units among what the effect's "to" selects (forts and Strongholds left out)."""
    sel = e["to"] if default is None else e.get("to", default)
    return [t for t in resolve(st, sel, ctx) if isinstance(t, dict) and "pw" in t]


# -- cards and mana --------------------------------------------------------------------------


def _draw(st: DFState, e: Effect, ctx: Ctx) -> None:
    n, owner = _n(st, e, ctx), ctx.owner
    seats = {"both": (owner, 1 - owner), "enemy": (1 - owner,)}.get(e.get("who", ""), (owner,))
    for s in seats:
        for _ in range(n):
            resources.draw(st, s, ctx)


def _mana(st: DFState, e: Effect, ctx: Ctx) -> None:
    if ctx.me is not None and resources.mana_locked(st, ctx.me):
        return
    resources.gain_mana(st, ctx.owner, _n(st, e, ctx))


def _fill_mana(st: DFState, e: Effect, ctx: Ctx) -> None:
    st.players[ctx.owner]["mana"] = MANA_CAP


def _tokens(st: DFState, e: Effect, ctx: Ctx) -> None:
    st.players[ctx.owner]["tokens"] += _n(st, e, ctx)


def _drain(st: DFState, e: Effect, ctx: Ctx) -> None:
    foe = st.players[1 - ctx.owner]
    lost = min(_n(st, e, ctx), foe["mana"])
    foe["mana"] -= lost
    resources.gain_mana(st, ctx.owner, lost)


def _add_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    n = _n(st, e, ctx)
    seat = 1 - ctx.owner if e.get("who") == "enemy" else ctx.owner
    for _ in range(n):
        resources.add_to_hand(st, seat, e["card"], ctx)


def _copy_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in resolve(st, e["to"], ctx):
        if not isinstance(t, dict):
            raise TypeError(f"copy_hand copies a unit or a fort, not {t!r}")
        resources.add_to_hand(st, ctx.owner, t["card"], ctx)


def _discard_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    p = st.players[ctx.owner]
    hand = p["hand"]
    n = len(hand)
    p["hand"] = []
    p.pop("mods", None)
    if n:
        say(ctx, plural("{player} discards {n} card.", "{player} discards {n} cards.", n,
                        player=seat_ref(ctx.owner)))
    for cid in hand:
        triggers.discarded(st, ctx.owner, cid, ctx)
    for _ in range(n):
        run_effects(st, e["each"], ctx)


def _to_deck(st: DFState, e: Effect, ctx: Ctx) -> None:
    deck = st.players[ctx.owner]["deck"]
    deck.insert(st.rng.below(len(deck) + 1), e["card"])


def _steal_fragments(st: DFState, e: Effect, ctx: Ctx) -> None:
    if ctx.victim is not None:
        resources.gain_mana(st, ctx.owner, ctx.victim["frags"])
        ctx.victim["frags"] = 0


# -- damage and healing ----------------------------------------------------------------------


def _damage(st: DFState, e: Effect, ctx: Ctx) -> None:
    n = _n(st, e, ctx)
    total = 0
    with damage.end_held(st):
        for t in resolve(st, e["to"], ctx):
            total += damage.damage_any(st, t, n, ctx, source=ctx.me)
    ctx.dealt = total


def _can_take_damage(st: DFState, x: Target) -> bool:
    if isinstance(x, tuple):
        return True
    if "pw" in x:
        return health(st, x) > 0
    return bool(x["dmg"] < x["hp"])


def _damage_split(st: DFState, e: Effect, ctx: Ctx) -> None:
    for _ in range(_n(st, e, ctx)):
        pool = [x for x in resolve(st, e["to"], ctx) if _can_take_damage(st, x)]
        if pool:
            damage.damage_any(st, st.rng.choice(pool), 1, ctx, source=ctx.me)


def _damage_pierce(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Deals `n` to the target; what its health cannot absorb runs on down the lane to the
    Stronghold."""
    n = _n(st, e, ctx)
    t = ctx.target
    if not isinstance(t, dict) or t not in st.units:
        return
    owner = ctx.owner
    lane, r = lane_of(t["sp"][0]), row_of(t["sp"][0])
    left = n
    hits: list[Unit] = []
    while 0 <= r <= 3 and left > 0:
        u = unit_at(st, r * 4 + lane)
        if u is not None and u["owner"] != owner and all(u is not h for h in hits):
            take = min(left, max(0, health(st, u)))
            hits.append(u)
            damage.damage_unit(st, u, left, ctx, source=None)
            left -= take
        r += fwd(owner)
    if left > 0:
        damage.damage_stronghold(st, 1 - owner, left, ctx, source=None)


def _heal(st: DFState, e: Effect, ctx: Ctx) -> None:
    n = _n(st, e, ctx)
    for t in resolve(st, e["to"], ctx):
        if isinstance(t, tuple):
            pl = st.players[t[1]]
            pl["sh"] = min(STRONGHOLD, pl["sh"] + n)
        elif "pw" in t:
            t["dmg"] = max(0, t["dmg"] - n)


def _destroy(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Destroys units (their damage passes any health) and forts; "then" runs when one fell."""
    hit = False
    for t in resolve(st, e["to"], ctx):
        if isinstance(t, dict) and "pw" in t:
            t["dmg"] = max(t["dmg"], max_health(st, t)) + 100
            t["doomed"] = True
            hit = True
        elif isinstance(t, dict):
            if ctx.fort_cost == 0:
                ctx.fort_cost = C.card(t["card"])["cost"]
            damage.destroy_fort(st, t, ctx)
            hit = True
    if hit and e.get("then"):
        damage.resolve_deaths(st, ctx)
        run_effects(st, e["then"], ctx)


def _lose_fragment(st: DFState, e: Effect, ctx: Ctx) -> None:
    me = ctx.me
    if me is not None and me["frags"] > 0:
        me["frags"] -= 1
    else:
        run_effects(st, e.get("else", []), ctx)


# -- changing units --------------------------------------------------------------------------


def _buff(st: DFState, e: Effect, ctx: Ctx) -> None:
    pw = amount(st, e.get("pw", 0), ctx)
    for t in _units(st, e, ctx):
        if e.get("eot"):
            t["tmp"] = t.get("tmp", 0) + pw
        else:
            t["pw"] += pw
        t["hp"] += e.get("hp", 0)
        if pw > 0:
            triggers.trigger(st, t, "buffed", ctx)


def _set_power(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in _units(st, e, ctx):
        if e.get("eot"):
            t["eotpw"] = e["n"]
        else:
            t["pw"] = e["n"]
            t["eotpw"] = None


def _set_flag(key: str, value: Any) -> Op:
    """Makes an operation that sets one field of every unit selected (STUN, POISON, ...)."""
    def op(st: DFState, e: Effect, ctx: Ctx) -> None:
        for t in _units(st, e, ctx):
            t[key] = value
    return op


def _grant(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Grants keywords (this turn with "eot"), a RESPAWN card or a whole ability."""
    for t in _units(st, e, ctx):
        if "kw" in e and e.get("eot"):
            t["tmpkw"] = {**(t.get("tmpkw") or {}), **e["kw"]}
        elif "kw" in e:
            t["kw"].update(e["kw"])
            if "STEALTH" in e["kw"] and t.get("just_played"):
                t["hidden"] = True
        if "kw" in e and "RUSH" in e["kw"]:
            t["sick"] = False
        if "respawn" in e:
            t["respawn"] = t["card"] if e["respawn"] == "$own" else e["respawn"]
        if "ability" in e:
            ab = dict(e["ability"])
            if e.get("caster"):
                ab["seat"] = ctx.owner
            t["ab"].append(ab)


def _evolve(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Turns units into another card in place (fresh stats, keeps the activation state)."""
    c = C.card(e["card"])
    for t in _units(st, e, ctx, default="self"):
        say_about(ctx, t, make_text("{card} evolves into {new}.", card=C.name(t["card"]), new=c["name"]))
        st.next_id += 1  # changes the board key, so cached aura lookups are redone
        t.pop("race", None)
        t.update({"card": e["card"], "pw": c["power"], "hp": c["health"], "dmg": 0,
                  "frags": c["fragments"], "kw": dict(c["kw"]),
                  "ab": [dict(a) for a in c["abilities"]], "eotpw": None,
                  "respawn": c.get("respawn")})
        triggers.transformed(st, t, ctx, evolved=True)


def _hush(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in _units(st, e, ctx):
        t["kw"], t["ab"], t["respawn"] = {}, [], None
        t["pw"] = C.card(t["card"])["power"]


def _return_hand(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in resolve(st, e["to"], ctx):
        if isinstance(t, dict) and "pw" in t and t in st.units:
            st.units.remove(t)
        elif isinstance(t, dict) and "pw" not in t and t in st.forts:
            st.forts.remove(t)
        else:
            continue
        resources.add_to_hand(st, t["owner"], t["card"], ctx)
        say(ctx, make_text("{card} returns to {player}'s hand.", card=C.name(t["card"]),
                  player=seat_ref(t["owner"])))


def _steal_fort(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in resolve(st, e["to"], ctx):
        if isinstance(t, dict) and "pw" not in t:
            t["owner"] = ctx.owner
            twin = find_fort(st, t["twin"]) if t.get("twin") else None
            if twin is not None:
                twin["owner"] = ctx.owner


# -- moving units ----------------------------------------------------------------------------


def _nudge(direction: int) -> Op:
    """Makes PUSH (+1: away from the effect's owner) or PULL (-1: towards it)."""
    def op(st: DFState, e: Effect, ctx: Ctx) -> None:
        for t in _units(st, e, ctx):
            movement.nudge(st, t, 4 * direction * fwd(ctx.owner), ctx)
    return op


def _shift(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in _units(st, e, ctx):
        dirs = [d for d in (-1, 1) if movement.can_slide(st, t, d)]
        if dirs:
            movement.slide(st, t, st.rng.choice(dirs), ctx)


def _frontline_rows(t: Unit) -> list[int]:
    return [1, 2]


_TELEPORT_ROWS: Final[dict[str, Callable[[Unit], list[int]]]] = {
    "owner_spawn_row": lambda t: [spawn_row(t["owner"])],
    "open_enemy_frontline": lambda t: [r for r in (1, 2) if not in_territory(t["owner"], r)],
}
"""The rows "teleport" may land in, by its "where" (else both Frontline rows)."""


def _teleport(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in _units(st, e, ctx):
        if t["giant"]:
            continue
        rows = _TELEPORT_ROWS.get(e["where"], _frontline_rows)(t)
        spots = [r * 4 + c for r in rows for c in range(4)
                 if unit_at(st, r * 4 + c) is None and not is_wall(fort_at(st, r * 4 + c))]
        if spots:
            movement.enter(st, t, [st.rng.choice(spots)], ctx)


# -- new units and tiles ---------------------------------------------------------------------


def _own_spaces(ctx: Ctx) -> list[int]:
    return spaces_of(ctx.me) if ctx.me is not None else []


def _victim_space(ctx: Ctx) -> list[int]:
    """Where the dead unit or fort stood (both halves of a GIANT fort)."""
    spaces = [ctx.victim_space] if ctx.victim_space is not None else []
    return spaces + ([ctx.twin_space] if ctx.twin_space is not None else [])


def _frontline_lane(st: DFState, ctx: Ctx) -> list[int]:
    lanes = {lane_of(s) for s in _own_spaces(ctx)}
    return [s for s in range(4, 12) if lane_of(s) in lanes]


def _target_around(st: DFState, ctx: Ctx) -> list[int]:
    t = ctx.target
    return sorted(around(t["sp"])) if isinstance(t, dict) and "pw" in t else []


def _picked_row(st: DFState, ctx: Ctx) -> list[int]:
    """The spaces of the rows the picked unit stands in."""
    t = ctx.picked
    rows = {row_of(s) for s in spaces_of(t)} if isinstance(t, dict) else set()
    return [s for s in range(16) if row_of(s) in rows]


_SUMMON_SPOTS: Final[dict[str, Callable[[DFState, Ctx], list[int]]]] = {
    "target_around": _target_around,
    "origin": lambda st, ctx: list(ctx.origin or []),
    "picked_row": _picked_row,
    "open_frontline_lane": _frontline_lane,
    "open_spawn_row": lambda st, ctx: [spawn_row(ctx.owner) * 4 + c for c in range(4)],
    "self_space": lambda st, ctx: _own_spaces(ctx),
    "victim_space": lambda st, ctx: _victim_space(ctx),
}
"""Where "summon" may put its units, by its "to" (else every space of the owner's half)."""


def _summon(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Puts a new unit of the card on every free space of the place named (no SPAWN effects)."""
    spots = _SUMMON_SPOTS.get(e["to"])
    spaces = spots(st, ctx) if spots is not None else \
        [s for s in range(16) if in_territory(ctx.owner, row_of(s))]
    for sp in spaces:
        if unit_at(st, sp) is None and not is_wall(fort_at(st, sp)):
            place_unit(st, new_unit(st, e["card"], ctx.owner, [sp]))


def _target_spaces(st: DFState, ctx: Ctx) -> list[int]:
    t = ctx.target
    return spaces_of(t) if isinstance(t, dict) else []


def _lane_unforted(st: DFState, ctx: Ctx) -> list[int]:
    t = ctx.target
    return [s for s in range(16) if isinstance(t, tuple) and lane_of(s) == t[1]
            and fort_at(st, s) is None]


def _random_tiles(st: DFState, e: Effect, *, frontline: bool) -> list[int]:
    pool = [s for s in range(16) if s not in st.blessed and (not frontline or row_of(s) in (1, 2))]
    spaces: list[int] = []
    for _ in range(min(e.get("n", 1), len(pool))):
        s = st.rng.choice(pool)
        pool.remove(s)
        spaces.append(s)
    return spaces


_TILES: Final[dict[str, Callable[[DFState, Effect, Ctx], list[int]]]] = {
    "picked_row": lambda st, e, ctx: [s for s in _picked_row(st, ctx) if fort_at(st, s) is None],
    "self_space": lambda st, e, ctx: _own_spaces(ctx),
    "target_space": lambda st, e, ctx: _target_spaces(st, ctx),
    "victim_space": lambda st, e, ctx: [s for s in _victim_space(ctx) if fort_at(st, s) is None],
    "all_unforted": lambda st, e, ctx: [s for s in range(16) if fort_at(st, s) is None],
    "lane_unforted": lambda st, e, ctx: _lane_unforted(st, ctx),
    "random_frontline": lambda st, e, ctx: _random_tiles(st, e, frontline=True),
    "random_any": lambda st, e, ctx: _random_tiles(st, e, frontline=False),
}
"""The tiles "bless" and "unbless" change, by their "to" (else none)."""


def _bless(st: DFState, e: Effect, ctx: Ctx) -> None:
    tiles = _TILES.get(e["to"])
    for s in tiles(st, e, ctx) if tiles is not None else []:
        if s not in st.blessed:
            st.blessed.append(s)
    st.blessed.sort()


def _unbless(st: DFState, e: Effect, ctx: Ctx) -> None:
    tiles = _TILES.get(e["to"])
    for s in tiles(st, e, ctx) if tiles is not None else []:
        if s in st.blessed:
            st.blessed.remove(s)
    st.blessed.sort()


# -- control flow ----------------------------------------------------------------------------


def _random(st: DFState, e: Effect, ctx: Ctx) -> None:
    run_effects(st, st.rng.choice(e["of"]), ctx)


def _if(st: DFState, e: Effect, ctx: Ctx) -> None:
    branch = e["then"] if check(st, e["cond"], ctx.me, ctx.owner, ctx) else e.get("else", [])
    run_effects(st, branch, ctx)


def _each(st: DFState, e: Effect, ctx: Ctx) -> None:
    old = ctx.picked
    for t in resolve(st, e["to"], ctx):
        ctx.picked = t
        run_effects(st, e["do"], ctx)
    ctx.picked = old


def _pick(st: DFState, e: Effect, ctx: Ctx) -> None:
    found = resolve(st, e["to"], ctx)
    if found:
        old = ctx.picked
        ctx.picked = found[0]
        run_effects(st, e["do"], ctx)
        ctx.picked = old


OPS: Final[dict[str, Op]] = {
    # cards and mana
    "draw": _draw,
    "mana": _mana,
    "fill_mana": _fill_mana,
    "tokens": _tokens,
    "drain": _drain,
    "add_hand": _add_hand,
    "copy_hand": _copy_hand,
    "discard_hand": _discard_hand,
    "to_deck": _to_deck,
    "steal_fragments": _steal_fragments,
    # damage and healing
    "damage": _damage,
    "damage_split": _damage_split,
    "damage_pierce": _damage_pierce,
    "heal": _heal,
    "destroy": _destroy,
    "lose_fragment": _lose_fragment,
    # changing units
    "buff": _buff,
    "set_power": _set_power,
    "stun": _set_flag("stun", 1),
    "poison": _set_flag("poison", True),
    "hide": _set_flag("hidden", True),
    "blight": _set_flag("frags", 0),
    "refresh": _set_flag("acted", False),
    "grant": _grant,
    "evolve": _evolve,
    "hush": _hush,
    "return_hand": _return_hand,
    "steal_fort": _steal_fort,
    # moving units
    "push": _nudge(1),
    "pull": _nudge(-1),
    "shift": _shift,
    "teleport": _teleport,
    # new units and tiles
    "summon": _summon,
    "bless": _bless,
    "unbless": _unbless,
    # control flow
    "random": _random,
    "if": _if,
    "each": _each,
    "pick": _pick,
}
"""Every effect operation by name: the one place to add one."""

# Families of operations kept in modules of their own register themselves in OPS on import.
from games.dragonfront import (  # noqa: E402,F401
    effects_board,
    effects_hand,
    effects_timed,
    vocabulary_more,
)
from games.dragonfront.effects_control import CONTROL_OPS  # noqa: E402
from games.dragonfront.effects_forts import FORT_OPS  # noqa: E402

OPS.update({**FORT_OPS, **CONTROL_OPS})
