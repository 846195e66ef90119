"""Dragon Front turn flow: setup and mulligan, the turn's phases, activation and combat, playing cards,
and the enumeration of legal actions."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from games.core import BadActionCode
from games.dragonfront import cards as C
from games.dragonfront.engine import (
    MANA_CAP,
    MAX_TURNS,
    STRONGHOLD,
    TURN_ACTION_CAP,
    Ctx,
    DFState,
    Unit,
    can_slide,
    check_end,
    damage_fort,
    damage_stronghold,
    damage_unit,
    discarded,
    draw,
    enemy_row,
    enter,
    find_fort,
    find_unit,
    fort_at,
    fwd,
    gain_mana,
    has,
    health,
    in_territory,
    is_wall,
    lane_of,
    max_health,
    new_fort,
    new_unit,
    nudge,
    place_unit,
    power,
    resolve_deaths,
    row_of,
    run_effects,
    say,
    say_about,
    slide,
    space_name,
    spawn_row,
    trigger,
    unit_at,
)
from games.rng import Rng

OPENING_HAND = 4


# -- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Mulligan:
    """Replaces the opening cards whose bits are set in `mask` (0 keeps the hand)."""

    mask: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"mull:{self.mask}"


@dataclass(frozen=True, slots=True)
class Play:
    """Plays a card from hand (or the champion): `where` is a space, or a spell's target code."""

    card: str
    where: str
    mode: int = -1

    def encode(self) -> str:
        """Returns the action code."""
        tail = f":{self.mode}" if self.mode >= 0 else ""
        return f"play:{self.card}:{self.where}{tail}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Activates a unit: it moves ahead or attacks, as the board decides."""

    unit: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"act:{self.unit}"


@dataclass(frozen=True, slots=True)
class Shift:
    """SHIFT: slides a unit one lane left (-1) or right (+1), board coordinates."""

    unit: int
    d: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"shift:{self.unit}:{'l' if self.d < 0 else 'r'}"


@dataclass(frozen=True, slots=True)
class Bank:
    """Moves mana onto the champion as Champion Tokens."""

    n: int

    def encode(self) -> str:
        """Returns the action code."""
        return f"bank:{self.n}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discards a card from hand for one mana (once a turn)."""

    card: str

    def encode(self) -> str:
        """Returns the action code."""
        return f"disc:{self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Ends the turn."""

    def encode(self) -> str:
        """Returns the action code."""
        return "end"


Action = Mulligan | Play | Activate | Shift | Bank | Discard | EndTurn


def decode(code: str) -> Action:
    """Parses an action code; raises BadActionCode for anything else."""
    if not isinstance(code, str) or len(code) > 60:
        raise BadActionCode("That is not a Dragon Front move.")
    parts = code.split(":")
    try:
        match parts:
            case ["end"]:
                return EndTurn()
            case ["mull", m] if m.isdigit() and int(m) < 16:
                return Mulligan(int(m))
            case ["act", u] if u.isdigit():
                return Activate(int(u))
            case ["shift", u, d] if u.isdigit() and d in ("l", "r"):
                return Shift(int(u), -1 if d == "l" else 1)
            case ["bank", n] if n.isdigit() and 0 < int(n) <= MANA_CAP:
                return Bank(int(n))
            case ["disc", cid] if cid in C.cards():
                return Discard(cid)
            case ["play", cid, where] if cid in C.cards() and _where_ok(where):
                return Play(cid, where)
            case ["play", cid, where, m] if cid in C.cards() and _where_ok(where) and m in ("0", "1"):
                return Play(cid, where, int(m))
    except ValueError:
        pass
    raise BadActionCode(f"'{code[:40]}' is not a Dragon Front move.")


def _where_ok(w: str) -> bool:
    if w == "-":
        return True
    if w.isdigit():
        return int(w) < 16
    return len(w) > 1 and w[0] in "ufLR" and w[1:].isdigit()


# -- setup -----------------------------------------------------------------------------------

