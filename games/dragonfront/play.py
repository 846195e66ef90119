"""Playing cards: what a card costs, where it may be played, and what playing it does (deploying a
unit or the champion, building a fort, casting a spell)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.dragonfront import cards as C
from games.dragonfront import deploy_more, hand_mods, triggers_more
from games.dragonfront.actions import SPACES, Play, play_of
from games.dragonfront.amounts import amount
from games.dragonfront.board import (
    enemy_row,
    find_fort,
    find_unit,
    fort_at,
    in_home,
    new_fort,
    new_unit,
    pieces_of,
    place_unit,
    race_of,
    row_of,
    space_name,
    spawn_row,
    unit_at,
)
from games.dragonfront.conditions import check
from games.dragonfront.context import Ctx, say
from games.dragonfront.damage import resolve_deaths
from games.dragonfront.effects import run_effects
from games.dragonfront.movement import free_for
from games.dragonfront.state import STRONGHOLD, DFState, Fort, Target, Unit
from games.dragonfront.stats import has, power
from games.dragonfront.triggers import arrived, fort_built, reveal, trigger
from games.text import make_text, seat_ref

_CHAPELS: Final = C.cards_with("unaligned_tax")
"""The forts that tax Unaligned cards (Roadside Chapel)."""
_MURMURS: Final = C.cards_with("first_unit_tax")
"""The forts that tax the enemy's first unit of a turn (Feedback Murmur)."""
_COST_CHANGERS: Final = C.cards_with("cost")
"""The cards whose pieces change their side's card costs."""
_BREACH_GIVERS: Final = frozenset(
    k for k, c in C.cards().items() for a in c["abilities"]
    if a["on"] in ("static", "aura") and "BREACH" in a.get("kw", {}))
"""The cards with a static or aura granting BREACH."""
_DEPLOY_CHANGERS: Final = _BREACH_GIVERS | deploy_more.givers()
"""The cards whose pieces change where cards may be deployed (`_plain_board`)."""


# -- costs -----------------------------------------------------------------------------------


def champion_cost(st: DFState, seat: int) -> int:
    """The champion costs 15 less the own Stronghold's damage and the banked tokens (never < 0)."""
    p = st.players[seat]
    sh: int = p["sh"]  # typed locals: native sums when compiled
    tokens: int = p["tokens"]
    return max(0, 15 - (STRONGHOLD - sh) - tokens)


def card_cost(st: DFState, seat: int, cid: str, *, hand: bool = True) -> int:
    """Returns what a card costs its seat now (cost changes from own units and forts, the enemy's
    taxing forts, the card's own discount and, with `hand`, its best copy's change in hand)."""
    p = st.players[seat]
    if cid == p["champion"]:
        return champion_cost(st, seat)
    c = C.card(cid)
    kind: str = c["type"]  # typed locals: native compares and sums when compiled
    if kind == "champion":  # a copy in hand (Infinite Recursion): no tokens banked on it
        return max(0, 15 - (STRONGHOLD - p["sh"]))
    printed: int = c["cost"]
    cost = printed + _cost_change(st, seat, kind)
    if "cost_is" in c:
        cost += amount(st, c["cost_is"], Ctx(owner=seat)) - printed
    if "discount" in c:
        cost -= _discount(st, seat, c["discount"])
    if st.forts:
        unaligned, first_unit = _fort_taxes(st, seat)
        faction: str = c["faction"]
        if faction == "Unaligned":
            cost += unaligned
        if kind == "unit" and p.get("unit_turn") != st.turn:
            cost += first_unit
    if hand and p.get("mods"):
        cost += hand_mods.cost_change(p, cid)
    return max(0, cost)
def _discount(st: DFState, seat: int, race: str) -> int:
    """A card's own discount: 1 less per ally unit of a race in play."""
    return sum(1 for u in st.units if u["owner"] == seat and race_of(u) == race)


def _fort_taxes(st: DFState, seat: int) -> tuple[int, int]:
    """The forts' taxes on a seat's cards: on Unaligned cards (anyone's Roadside Chapel) and on
    its first unit of the turn (the enemy's Feedback Murmur)."""
    still = st.cache.still
    if still is not None:
        cached = still.taxes.get(seat)
        if cached is not None:
            return cached
    unaligned = first_unit = 0
    for f in st.forts:
        if f["card"] not in _CHAPELS and f["card"] not in _MURMURS:
            continue
        for a in f["ab"]:
            if a["on"] == "unaligned_tax":
                unaligned += 1
            elif a["on"] == "first_unit_tax" and f["owner"] != seat:
                first_unit += a["n"]
    if still is not None:
        still.taxes[seat] = (unaligned, first_unit)
    return unaligned, first_unit


