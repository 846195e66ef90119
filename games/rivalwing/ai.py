"""The RivalWing computer opponent: a one-ply heuristic that reads only its own view.

On its turn it plays helpful specials, then builds the attack with the best expected damage
(breached sides send hits to the Core, overflow past a breach is wasted), places magic when it
cannot attack well, or discards dead cards. In a defense window it picks the defense type that
saves the most weighted damage and assigns its cards greedily.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from math import exp
from typing import Any

from games.core import View, header
from games.rivalwing.actions import Act
from games.rivalwing.cards import KINDS, MATS, SIDES
from games.rivalwing.state import RWState
from games.search import SearchSpec
from games.text import Text

CORE_WEIGHT = 2.5
KILL_BONUS = 25.0
BREACH_BONUS = 4.0
PREFERRED_MAT = "bog"


def choose_mat(players: int) -> str:
    """Returns the mat the computer picks: a wingless tank duels best against flyers."""
    return PREFERRED_MAT if players <= 4 else "sage"


def choose_option(name: str, players: int, seed: int) -> str:
    """Returns the computer player's pick for a per-seat option (its dragon mat)."""
    if name != "mat":
        raise ValueError(Text("{game} has no option '{name}'.", game="RivalWing", name=name))
    return choose_mat(players)


class _Ctx:
    """What the AI reads from its view, computed once per decision."""

    def __init__(self, view: View) -> None:
        self.view = view
        top = header(view)
        assert top["seat"] is not None, "the computer plays a seat"
        self.me: int = top["seat"]
        self.active = top["active"]
        self.players = view["players"]
        self.mine = self.players[self.me]
        self.hand: Counter[str] = Counter(view.get("hand_kinds", []))
        self.elem = MATS[self.mine["mat"]]["breath"]
        self.wings = "W" in self.mine["locations"] and not self.mine["locations"]["W"]["breached"]

    def resists(self, seat: int, elem: str | None, rbr: bool = False) -> bool:
        """True when `seat` resists a breath element (unless removed)."""
        p = self.players[seat]
        if elem is None or rbr:
            return False
        return p["resists"] == elem or "Breath Resistance" in p["specials"]

    def loc_value(self, seat: int, loc: str, amount: float, pending: dict[str, float]) -> float:
        """Returns the worth of `amount` damage aimed at `loc` of `seat`, given damage planned."""
        p = self.players[seat]
        locs = p["locations"]
        if amount <= 0:
            return 0.0
        if loc == "C" or (loc in SIDES and locs[loc]["breached"]):
            return self.core_value(seat, amount, pending)
        place = locs.get(loc)
        if place is None or place["breached"] or pending.get("breached:" + loc):
            return 0.0
        rem = place["points"] - place["damage"] - pending.get(loc, 0.0)
        if loc != "W":
            amount = max(0.0, amount - 3 * place["banked"]) if place["banked"] else amount
        weight = 0.6 if loc == "W" else 1.0
        value = min(amount, rem) * weight
        if amount >= rem:
            value += BREACH_BONUS
        return value

    def core_value(self, seat: int, amount: float, pending: dict[str, float]) -> float:
        """Returns the worth of core damage, with a bonus for a knockout."""
        core = self.players[seat]["locations"]["C"]
        rem = core["points"] - core["damage"] - pending.get("C", 0.0)
        value = min(amount, rem) * CORE_WEIGHT
        if amount >= rem:
            value += KILL_BONUS
        return value


def _apply_pending(ctx: _Ctx, seat: int, loc: str, amount: float, pending: dict[str, float]) -> None:
    locs = ctx.players[seat]["locations"]
    if loc in SIDES and locs[loc]["breached"]:
        loc = "C"
    if loc not in locs:
        return
    pending[loc] = pending.get(loc, 0.0) + amount
    place = locs[loc]
    if loc != "C" and place["damage"] + pending[loc] >= place["points"]:
        pending["breached:" + loc] = 1.0


def _hit_amount(ctx: _Ctx, kind: str, target: int) -> float:
    info = KINDS[kind]
    if kind in ("targ",) or info["category"] == "melee":
        return float(info.get("damage", 4))
    if info["category"] == "breath":
        amount = 6.5 if ctx.elem == "Chaos" else 5.0
        if ctx.resists(target, ctx.elem):
            amount = amount // 2
        return amount
    if kind == "dive":
        return 5.0
    return 0.0