def new_state(seed: int, factions: list[str | None]) -> DFState:
    """Deals a new game: factions (None = random), shuffled base decks, opening hands, initiative."""
    rng = Rng(seed)
    players: list[dict[str, Any]] = []
    for choice in factions:
        faction = choice if choice and choice != "random" else rng.choice(C.FACTIONS).lower()
        faction = faction.lower()
        deck = C.decks()[faction]
        cards = list(deck["cards"])
        rng.shuffle(cards)
        players.append({"faction": faction, "sh": STRONGHOLD, "mana": 0, "tokens": 0,
                        "hand": [], "deck": cards, "champion": deck["champion"], "fatigue": 0,
                        "discarded": False, "mulligan": True})
    st = DFState(rng=rng, players=players)
    st.first = rng.below(2)
    st.active = st.first
    ctx = Ctx(owner=0)
    for seat in (0, 1):
        for _ in range(OPENING_HAND):
            draw(st, seat, ctx)
    st.players[1 - st.first]["hand"].append(C.STIPEND)
    return st


def mulligan(st: DFState, seat: int, mask: int, ctx: Ctx) -> None:
    """Replaces the chosen opening cards; the first turn starts once both seats are done."""
    p = st.players[seat]
    p["mulligan"] = False
    back = [cid for i, cid in enumerate(p["hand"][:OPENING_HAND]) if mask >> i & 1]
    keep = [cid for i, cid in enumerate(p["hand"]) if not (i < OPENING_HAND and mask >> i & 1)]
    p["hand"] = keep
    for _ in back:
        draw(st, seat, ctx)
    p["deck"].extend(back)
    st.rng.shuffle(p["deck"])
    say(ctx, f"{{p{seat}}} replaces {len(back)} card(s).")
    if not any(q["mulligan"] for q in st.players):
        st.phase = "main"
        start_turn(st, ctx)


# -- turn flow -------------------------------------------------------------------------------

def mana_income(st: DFState, seat: int) -> int:
    """Returns a seat's mana income: 1 plus its visible units' spaces in its Spawn Row."""
    row = spawn_row(seat)
    n = 1
    for u in st.units:
        if u["owner"] == seat and not u["hidden"]:
            n += sum(1 for s in u["sp"] if row_of(s) == row)
    return n


def start_turn(st: DFState, ctx: Ctx) -> None:
    """Start of turn: ready units, earn mana, draw, poison, then START OF TURN effects."""
    seat = st.active
    p = st.players[seat]
    p["discarded"] = False
    st.turn_actions = 0
    say(ctx, f"Turn {st.turn + 1}: {{p{seat}}} to play.")
    for u in st.units:
        if u["owner"] == seat:
            u["acted"] = u["shifted"] = u["sick"] = False
            if u["stun"] == 1:
                u["stun"] = 2
    gain_mana(st, seat, mana_income(st, seat))
    draw(st, seat, ctx)
    for u in [u for u in st.units if u["owner"] == seat and u["poison"]]:
        damage_unit(st, u, 1, ctx, source=None)
    resolve_deaths(st, ctx)
    for x in [*[u for u in st.units if u["owner"] == seat], *[f for f in st.forts if f["owner"] == seat]]:
        if st.result is None:
            trigger(st, x, "start", ctx)
    check_end(st)


def end_turn(st: DFState, ctx: Ctx) -> None:
    """End of turn: END OF TURN effects and REGEN, then the other player's turn starts."""
    seat = st.active
    for x in [*[u for u in st.units if u["owner"] == seat], *[f for f in st.forts if f["owner"] == seat]]:
        if st.result is None:
            trigger(st, x, "end", ctx)
    for u in [u for u in st.units if u["owner"] == seat]:
        regen = has(st, u, "REGEN")
        if regen and u in st.units:
            u["dmg"] = max(0, u["dmg"] - regen)
    for u in st.units:
        u["eotpw"] = None
        u.pop("tmp", None)
        u.pop("tmpkw", None)
        if u["owner"] == seat and u["stun"] == 2:
            u["stun"] = 0
    if st.result is not None:
        return
    st.active = 1 - seat
    st.turn += 1
    if st.turn >= MAX_TURNS:
        a, b = st.players[0]["sh"], st.players[1]["sh"]
        st.result = {"winners": [] if a == b else [0 if a > b else 1], "reason": "turn limit"}
        st.phase = "over"
        say(ctx, "The turn limit is reached.")
        return
    start_turn(st, ctx)