def _cost_change(st: DFState, seat: int, kind: str) -> int:
    """Returns how much a seat's own units and forts change the cost of its cards of one type."""
    still = st.cache.still
    if still is None:
        return _cost_changes(st, seat).get(kind, 0)
    changes = still.costs.get(seat)
    if changes is None:
        changes = still.costs[seat] = _cost_changes(st, seat)
    return changes.get(kind, 0)


def _cost_changes(st: DFState, seat: int) -> dict[str, int]:
    """Returns the cost changes a seat's own units and forts make, by card type (looking only
    through the pieces of cards that change costs, kept with the board key: `pieces_of`)."""
    changes: dict[str, int] = {}
    for x in pieces_of(st, _COST_CHANGERS):
        owner: int = x["owner"]  # typed: a native compare when compiled
        if owner == seat:
            abilities: list[dict[str, Any]] = x["ab"]  # typed: a native loop
            for a in abilities:
                if a["on"] == "cost":
                    changes[a["kind"]] = changes.get(a["kind"], 0) + a["n"]
    return changes


# -- where a card may go ---------------------------------------------------------------------


def unit_spaces(st: DFState, seat: int, cid: str) -> list[list[int]]:
    """Lists where a unit may be played: own Spawn Row (BREACH: any row but the enemy's Spawn Row);
    a GIANT takes two adjacent spaces of one row. Hidden enemies look empty."""
    c = C.card(cid)
    if "deploy" in c:
        return deploy_more.fort_spaces_only(st, seat)
    if cid not in _BREACH_GIVERS and _plain_board(st):
        return _usual_spaces(st, seat, c, False)
    usual = _usual_spaces(st, seat, c, _granted_breach(st, seat, cid))
    extra = deploy_more.extra_spaces(st, seat, cid)
    return usual + [s for s in extra if s not in usual] if extra else usual


def _plain_board(st: DFState) -> bool:
    """Tells whether no unit or fort on the board changes where cards may be deployed
    (remembered while actions are listed)."""
    still = st.cache.still
    if still is not None and still.plain is not None:
        return still.plain
    plain = not any(x["card"] in _DEPLOY_CHANGERS for x in st.units) \
        and not any(f["card"] in _DEPLOY_CHANGERS for f in st.forts)
    if still is not None:
        still.plain = plain
    return plain


def _usual_spaces(st: DFState, seat: int, c: dict[str, Any], granted: bool) -> list[list[int]]:
    kw: dict[str, int] = c["kw"]  # typed: native `get`s, not method calls
    breach = granted or bool(kw.get("BREACH"))
    blessed = bool(kw.get("BLESSBREACH"))
    width = 2 if c["giant"] else 1
    still = st.cache.still
    key = (seat, breach, width, blessed)
    if still is not None:
        cached = still.spaces.get(key)
        if cached is not None:
            return cached
    home = spawn_row(seat)
    rows = [r for r in range(4) if r != enemy_row(seat)] if breach or blessed else [home]
    out: list[list[int]] = []
    for r in rows:
        for lane in range(5 - width):
            first = r * 4 + lane
            spaces = [first] if width == 1 else [first, first + 1]
            if not (breach or r == home or all(s in st.blessed for s in spaces)):
                continue
            for s in spaces:
                if not free_for(st, s, None, seen_by=seat):
                    break
            else:
                out.append(spaces)
    if still is not None:
        still.spaces[key] = out
    return out


def _granted_breach(st: DFState, seat: int, cid: str) -> bool:
    """Tells whether a card in hand has BREACH now: its own static (Fire Heralds while a
    champion is in play) or an ally's aura reaching its kind (Tor the Relentless's Slags)."""
    givers = _BREACH_GIVERS
    still = st.cache.still
    found = still.breach_auras.get(seat) if still is not None else None
    if found is not None:
        auras = found
    else:
        auras = [a for u in st.units if u["owner"] == seat and u["card"] in givers
                 for a in u["ab"] if a["on"] == "aura"]
        if still is not None:
            still.breach_auras[seat] = auras
    if not auras and cid not in givers:
        return False
    own = [a for a in C.card(cid)["abilities"] if a["on"] == "static"] if cid in givers else []
    sources = own + auras
    probe = {"card": cid, "owner": seat, "sp": [], "kw": {}}
    return any("BREACH" in a.get("kw", {}) and check(st, a.get("if"), probe, seat, None)
               for a in sources)