def _build_pending(ctx: _Ctx, build: dict[str, Any]) -> dict[str, float]:
    pending: dict[str, float] = {}
    t = build["target"]
    if t is None:
        return pending
    for h in build["hits"]:
        info = KINDS[h["kind"]]
        if "side" in info:
            loc = {"Front": "F", "Left": "L", "Right": "R", "Rear": "B"}[info["side"]]
        else:
            loc = h["side"] or "F"
        if build["focus"]:
            loc = build["focus"]
        if h["aim"]:
            loc = h["aim"]
        if h["wing"]:
            loc = "W"
        amount = _hit_amount(ctx, h["kind"], t) + (2 if h["dive"] else 0)
        _apply_pending(ctx, t, loc, amount, pending)
    return pending


def _add_value(ctx: _Ctx, code: str, build: dict[str, Any]) -> float:
    """Returns the marginal worth of one build step."""
    parts = code.split(":")
    value = _STEP_VALUES.get(parts[0])
    return -1.0 if value is None else value(ctx, parts, build)


def _hit_value(ctx: _Ctx, parts: list[str], build: dict[str, Any]) -> float:
    """Adding a hit card: the damage worth where it lands, with its bonus hits."""
    head, kind = parts[0], parts[1]
    t = build["target"]
    pending = _build_pending(ctx, build)
    info = KINDS[kind]
    amount = _hit_amount(ctx, kind, t)
    if "side" in info:
        loc = {"Front": "F", "Left": "L", "Right": "R", "Rear": "B"}[info["side"]]
    elif len(parts) > 2:
        loc = parts[2]
    else:
        return sum(ctx.loc_value(t, s, amount, pending) for s in SIDES) / 4
    if build["focus"]:
        loc = build["focus"]
    value = ctx.loc_value(t, loc, amount, pending)
    if kind == "br.light" and len(parts) > 3 and ctx.elem == "Lightning":
        value += ctx.loc_value(t, parts[3], 3, pending)
    if kind == "br.ice" and ctx.elem == "Ice":
        value += ctx.loc_value(t, "W", 3, pending)
    if kind == "br.acid" and ctx.elem == "Acid":
        value += 1.0
    if head == "addc":
        value -= 0.5
    return value


def _focus_value(ctx: _Ctx, parts: list[str], build: dict[str, Any]) -> float:
    """Focused Dive: what moving every hit to the chosen side gains."""
    if build["focus"] is not None:
        return 0.0
    t = build["target"]
    gain = 0.0
    for h in build["hits"]:
        amount = _hit_amount(ctx, h["kind"], t)
        gain += ctx.loc_value(t, parts[1], amount, {}) - ctx.loc_value(
            t, h["side"] or _printed(h["kind"]), amount, {})
    return gain + 1.0


def _magic_value(ctx: _Ctx, parts: list[str], build: dict[str, Any]) -> float:
    """Slotted attack magic added to the build."""
    kind = parts[1]
    t = build["target"]
    if kind == "corehit":
        return ctx.core_value(t, 3, _build_pending(ctx, build))
    if kind == "called":
        return 1.0 * len(build["hits"]) + 0.5
    if kind == "crush":
        place = ctx.players[t]["locations"][parts[2]]
        held = sum(sum(e["covers"]) for e in place["entries"])
        return held + (BREACH_BONUS if place["damage"] + held >= place["points"] else 0) - 1
    if kind == "heal":
        return _heal_value(ctx, int(parts[2]), int(parts[3]))
    if kind == "rbr":
        breath = any(KINDS[h["kind"]]["category"] == "breath" for h in build["hits"])
        return 2.0 if breath and ctx.players[t]["resists"] == ctx.elem else -1.0
    return -1.0


def _heal_value(ctx: _Ctx, seat: int, eid: int) -> float:
    """Heal: the net damage it takes off your own mat (never the target's)."""
    if seat != ctx.me:
        return -1.0
    for key, place in ctx.mine["locations"].items():
        for e in place["entries"]:
            if e["id"] == eid:
                return float(e["net"] * (CORE_WEIGHT if key == "C" else 1.0) - 1)
    return -1.0