# -- activation and combat -------------------------------------------------------------------

def _scan(st: DFState, u: Unit, lane: int, seen_by: int | None, *, after_move: bool = False) -> tuple[Any, int] | None:
    """Returns what a unit would attack in one lane (unit, wall fort or ("sh", seat)) and how far."""
    seat = u["owner"]
    f = fwd(seat)
    row = row_of(u["sp"][0])
    reach = 2 if has(st, u, "RANGE") else 1
    over = False
    for d in range(1, 4):
        rr = row + f * d
        if rr < 0 or rr > 3:
            if after_move or (d > reach and not over):
                return None
            return ("sh", 1 - seat), d
        if d > reach and not over:
            return None
        sp = rr * 4 + lane
        x = unit_at(st, sp)
        if x is not None and x is not u:
            if x["owner"] == seat:
                return None
            if not (x["hidden"] and seen_by == seat):
                if d == 1 and not after_move and rr == enemy_row(seat) and has(st, u, "FLIGHT") \
                        and not has(st, x, "FLIGHT"):
                    over = True
                    continue
                return x, d
        fo = fort_at(st, sp)
        if is_wall(fo):
            return (fo, d) if fo["owner"] != seat else None
    return None


def _catapult_target(st: DFState, u: Unit, seen_by: int | None) -> tuple[Any, int]:
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
        if is_wall(fo) and fo["owner"] != seat:
            return fo, d


def plan(st: DFState, u: Unit, seen_by: int | None) -> dict[str, Any] | None:
    """Returns what activating `u` would do as `seen_by` sees the board, or None when it cannot."""
    if has(st, u, "CATAPULT"):
        return {"kind": "catapult", "targets": [_catapult_target(st, u, seen_by)]}
    targets: list[tuple[Any, int]] = []
    for s in u["sp"]:
        t = _scan(st, u, lane_of(s), seen_by)
        if t is not None and all(t[0] is not x[0] and t[0] != x[0] for x in targets):
            targets.append(t)
    if targets:
        return {"kind": "attack", "targets": targets}
    nxt = [s + 4 * fwd(u["owner"]) for s in u["sp"]]
    if u["kw"].get("ROOTED"):
        return None
    if all(0 <= s < 16 for s in nxt) and all(_free(st, s, u, seen_by) for s in nxt):
        return {"kind": "move", "to": nxt}
    return None


def _free(st: DFState, sp: int, u: Unit, seen_by: int | None) -> bool:
    x = unit_at(st, sp)
    if x is not None and x is not u and not (x["hidden"] and seen_by is not None and x["owner"] != seen_by):
        return False
    return not is_wall(fort_at(st, sp))


def can_activate(st: DFState, u: Unit) -> bool:
    """Tells whether a unit may be activated now."""
    return not u["acted"] and not u["sick"] and not u["stun"] and plan(st, u, u["owner"]) is not None