def fort_spaces(st: DFState, seat: int) -> list[int]:
    """Lists Frontline spaces open for a fort (no fort, no visible enemy unit)."""
    out = []
    for sp in range(4, 12):
        x = unit_at(st, sp)
        if x is not None and x["owner"] != seat and not x["hidden"]:
            continue
        if fort_at(st, sp) is None:
            out.append(sp)
    return out


def _pairs(st: DFState, seat: int) -> list[str]:
    """Two different ally non-giant units a spell may choose (STEELWARD ones excluded)."""
    ids = [u["id"] for u in st.units if u["owner"] == seat and not u["giant"]
           and not has(st, u, "STEELWARD")]
    return [f"P{a}-{b}" for i, a in enumerate(ids) for b in ids[i + 1:]]


def _enemy_fort_free(st: DFState, seat: int) -> list[str]:
    return [f"f{f['id']}" for f in st.forts if f["owner"] != seat and not f["kw"].get("STEELWARD")
            and not ((x := unit_at(st, f["sp"])) is not None and x["owner"] != seat)]


_PLACE_TARGETS: Final[dict[str, Callable[[DFState, int], list[str]]]] = {
    "none": lambda st, seat: ["-"],
    "fort": lambda st, seat: [f"f{f['id']}" for f in st.forts if not f["kw"].get("STEELWARD")],
    "enemy_fort_free": _enemy_fort_free,
    "enemy_territory_fort": lambda st, seat: [f"f{f['id']}" for f in st.forts
                                              if not in_home(st, seat, f["sp"])
                                              and not f["kw"].get("STEELWARD")],
    "lane": lambda st, seat: [f"L{c}" for c in range(4)],
    "front_row": lambda st, seat: ["R1", "R2"],
    "row": lambda st, seat: [f"R{r}" for r in range(4)],
    "fort_unoccupied": lambda st, seat: [f"f{f['id']}" for f in st.forts
                                         if unit_at(st, f["sp"]) is None
                                         and not f["kw"].get("STEELWARD")],
    "free_fort": lambda st, seat: [f"f{f['id']}" for f in st.forts
                                   if unit_at(st, f["sp"]) is None and not f.get("twin")
                                   and not f["kw"].get("STEELWARD")],
    "open_front_space": lambda st, seat: [f"S{sp}" for sp in fort_spaces(st, seat)
                                          if unit_at(st, sp) is None],
    "ally_pair_nongiant": lambda st, seat: _pairs(st, seat),
}
"""Spell target kinds that name no unit: forts, lanes, rows, or nothing ("-")."""

_UnitTest = Callable[[Unit, int], bool]

_UNIT_TARGETS: Final[dict[str, _UnitTest]] = {
    "enemy_unit": lambda u, seat: u["owner"] != seat,
    "ally_unit": lambda u, seat: u["owner"] == seat,
    "nonchamp": lambda u, seat: not u["champ"],
    "ally_nonchamp": lambda u, seat: u["owner"] == seat and not u["champ"],
    "frontline_unit": lambda u, seat: row_of(u["sp"][0]) in (1, 2),
    "poisoned_unit": lambda u, seat: bool(u["poison"]),
    "stunned_nonchamp": lambda u, seat: bool(u["stun"]) and not u["champ"],
    "ally_nongiant": lambda u, seat: u["owner"] == seat and not u["giant"],
    "enemy_nonchamp": lambda u, seat: u["owner"] != seat and not u["champ"],
    "enemy_nongiant": lambda u, seat: u["owner"] != seat and not u["giant"],
    "ally_nongiant_spawn": lambda u, seat: u["owner"] == seat and not u["giant"]
    and row_of(u["sp"][0]) == spawn_row(seat),
    "enemy_nonchamp_front": lambda u, seat: u["owner"] != seat and not u["champ"]
    and row_of(u["sp"][0]) in (1, 2),
    "enemy_stunned_nonchamp_front": lambda u, seat: u["owner"] != seat and not u["champ"]
    and bool(u["stun"]) and row_of(u["sp"][0]) in (1, 2),
}

"""Spell target kinds that name a unit, by the test a unit must pass ("unit": any unit;
"race:<RACE>": a unit of that race)."""


def _unit_test(kind: str) -> _UnitTest:
    test = _UNIT_TARGETS.get(kind)
    if test is not None:
        return test
    if kind.startswith("race:"):
        race = kind[5:]
        return lambda u, seat: (C.card(u["card"])["race"] or "") == race
    return lambda u, seat: True