def _aim_value(ctx: _Ctx, parts: list[str], build: dict[str, Any]) -> float:
    """Called Shot: the worth of the hit (+1) at the chosen location."""
    t = build["target"]
    h = build["hits"][int(parts[1])]
    amount = _hit_amount(ctx, h["kind"], t) + 1
    return ctx.loc_value(t, parts[2], amount, _build_pending(ctx, build))


def _wing_value(ctx: _Ctx, parts: list[str], build: dict[str, Any]) -> float:
    """Melee Wing Attack: the hit on the Wings instead of its side."""
    t = build["target"]
    h = build["hits"][int(parts[1])]
    amount = _hit_amount(ctx, h["kind"], t)
    wing = ctx.loc_value(t, "W", amount, _build_pending(ctx, build))
    return wing - ctx.loc_value(t, h["side"] or _printed(h["kind"]), amount, {}) - 0.5


def _constant(value: float) -> Callable[[_Ctx, list[str], dict[str, Any]], float]:
    """Returns a step value that does not depend on the position."""
    def step(ctx: _Ctx, parts: list[str], build: dict[str, Any]) -> float:
        return value
    return step


_STEP_VALUES: dict[str, Callable[[_Ctx, list[str], dict[str, Any]], float]] = {
    "add": _hit_value, "addc": _hit_value, "fd": _focus_value, "dv": _constant(2.0),
    "mg": _magic_value, "aim": _aim_value, "dust": _constant(1.5), "wa": _wing_value,
}


def _printed(kind: str) -> str:
    side: str = KINDS[kind].get("side", "")
    return {"Front": "F", "Left": "L", "Right": "R", "Rear": "B"}.get(side, "F")


def _attack_potential(ctx: _Ctx, t: int) -> float:
    """Estimates the best damage worth the hand can send at `t` this turn."""
    hits = []
    for kind, n in ctx.hand.items():
        info = KINDS[kind]
        is_hit = (("side" in info and info["category"] == "melee" and (ctx.wings or not
                                                                         info.get("needs_wings")))
                  or kind == "targ" or (info["category"] == "breath" and ctx.elem)
                  or (kind == "dive" and ctx.wings))
        if not is_hit:
            continue
        amount = _hit_amount(ctx, kind, t)
        if "side" in info:
            value = ctx.loc_value(t, _printed(kind), amount, {})
        else:
            value = max(ctx.loc_value(t, s, amount, {}) for s in SIDES)
        if info["category"] == "breath":
            n = 1
        hits.extend([value] * n)
    hits.sort(reverse=True)
    cap = 1 + (ctx.hand["combo"] if ctx.wings else 0)
    value = sum(hits[:cap])
    for slot in ctx.mine["magic_slots"]:
        if slot.get("kind") == "corehit" and slot.get("ready") and (
                "Magic Resistance" not in ctx.players[t]["specials"]):
            value += ctx.core_value(t, 3, {})
    return value


def _dead(ctx: _Ctx, kind: str) -> bool:
    info = KINDS[kind]
    if info["category"] == "magic":
        return not ctx.mine["magic_slots"]
    if info["category"] == "maneuver" or info.get("needs_wings"):
        return not ctx.wings
    if kind.startswith("sc."):
        return ctx.mine["locations"][kind[3:]]["breached"]
    if info["category"] == "breath":
        return ctx.hand[kind] > 1 or sum(ctx.hand[k] for k in ctx.hand if k.startswith("br.")) > 1
    return False


def _keep_value(ctx: _Ctx, kind: str) -> float:
    """Returns how much the AI wants to keep a card (low = discard first)."""
    if _dead(ctx, kind):
        return -5.0
    info = KINDS[kind]
    if info["category"] == "melee" and "damage" in info:
        return info["damage"]
    if info["category"] == "breath":
        return 6.0
    if info["category"] == "special":
        return 5.0
    if info["category"] == "magic":
        return 4.0
    if kind.startswith("sc."):
        return 3.5 - 0.5 * (ctx.hand[kind] - 1)
    return 3.0