def activate(st: DFState, u: Unit, ctx: Ctx) -> None:
    """Activates a unit: ACTION effects, then it fires (CATAPULT), attacks, or moves (SPRINT: two)."""
    u["acted"] = True
    trigger(st, u, "action", ctx)
    if u not in st.units or st.result is not None:
        return
    with still(st):
        real = plan(st, u, u["owner"])  # hidden enemies are found only by stepping into them
    if real is None:
        return
    if real["kind"] == "catapult":
        tgt, d = real["targets"][0]
        say(ctx, f"{C.name(u['card'])} fires down its lane.")
        strike(st, u, tgt, d, ctx, catapult=True)
        if u in st.units:
            u["stun"] = 1
        return
    if real["kind"] == "attack":
        for tgt, d in real["targets"]:
            if u in st.units and st.result is None and (isinstance(tgt, tuple) or tgt in st.units or tgt in st.forts):
                strike(st, u, tgt, d, ctx)
        return
    steps = 2 if has(st, u, "SPRINT") else 1
    for _ in range(steps):
        nxt = [s + 4 * fwd(u["owner"]) for s in u["sp"]]
        if any(not 0 <= s < 16 for s in nxt):
            break
        hidden = [x for s in nxt if (x := unit_at(st, s)) is not None and x is not u
                  and x["hidden"] and x["owner"] != u["owner"]]
        if hidden:
            hidden[0]["hidden"] = False
            say(ctx, f"A hidden {C.name(hidden[0]['card'])} blocks the way.")
            strike(st, u, hidden[0], 1, ctx)
            break
        if not all(_free(st, s, u, None) for s in nxt):
            break
        say_about(ctx, u, f"{C.name(u['card'])} advances to {space_name(nxt[0], u['owner'])}.")
        enter(st, u, nxt, ctx)
        resolve_deaths(st, ctx)
        if u not in st.units or st.result is not None or u["stun"]:
            break
        after = [t for s in u["sp"] if (t := _scan(st, u, lane_of(s), u["owner"], after_move=True)) is not None]
        if after:
            u["charged"] = True
            done: list[Any] = []
            for tgt, d in after:
                if all(tgt is not x for x in done) and u in st.units and (tgt in st.units or tgt in st.forts):
                    done.append(tgt)
                    strike(st, u, tgt, d, ctx)
            u.pop("charged", None)
            break


def strike(st: DFState, att: Unit, tgt: Any, dist: int, ctx: Ctx, *, catapult: bool = False) -> None:
    """Resolves one attack: SWIFT first, else simultaneous; RANGE attackers take damage back only
    from RANGE defenders; DEATHBLOW, PUSH and deaths follow."""
    att["hidden"] = False
    if isinstance(tgt, tuple):
        say(ctx, f"{C.name(att['card'])} strikes {{p{tgt[1]}}}'s Stronghold.")
        hit = power(st, att) + att["kw"].get("SIEGE", 0)
        damage_stronghold(st, tgt[1], hit * (2 if att["giant"] and not catapult and
                                             _both_lanes_open(st, att) else 1), ctx, source=att)
        resolve_deaths(st, ctx)
        trigger(st, att, "attacked", ctx)
        resolve_deaths(st, ctx)
        return
    if "pw" not in tgt:
        say(ctx, f"{C.name(att['card'])} hits {C.name(tgt['card'])}.")
        damage_fort(st, tgt, power(st, att), ctx, source=att)
        resolve_deaths(st, ctx)
        trigger(st, att, "attacked", ctx)
        resolve_deaths(st, ctx)
        return
    tgt["hidden"] = False
    say(ctx, f"{C.name(att['card'])} attacks {C.name(tgt['card'])}.")
    ap = _combat_power(st, att, tgt, dist)
    dp = _combat_power(st, tgt, att, dist)
    counter = not catapult and (not has(st, att, "RANGE") or has(st, tgt, "RANGE"))
    a_swift, d_swift = has(st, att, "SWIFT"), has(st, tgt, "SWIFT")
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
    if tgt in st.units and health(st, tgt) <= 0 and has(st, tgt, "DEATHBLOW") and att in st.units:
        say(ctx, f"{C.name(tgt['card'])} lands a death blow.")
        damage_unit(st, att, power(st, tgt), ctx, source=tgt, combat=True)
    if att in st.units and health(st, att) <= 0 and has(st, att, "DEATHBLOW") and tgt in st.units:
        damage_unit(st, tgt, power(st, att), ctx, source=att, combat=True)
    if has(st, att, "PUSH") and tgt in st.units and health(st, tgt) > 0 and att in st.units \
            and health(st, att) > 0 and nudge(st, tgt, 4 * fwd(att["owner"]), ctx):
        trigger(st, att, "pushed", ctx, damaged=tgt)
    resolve_deaths(st, ctx)
    if att in st.units and not catapult:
        trigger(st, att, "fought", ctx, damaged=tgt)
        resolve_deaths(st, ctx)
    if dist == 2 and att in st.units and att["kw"].get("RECOIL"):
        damage_unit(st, att, att["kw"]["RECOIL"], ctx, source=None)
        resolve_deaths(st, ctx)
    trigger(st, att, "attacked", ctx)
    resolve_deaths(st, ctx)