_STATE_TARGETS: Final[dict[str, Callable[[DFState, Unit, int], bool]]] = {
    "enemy_pw2": lambda st, u, seat: u["owner"] != seat and power(st, u) <= 2,
    "enemy_nonchamp_home": lambda st, u, seat: u["owner"] != seat and not u["champ"]
    and in_home(st, seat, u["sp"][0]),
    "nonchamp_ground_pw5": lambda st, u, seat: not u["champ"] and not has(st, u, "FLIGHT")
    and power(st, u) >= 5,
    "ground_nonchamp_max3": lambda st, u, seat: not u["champ"] and not has(st, u, "FLIGHT")
    and power(st, u) <= 3,
    "nonchamp_on_blessed": lambda st, u, seat: not u["champ"]
    and any(s in st.blessed for s in u["sp"]),
    "non_omega": lambda st, u, seat: race_of(u) != "OMEGA",
    "ally_starling_home": lambda st, u, seat: u["owner"] == seat
    and C.card(u["card"])["race"] == "STARLING" and in_home(st, seat, u["sp"][0]),
}
"""Spell target kinds whose test reads the board: the unit's stats now (auras included),
blessed tiles, territory (Hollow Camp)."""


def spell_targets(st: DFState, seat: int, kind: str) -> list[str]:
    """Lists a spell's legal target codes for `seat` (hidden enemies and STEELWARD units excluded)."""
    places = _PLACE_TARGETS.get(kind)
    if places is not None:
        return places(st, seat)
    by_state = _STATE_TARGETS.get(kind)
    test = _unit_test(kind) if by_state is None else (lambda u, seat: by_state(st, u, seat))
    return [f"u{u['id']}" for u in st.units
            if not (u["hidden"] and u["owner"] != seat or has(st, u, "STEELWARD"))
            and test(u, seat)]


def plays(st: DFState, seat: int, cid: str) -> list[Play]:
    """Lists every way to play one card (spaces, targets and CHOOSE ONE modes)."""
    c = C.card(cid)
    out: list[Play] = []
    kind = c["type"]
    if kind == "unit" or (kind == "champion" and not c["kw"].get("FORTCHAMP")):
        modes = [-1] if not c.get("modes") else [0, 1]
        for spaces in unit_spaces(st, seat, cid):
            for m in modes:
                out.append(play_of(cid, SPACES[spaces[0]], m))
    elif kind in ("fort", "champion"):
        open_spaces = fort_spaces(st, seat)
        if c["kw"].get("BLESSONLY"):
            open_spaces = [sp for sp in open_spaces if sp in st.blessed]
        if c["giant"]:
            open_spaces = [sp for sp in open_spaces if sp % 4 < 3 and sp + 1 in open_spaces]
        for m in [-1] if not c.get("modes") else range(len(c["modes"])):
            out.extend(play_of(cid, SPACES[sp], m) for sp in open_spaces)
    elif c.get("modes"):
        for m, mode in enumerate(c["modes"]):
            out.extend(play_of(cid, t, m) for t in spell_targets(st, seat, mode["target"]))
    else:
        out.extend(play_of(cid, t) for t in spell_targets(st, seat, c["target"]))
    return out


# -- playing ---------------------------------------------------------------------------------


def target_of(st: DFState, where: str) -> Target | None:
    """Returns what a spell's target code names (None for "-" or a piece no longer there)."""
    if where == "-":
        return None
    if where[0] == "P":
        return find_unit(st, int(where[1:].split("-")[0]))
    if where[0] == "u":
        return find_unit(st, int(where[1:]))
    if where[0] == "f":
        return find_fort(st, int(where[1:]))
    if where[0] == "L":
        return ("lane", int(where[1:]))
    if where[0] == "S":
        return ("space", int(where[1:]))
    return ("row", int(where[1:]))