def choose(view: View, actions: Sequence[Act], seed: int) -> Act:
    """Picks one of `actions` from the seat's own view."""
    codes = {a.encode(): a for a in actions}
    ctx = _Ctx(view)
    code = _decide(ctx, list(codes))
    return codes.get(code) or actions[0]


def _decide(ctx: _Ctx, codes: list[str]) -> str:
    view = ctx.view
    phase = view["phase"]
    special = _special(ctx, codes)
    if special:
        return special
    if phase == "defense" and view["attack"]["window"]["seat"] == ctx.me:
        return _defend(ctx, codes)
    if ctx.active != ctx.me:
        return codes[0]
    if phase == "build":
        return _build(ctx, codes)
    if phase == "action":
        return _action(ctx, codes)
    if phase == "discard":
        dead = [c for c in codes if c.startswith("dis") and _dead(ctx, c.split(":")[1])]
        if dead:
            more = [c for c in dead if c.startswith("dism:")]
            return more[0] if len(dead) > 2 and more else dead[0]
        return "end"
    return "end" if "end" in codes else codes[0]


def _special(ctx: _Ctx, codes: list[str]) -> str | None:
    sp = [c for c in codes if c.startswith("sp:")]
    if not sp:
        return None
    attack = ctx.view.get("attack")
    incoming = [] if attack is None else [h for h in attack["hits"] if h["target"] == ctx.me]
    if "sp:mres" in sp and (any(h["type"] == "MAGIC" for h in incoming) or ctx.active == ctx.me):
        return "sp:mres"
    if "sp:bres" in sp:
        return "sp:bres"
    if "sp:innate" in sp and any(KINDS[k]["category"] == "magic" for k in ctx.hand):
        return "sp:innate"
    regen = [c for c in sp if c.startswith("sp:regen")]
    if regen:
        if "sp:regen:W" in regen:
            return "sp:regen:W"
        best, worth = None, 2.0
        for key, place in ctx.mine["locations"].items():
            for e in place["entries"]:
                code = f"sp:regen:{e['id']}"
                value = e["net"] * (CORE_WEIGHT if key == "C" else 1.0)
                if code in regen and value > worth:
                    best, worth = code, value
        if best:
            return best
    if ctx.active == ctx.me and ctx.view["phase"] == "action":
        refresh = [c for c in sp if c.startswith("sp:refresh")]
        if refresh:
            dead = sorted(k for k in ctx.hand.elements() if _dead(ctx, k) and k != "refresh")
            if len(dead) >= 2:
                for c in refresh:
                    parts = c.split(":")
                    if len(parts) > 2 and sorted(parts[2].split("+")) == dead:
                        return c
    return None


def _action(ctx: _Ctx, codes: list[str]) -> str:
    attacks = [c for c in codes if c.startswith("atk:") and c[4:].isdigit()]
    best, worth = None, 0.0
    for c in attacks:
        t = int(c[4:])
        value = _attack_potential(ctx, t)
        if value > worth:
            best, worth = c, value
    if "atk:arma" in codes:
        opponents = sum(1 for p in ctx.players if p["conscious"] and p["seat"] != ctx.me)
        if 4 * opponents * 1.2 > worth:
            return "atk:arma"
    place = [c for c in codes if c.startswith("mag:")]
    empty_place = [c for c in place if not ctx.mine["magic_slots"][int(c.split(":")[2])]["filled"]]
    if empty_place and worth < 6:
        order = {"corehit": 0, "shield": 1, "deflect": 2, "called": 3, "heal": 4, "crush": 5,
                 "random": 6, "gust": 7, "arma": 8, "rbr": 9, "swap": 10}
        return min(empty_place, key=lambda c: order.get(c.split(":")[1], 20))
    if best is not None:
        return best
    if "atk:self" in codes and any(
            e["net"] >= 3 for place in ctx.mine["locations"].values() for e in place["entries"]):
        return "atk:self"
    discards = [c for c in codes if c.startswith("dis:")]
    if discards:
        dead = [c for c in discards if _dead(ctx, c[4:])]
        if len(dead) >= 2 and f"dism:{dead[0][4:]}" in codes:
            return f"dism:{dead[0][4:]}"
        if dead:
            return dead[0]
        return min(discards, key=lambda c: _keep_value(ctx, c[4:]))
    return "pass" if "pass" in codes else codes[0]