def _both_lanes_open(st: DFState, att: Unit) -> bool:
    row = enemy_row(att["owner"])
    return all(unit_at(st, row * 4 + lane_of(s)) in (None, att) for s in att["sp"])


def _combat_power(st: DFState, u: Unit, foe: Unit, dist: int) -> int:
    p = power(st, u)
    if u["kw"].get("FRESHBANE") and health(st, foe) >= max_health(st, foe):
        p += u["kw"]["FRESHBANE"]
    if u["kw"].get("LONGSHOT") and dist == 2:
        p += u["kw"]["LONGSHOT"]
    if u["kw"].get("GIANTBANE") and foe["giant"]:
        p += u["kw"]["GIANTBANE"]
    if u["kw"].get("CHARGE") and u.get("charged"):
        p += u["kw"]["CHARGE"]
    return p


# -- playing cards ---------------------------------------------------------------------------

def champion_cost(st: DFState, seat: int) -> int:
    """The champion costs 15 less the own Stronghold's damage and the banked tokens (never < 0)."""
    p = st.players[seat]
    return max(0, 15 - (STRONGHOLD - p["sh"]) - p["tokens"])


def card_cost(st: DFState, seat: int, cid: str) -> int:
    """Returns what a card costs its seat now (cost changes from own units and forts included)."""
    if cid == st.players[seat]["champion"]:
        return champion_cost(st, seat)
    c = C.card(cid)
    return max(0, c["cost"] + _cost_change(st, seat, c["type"]))


def _cost_change(st: DFState, seat: int, kind: str) -> int:
    """Returns how much a seat's own units and forts change the cost of its cards of one type."""
    memo = st.__dict__.get("_listing_memo")
    key = ("cost", seat, kind)
    if memo is not None and key in memo:
        return memo[key]
    change = 0
    for x in [*st.units, *st.forts]:
        if x["owner"] != seat:
            continue
        for a in x["ab"]:
            if a["on"] == "cost" and a["kind"] == kind:
                change += a["n"]
    if memo is not None:
        memo[key] = change
    return change


def unit_spaces(st: DFState, seat: int, cid: str) -> list[list[int]]:
    """Lists where a unit may be played: own Spawn Row (BREACH: any row but the enemy's Spawn Row);
    a GIANT takes two adjacent spaces of one row. Hidden enemies look empty."""
    c = C.card(cid)
    breach = bool(c["kw"].get("BREACH"))
    width = 2 if c["giant"] else 1
    memo = st.__dict__.get("_listing_memo")
    key = ("spaces", seat, breach, width)
    if memo is not None and key in memo:
        return memo[key]
    rows = [r for r in range(4) if r != enemy_row(seat)] if breach else [spawn_row(seat)]
    out: list[list[int]] = []
    for r in rows:
        for lane in range(4 - width + 1):
            spaces = [r * 4 + lane + i for i in range(width)]
            if all(_free(st, s, {"owner": seat}, seat) for s in spaces):
                out.append(spaces)
    if memo is not None:
        memo[key] = out
    return out


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