def play(st: DFState, seat: int, action: Play, ctx: Ctx) -> None:
    """Plays a card from hand or the champion from its podium. A unit played onto a space a hidden
    enemy holds reveals that enemy instead, and the card stays in hand, no mana spent."""
    p = st.players[seat]
    cid = action.card
    c = C.card(cid)
    cost = card_cost(st, seat, cid)
    spaces: list[int] = []
    carriers: list[Unit] = []
    fort = c["type"] == "fort" or bool(c["kw"].get("FORTCHAMP"))
    if c["type"] in ("unit", "champion", "fort"):
        spaces = [int(action.where)] + ([int(action.where) + 1] if c["giant"] else [])
    if c["type"] in ("unit", "champion") and not fort:
        blockers = [x for s in spaces if (x := unit_at(st, s)) is not None]
        carriers = deploy_more.carried(st, seat, blockers) if c["type"] == "unit" else []
        blockers = [x for x in blockers if all(x is not y for y in carriers)]
        if blockers:
            reveal(st, blockers[0], ctx)
            say(ctx, make_text("A hidden {card} of {player} holds that space.",
                          card=C.name(blockers[0]["card"]), player=seat_ref(blockers[0]["owner"])))
            return
    p["mana"] -= cost
    mod = None
    if cid == p["champion"]:
        p["champion"] = None
        p["tokens"] = 0
    else:
        p["hand"].remove(cid)
        mod = hand_mods.take(p, cid) if p.get("mods") else None
    if fort:
        _build(st, seat, cid, spaces, ctx, action.mode)
    elif c["type"] in ("unit", "champion"):
        if carriers:
            deploy_more.unload(st, carriers, ctx)
        _deploy(st, seat, action, spaces, ctx, mod)
    else:
        say(ctx, make_text("{player} casts {card}.", player=seat_ref(seat), card=c["name"]))
        spell = c["modes"][action.mode] if action.mode >= 0 else c
        other = find_unit(st, int(action.where.split("-")[1])) if action.where[0] == "P" else None
        run_effects(st, spell["do"], Ctx(owner=seat, target=target_of(st, action.where),
                                         other=other, events=ctx.events))
        triggers_more.spell_cast(st, seat, ctx)
        resolve_deaths(st, ctx)


def _deploy(st: DFState, seat: int, action: Play, spaces: list[int], ctx: Ctx,
            mod: dict[str, Any] | None = None) -> None:
    """A unit arrives (with what its copy was given in hand, `mod`): STEALTH hides it, RUSH lets
    it act at once, then its chosen mode, its SPAWN effects and what its arrival sets off
    elsewhere."""
    c = C.card(action.card)
    if c["type"] == "unit":
        st.players[seat]["unit_turn"] = st.turn
    u = new_unit(st, action.card, seat, spaces)
    bonus = st.players[seat].pop("champ_bonus", None) if u["champ"] else None
    bonus = bonus or ([mod["pw"], mod["hp"]] if mod else None)
    if bonus:
        u["pw"] += bonus[0]
        u["hp"] += bonus[1]
    if mod and mod.get("deck"):  # a copy Coal Raker sent back to the deck, +1/+1 per return
        u["boost"] = mod["pw"]
    u["hidden"] = bool(u["kw"].get("STEALTH"))
    u["sick"] = not u["kw"].get("RUSH")
    u["just_played"] = True
    place_unit(st, u)
    if u["hidden"]:
        say(ctx, make_text("{player} deploys a hidden unit.", player=seat_ref(seat)))
        say(ctx, make_text("You deploy {card} (hidden) on {space}.", card=c["name"],
                      space=space_name(spaces[0], seat)), (seat,))
    else:
        say(ctx, make_text("{player} deploys {card}.", player=seat_ref(seat), card=c["name"]))
    deploy_more.landed(st, u, ctx)
    if action.mode >= 0:
        run_effects(st, c["modes"][action.mode]["do"], Ctx(owner=seat, me=u, events=ctx.events))
    trigger(st, u, "spawn", ctx)
    u.pop("just_played", None)
    resolve_deaths(st, ctx)
    arrived(st, u, ctx)
    resolve_deaths(st, ctx)


def _build(st: DFState, seat: int, cid: str, spaces: list[int], ctx: Ctx, mode: int = -1) -> None:
    """A fort is built (a giant fort as two linked halves, a CHOOSE ONE fort with the chosen
    mode's abilities): it unblesses its tiles, then its SPAWN effects and the units'
    "fort_spawned" ones run."""
    built: list[Fort] = [new_fort(st, cid, seat, sp) for sp in spaces]
    if mode >= 0:
        for f in built:
            f["ab"] += [dict(a) for a in C.card(cid)["modes"][mode]["abilities"]]
    if len(built) == 2:
        built[0]["twin"], built[1]["twin"] = built[1]["id"], built[0]["id"]
    for f in built:
        st.forts.append(f)
        if f["sp"] in st.blessed and not f["kw"].get("BLESSED"):
            st.blessed.remove(f["sp"])
    st.forts.sort(key=lambda x: x["id"])
    say(ctx, make_text("{player} builds {card}.", player=seat_ref(seat), card=C.name(cid)))
    trigger(st, built[0], "spawn", ctx)
    fort_built(st, built[0], ctx, played=True)
    resolve_deaths(st, ctx)