def _build(ctx: _Ctx, codes: list[str]) -> str:
    build = ctx.view["build"]
    if build["armageddon"]:
        arma = [c for c in codes if c.startswith("arma:")]
        if arma:
            return max(arma, key=lambda c: ctx.loc_value(int(c.split(":")[1]), c.split(":")[2], 4, {}))
        return "decl" if "decl" in codes else codes[0]
    aims = [c for c in codes if c.startswith("aim:")]
    if aims:
        return max(aims, key=lambda c: _add_value(ctx, c, build))
    best, worth = None, 0.0
    for c in codes:
        if c in ("decl", "restart") or c.startswith("sp:") or c.startswith("rm:"):
            continue
        value = _add_value(ctx, c, build)
        if value > worth:
            best, worth = c, value
    if best is not None:
        return best
    if "decl" in codes:
        return "decl"
    adds = [c for c in codes if c not in ("restart",) and not c.startswith(("sp:", "rm:"))]
    if adds:
        return max(adds, key=lambda c: _add_value(ctx, c, build))
    return codes[0]


# -- defense --------------------------------------------------------------------------------------

def _incoming(ctx: _Ctx) -> list[tuple[int, dict[str, Any]]]:
    attack = ctx.view["attack"]
    return [(i, h) for i, h in enumerate(attack["hits"]) if h["target"] == ctx.me
            and not h["cancelled"]]


def _hit_weight(ctx: _Ctx, h: dict[str, Any], amount: float) -> float:
    return ctx.loc_value(ctx.me, h["loc"], amount, {})


def _defend(ctx: _Ctx, codes: list[str]) -> str:
    attack = ctx.view["attack"]
    window = attack["window"]
    hits = dict(_incoming(ctx))
    rbr = attack.get("rbr", False)

    def amount(i: int) -> float:
        h = hits[i]
        a = float(h["amount"])
        if h["type"] == "BREATH" and ctx.resists(ctx.me, h["element"], rbr):
            a //= 2
        return a

    def worth(i: int, prevented: float) -> float:
        a = amount(i)
        return _hit_weight(ctx, hits[i], a) - _hit_weight(ctx, hits[i], max(0.0, a - prevented))

    steps = [c for c in codes if c.startswith("d:")]
    if not steps:
        return "dend" if "dend" in codes else "none"
    scored: list[tuple[float, str]] = []
    for c in steps:
        parts = c.split(":")
        kind = parts[1]
        value = 0.0
        if kind.startswith("sc."):
            i = int(parts[2])
            used = sum(3 for pl in window["plays"] if pl[1] == i)
            value = worth(i, min(3.0, amount(i) - used) + used) - worth(i, used)
        elif kind in ("hurt", "jaw", "seiz", "wblk", "dust"):
            i = int(parts[2])
            value = worth(i, amount(i))
        elif kind == "deflect":
            i = int(parts[2])
            value = worth(i, amount(i)) + amount(i) * 0.8
        elif kind == "shield":
            i, amt = int(parts[2]), int(parts[3])
            value = worth(i, amt) - 0.3
        elif kind == "soar":
            value = sum(worth(i, amount(i)) for i, h in hits.items() if h["type"] == "MELEE")
        elif kind == "gust":
            value = sum(worth(i, amount(i)) for i, h in hits.items()
                        if h["type"] in ("BREATH", "MANEUVER"))
        elif kind == "blind":
            blinds = sum(1 for pl in window["plays"] if pl[0] == "Blind")
            value = sum(worth(i, 2 * blinds + 2) - worth(i, 2 * blinds) for i in hits) - 0.5
        elif kind == "random":
            value = 0.4 * sum(worth(i, amount(i)) for i in hits) - 1
        elif kind == "sharp":
            i, side = int(parts[2]), parts[3]
            h = hits[i]
            value = _hit_weight(ctx, h, amount(i)) - ctx.loc_value(ctx.me, side, amount(i), {})
        elif kind == "arch":
            now = sum(_hit_weight(ctx, h, amount(i)) for i, h in hits.items())
            after = sum(ctx.loc_value(ctx.me, "W", amount(i), {}) if h["loc"] in (*SIDES, "C")
                        else _hit_weight(ctx, h, amount(i)) for i, h in hits.items())
            value = now - after - 1
        scored.append((value, c))
    scored.sort(key=lambda vc: -vc[0])
    if scored and scored[0][0] > 0.5:
        return scored[0][1]
    return "dend" if "dend" in codes else "none"