def spell_targets(st: DFState, seat: int, kind: str) -> list[str]:
    """Lists a spell's legal target codes for `seat` (hidden enemies and STEELWARD units excluded)."""
    if kind == "none":
        return ["-"]
    if kind == "fort":
        return [f"f{f['id']}" for f in st.forts]
    if kind == "enemy_fort_free":
        return [f"f{f['id']}" for f in st.forts if f["owner"] != seat
                and not ((x := unit_at(st, f["sp"])) is not None and x["owner"] != seat)]
    if kind == "enemy_territory_fort":
        return [f"f{f['id']}" for f in st.forts if not in_territory(seat, row_of(f["sp"]))]
    if kind == "lane":
        return [f"L{c}" for c in range(4)]
    if kind == "front_row":
        return ["R1", "R2"]
    if kind == "row":
        return [f"R{r}" for r in range(4)]
    out = []
    for u in st.units:
        if u["hidden"] and u["owner"] != seat or u["kw"].get("STEELWARD"):
            continue
        if kind == "enemy_unit" and u["owner"] == seat:
            continue
        if kind in ("ally_unit", "ally_nonchamp") and u["owner"] != seat:
            continue
        if kind in ("nonchamp", "ally_nonchamp") and u["champ"]:
            continue
        if kind == "frontline_unit" and row_of(u["sp"][0]) not in (1, 2):
            continue
        if kind == "poisoned_unit" and not u["poison"]:
            continue
        if kind == "stunned_nonchamp" and (not u["stun"] or u["champ"]):
            continue
        if kind == "ally_nongiant" and (u["owner"] != seat or u["giant"]):
            continue
        if kind == "enemy_nonchamp" and (u["owner"] == seat or u["champ"]):
            continue
        if kind == "enemy_nongiant" and (u["owner"] == seat or u["giant"]):
            continue
        if kind.startswith("race:") and (C.card(u["card"])["race"] or "") != kind[5:]:
            continue
        if kind == "enemy_nonchamp_home" and (u["owner"] == seat or u["champ"]
                                              or not in_territory(seat, row_of(u["sp"][0]))):
            continue
        out.append(f"u{u['id']}")
    return out


def _target_of(st: DFState, where: str) -> Any:
    if where == "-":
        return None
    if where[0] == "u":
        return find_unit(st, int(where[1:]))
    if where[0] == "f":
        return find_fort(st, int(where[1:]))
    if where[0] == "L":
        return ("lane", int(where[1:]))
    return ("row", int(where[1:]))


def play(st: DFState, seat: int, action: Play, ctx: Ctx) -> None:
    """Plays a card from hand or the champion from its podium."""
    p = st.players[seat]
    cid = action.card
    c = C.card(cid)
    cost = card_cost(st, seat, cid)
    if c["type"] in ("unit", "champion"):
        spaces = [int(action.where)] + ([int(action.where) + 1] if c["giant"] else [])
        blockers = [x for s in spaces if (x := unit_at(st, s)) is not None]
        if blockers:
            blockers[0]["hidden"] = False
            say(ctx, f"A hidden {C.name(blockers[0]['card'])} of {{p{blockers[0]['owner']}}} holds that space.")
            return
    p["mana"] -= cost
    if c["type"] == "champion":
        p["champion"] = None
        p["tokens"] = 0
    else:
        p["hand"].remove(cid)
    if c["type"] in ("unit", "champion"):
        u = new_unit(st, cid, seat, spaces)
        u["hidden"] = bool(u["kw"].get("STEALTH"))
        u["sick"] = not u["kw"].get("RUSH")
        u["just_played"] = True
        place_unit(st, u, ctx)
        if u["hidden"]:
            say(ctx, f"{{p{seat}}} deploys a hidden unit.")
            say(ctx, f"You deploy {c['name']} (hidden) on {space_name(spaces[0], seat)}.", (seat,))
        else:
            say(ctx, f"{{p{seat}}} deploys {c['name']}.")
        if action.mode >= 0:
            run_effects(st, c["modes"][action.mode]["do"], Ctx(owner=seat, me=u, events=ctx.events))
        trigger(st, u, "spawn", ctx)
        u.pop("just_played", None)
        resolve_deaths(st, ctx)
        _arrival_triggers(st, u, ctx)
        return
    if c["type"] == "fort":
        spaces = [int(action.where)] + ([int(action.where) + 1] if c["giant"] else [])
        built = [new_fort(st, cid, seat, sp) for sp in spaces]
        if len(built) == 2:
            built[0]["twin"], built[1]["twin"] = built[1]["id"], built[0]["id"]
        for f in built:
            st.forts.append(f)
            if f["sp"] in st.blessed and not f["kw"].get("BLESSED"):
                st.blessed.remove(f["sp"])
        st.forts.sort(key=lambda x: x["id"])
        say(ctx, f"{{p{seat}}} builds {c['name']}.")
        trigger(st, built[0], "spawn", ctx)
        for x in list(st.units):
            trigger(st, x, "fort_spawned", ctx)
        resolve_deaths(st, ctx)
        return
    say(ctx, f"{{p{seat}}} casts {c['name']}.")
    spell = c["modes"][action.mode] if action.mode >= 0 else c
    run_effects(st, spell["do"], Ctx(owner=seat, target=_target_of(st, action.where), events=ctx.events))


def _arrival_triggers(st: DFState, u: Unit, ctx: Ctx) -> None:
    """Runs what a unit's deployment sets off elsewhere: enemy forts watching its lane, own forts."""
    lanes = {lane_of(s) for s in u["sp"]}
    for x in [*st.units, *st.forts]:
        for a in list(x["ab"]):
            if a["on"] == "enemy_spawn_lane" and x["owner"] != u["owner"] and u in st.units \
                    and lanes & {lane_of(s) for s in ([x["sp"]] if isinstance(x["sp"], int) else x["sp"])} or a["on"] == "own_spawn" and x["owner"] == u["owner"] and x is not u:
                run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, entrant=u, events=ctx.events))
    resolve_deaths(st, ctx)


def shift(st: DFState, u: Unit, d: int, ctx: Ctx) -> None:
    """SHIFT: slides a unit one lane, once a turn."""
    u["shifted"] = True
    say_about(ctx, u, f"{C.name(u['card'])} shifts lanes.")
    slide(st, u, d, ctx)
    resolve_deaths(st, ctx)


# -- legal actions ---------------------------------------------------------------------------

def legal(st: DFState, seat: int, like: Action | None = None) -> list[Action]:
    """Returns the legal actions of `seat`, in a fixed order; with `like`, only those of its kind
    (same card, same unit) that could share its code, which is all `apply` needs to check it."""
    with still(st):
        return _legal(st, seat, like)


@contextmanager
def still(st: DFState) -> Iterator[None]:
    """Caches keywords, who stands where, card cost changes and open spaces while nothing changes
    (listing actions, planning an activation); nested uses share the outer caches."""
    if "_occupancy" in st.__dict__:
        yield
        return
    st.__dict__["_kw_cache"] = {}
    st.__dict__["_occupancy"] = {sp: u for u in st.units for sp in u["sp"]}
    st.__dict__["_listing_memo"] = {}
    try:
        yield
    finally:
        st.__dict__.pop("_kw_cache", None)
        st.__dict__.pop("_occupancy", None)
        st.__dict__.pop("_listing_memo", None)


def has_turn(st: DFState, seat: int) -> bool:
    """Tells whether `seat` has any legal action now (`legal` is empty exactly when not)."""
    if st.result is not None:
        return False
    if st.phase == "mulligan":
        return bool(st.players[seat]["mulligan"])
    return seat == st.active