def easy(view: View, actions: Sequence[Act], seed: int) -> Act:
    """The easy player, for beginners: attacks the weakest side it can reach with its biggest
    hits, plays Scales when hit, and otherwise takes the first listed move."""
    codes = [a.code for a in actions]
    players = view["players"]

    def side_left(seat: int, side: str) -> int:
        loc = players[seat]["locations"][side]
        return 99 if loc["breached"] else int(loc["points"] - loc["damage"])

    def pick(code: str) -> Act:
        return actions[codes.index(code)]

    phase = view["phase"]
    if phase == "defense":
        scales = [c for c in codes if c.startswith("d:sc.")]
        return pick(scales[0] if scales else "dend" if "dend" in codes else
                    "none" if "none" in codes else codes[0])
    if phase == "action":
        targets = [c for c in codes if c.startswith("atk:") and c[4:].isdigit()]
        if targets:
            return pick(min(targets, key=lambda c: min(side_left(int(c[4:]), s) for s in SIDES)))
        discards = [c for c in codes if c.startswith("dis:")]
        return pick(discards[0] if discards else codes[0])
    if phase == "build":
        return pick(_easy_build(view, codes, side_left))
    return pick("end" if "end" in codes else codes[0])


def _easy_build(view: View, codes: list[str], side_left: Callable[[int, str], int]) -> str:
    """Returns the easy player's build step: the biggest hit, the weakest side first."""
    t = view["build"]["target"]
    weakest = min(SIDES, key=lambda s: side_left(t, s)) if t is not None else "F"
    best, worth = None, 0
    for c in codes:
        parts = c.split(":")
        if parts[0] not in ("add", "addc"):
            continue
        info = KINDS[parts[1]]
        side = {"Front": "F", "Left": "L", "Right": "R", "Rear": "B"}.get(info.get("side", ""))
        if side is None and len(parts) > 2:
            side = parts[2]
        value = info.get("damage", 5) + (10 if side == weakest else 0)
        if value > worth:
            best, worth = c, value
    return best or ("decl" if "decl" in codes else codes[0])


SIDE_WORTH = 0.5
"""Worth of a point left on an unbreached side, for the hard search's leaf (a Core point is
worth CORE_WEIGHT)."""
HAND_WORTH = 1.5
"""Worth of a card in hand, for the leaf."""
LEAF_TEMPERATURE = 10.0
"""The leaf's win chances are a softmax of the dragons' strengths at this temperature."""


def strength(state: RWState, seat: int) -> float:
    """Returns how much fight a dragon has left: Core and unbreached side points, and cards."""
    d = state.dragons[seat]
    if not d["conscious"]:
        return 0.0
    points = MATS[d["mat"]]["points"]
    total = HAND_WORTH * len(state.hands[seat])
    for key, place in d["loc"].items():
        full = points.get(key)
        if full is None:
            continue
        damage = sum(e["amount"] - sum(a for _x, a in e["covers"]) for e in place["entries"])
        left = max(0, full - damage)
        if key == "C":
            total += CORE_WEIGHT * left
        elif not place["breached"]:
            total += SIDE_WORTH * left
    return total


def leaf_value(state: RWState, seat: int) -> float:
    """Values a position the hard search stops at, for `seat`, in [0, 1]: its share of a softmax
    of every conscious dragon's `strength` (0 once knocked out)."""
    if not state.dragons[seat]["conscious"]:
        return 0.0
    values = [strength(state, s) for s in range(state.players) if state.dragons[s]["conscious"]]
    top = max(values)
    weights = [exp((v - top) / LEAF_TEMPERATURE) for v in values]
    return exp((strength(state, seat) - top) / LEAF_TEMPERATURE) / sum(weights)


SEARCH = SearchSpec(evaluate=leaf_value, horizon=4, width=10)
"""The hard player: the ten best actions by the leaf right after them, each played out for four
turns, then valued by `leaf_value`."""