def _legal(st: DFState, seat: int, like: Action | None) -> list[Action]:
    if not has_turn(st, seat):
        return []
    p = st.players[seat]
    if st.phase == "mulligan":
        return [Mulligan(m) for m in range(16)]
    if st.turn_actions >= TURN_ACTION_CAP:
        return [EndTurn()]
    out: list[Action] = []
    if like is None or isinstance(like, Play):
        wanted = like.card if like is not None else None
        for cid in dict.fromkeys(p["hand"]):
            if (wanted is None or cid == wanted) and card_cost(st, seat, cid) <= p["mana"] \
                    and C.is_supported(cid):
                out.extend(_plays(st, seat, cid))
        champ = p["champion"]
        if champ and (wanted is None or champ == wanted) and champion_cost(st, seat) <= p["mana"]:
            out.extend(_plays(st, seat, champ))
    if like is None or isinstance(like, (Activate, Shift)):
        wanted_id = like.unit if like is not None else None
        for u in st.units:
            if u["owner"] == seat and (wanted_id is None or u["id"] == wanted_id):
                if can_activate(st, u):
                    out.append(Activate(u["id"]))
                if not u["shifted"] and not u["sick"] and not u["stun"] and has(st, u, "SHIFT"):
                    for d in (-1, 1):
                        if can_slide(st, u, d, seen_by=seat):
                            out.append(Shift(u["id"], d))
    if like is None or isinstance(like, Bank):
        champ = p["champion"]
        if champ and champion_cost(st, seat) > 0:
            for n in range(1, min(p["mana"], champion_cost(st, seat)) + 1):
                out.append(Bank(n))
    if (like is None or isinstance(like, Discard)) and not p["discarded"]:
        for cid in sorted(set(p["hand"])):
            out.append(Discard(cid))
    if like is None or isinstance(like, EndTurn):
        out.append(EndTurn())
    return out


def _plays(st: DFState, seat: int, cid: str) -> list[Play]:
    c = C.card(cid)
    out: list[Play] = []
    if c["type"] in ("unit", "champion"):
        modes = [-1] if not c.get("modes") else [0, 1]
        for spaces in unit_spaces(st, seat, cid):
            for m in modes:
                out.append(Play(cid, str(spaces[0]), m))
    elif c["type"] == "fort":
        open_spaces = fort_spaces(st, seat)
        if c["giant"]:
            out.extend(Play(cid, str(sp)) for sp in open_spaces if sp % 4 < 3 and sp + 1 in open_spaces)
        else:
            out.extend(Play(cid, str(sp)) for sp in open_spaces)
    elif c.get("modes"):
        for m, mode in enumerate(c["modes"]):
            out.extend(Play(cid, t, m) for t in spell_targets(st, seat, mode["target"]))
    else:
        out.extend(Play(cid, t) for t in spell_targets(st, seat, c["target"]))
    return out


def apply_action(st: DFState, seat: int, action: Action, ctx: Ctx) -> None:
    """Applies a legal action in place."""
    if isinstance(action, Mulligan):
        mulligan(st, seat, action.mask, ctx)
        return
    st.turn_actions += 1
    p = st.players[seat]
    if isinstance(action, EndTurn):
        end_turn(st, ctx)
    elif isinstance(action, Play):
        play(st, seat, action, ctx)
    elif isinstance(action, Activate):
        u = find_unit(st, action.unit)
        if u is not None:
            activate(st, u, ctx)
    elif isinstance(action, Shift):
        u = find_unit(st, action.unit)
        if u is not None:
            shift(st, u, action.d, ctx)
    elif isinstance(action, Bank):
        p["mana"] -= action.n
        p["tokens"] += action.n
        say(ctx, f"{{p{seat}}} banks {action.n} mana on the champion.")
    elif isinstance(action, Discard):
        p["hand"].remove(action.card)
        p["discarded"] = True
        gain_mana(st, seat, 1)
        say(ctx, f"{{p{seat}}} discards {C.name(action.card)} for 1 mana.")
        discarded(st, seat, action.card, ctx)
        resolve_deaths(st, ctx)
    check_end(st)

