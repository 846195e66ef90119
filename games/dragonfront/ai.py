"""The Dragon Front computer opponent: one-step lookahead on a board rebuilt from its own view.

`choose` never reads the real state. It rebuilds a plausible state from the view (the opponent's
hand and both decks become placeholder cards, hidden enemy units are simply absent), tries every
legal action on a copy, and keeps the one whose resulting position scores best; "End turn" scores
the position as it stands, so the turn ends when nothing improves it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from math import tanh

from games.core import View, header
from games.dragonfront import cards as C
from games.dragonfront import rules as R
from games.dragonfront.actions import Action, Activate, Bank, Discard, EndTurn, Mulligan, Play
from games.dragonfront.board import new_fort, new_unit, row_of, spawn_row
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState, from_json, to_json
from games.dragonfront.stats import health, power
from games.rng import Rng
from games.search import SearchSpec

PLACEHOLDER = "ScU017"
MULLIGAN_ABOVE = 4
"""Opening cards costing more than this are sent back."""
WEIGHTS = {"sh": 4.0, "power": 1.2, "health": 0.9, "frags": 0.4, "champ": 1.0, "advance": 1.0,
           "deep": 1.5, "spawn": 0.6, "stun": 0.3, "fort": 1.5, "mana": 0.3, "card": 0.6,
           "token": 0.32, "hand_soft": 4, "extra_card": 0.15}
"""Evaluation weights (tuned with bench/dragonfront_ai.py)."""


def choose(view: View, actions: Sequence[Action], seed: int) -> Action:
    """Picks the action whose outcome scores best for the viewer (from the view only)."""
    if len(actions) == 1:
        return actions[0]
    me = header(view)["seat"]
    assert me is not None, "the computer plays a seat"
    if isinstance(actions[0], Mulligan):
        return _mulligan(view, actions)
    base = rebuild(view, seed)
    best, best_score = actions[-1], float("-inf")
    start = json.dumps(to_json(base))
    for action in actions:
        trial = from_json(json.loads(start), owned=True)
        if not isinstance(action, EndTurn):
            try:
                R.apply_action(trial, me, action, Ctx(owner=me))
            except Exception:  # noqa: BLE001 - a guess about hidden cards may not fit
                continue
        score = evaluate(trial, me)
        if isinstance(action, (Discard, Bank)):  # a tuple: no union made per call
            score -= 0.05
        if score > best_score + 1e-9:
            best, best_score = action, score
    return best


def _mulligan(view: View, actions: Sequence[Action]) -> Action:
    hand = view.get("hand") or []
    mask = 0
    for i, c in enumerate(hand[:R.OPENING_HAND]):
        if c["cost"] > MULLIGAN_ABOVE:
            mask |= 1 << i
    for a in actions:
        if isinstance(a, Mulligan) and a.mask == mask:
            return a
    return actions[0]


def evaluate(st: DFState, me: int) -> float:
    """Scores a position for `me`: Strongholds, board strength and advance, income, cards, mana."""
    foe = 1 - me
    if st.result is not None:
        winners = st.result["winners"]
        return 10_000.0 if winners == [me] else (-10_000.0 if winners else 0.0)
    pm, pf = st.players[me], st.players[foe]
    w = WEIGHTS
    score = w["sh"] * (pm["sh"] - pf["sh"])
    for u in st.units:
        side = 1.0 if u["owner"] == me else -1.0
        pw, hp = power(st, u), max(0, health(st, u))
        value = w["power"] * pw + w["health"] * hp + w["frags"] * u["frags"] + (w["champ"] if u["champ"] else 0.0)
        rows = [row_of(s) for s in u["sp"]]
        progress = abs(rows[0] - spawn_row(u["owner"]))
        if pw > 0:
            value += w["advance"] * progress + (w["deep"] * pw if progress == 3 else 0.0)
        value += w["spawn"] * sum(1 for r in rows if r == spawn_row(u["owner"]))
        if u["stun"]:
            value -= w["stun"] * pw
        score += side * value
    for f in st.forts:
        score += (1.0 if f["owner"] == me else -1.0) * (w["fort"] + 0.3 * C.card(f["card"])["cost"])
    score += w["mana"] * (pm["mana"] - pf["mana"])
    score += _hand_value(len(pm["hand"]), w) - _hand_value(len(pf["hand"]), w)
    if pm["champion"]:
        score += w["token"] * pm["tokens"]
    return score


def _hand_value(n: int, w: dict[str, float]) -> float:
    """Cards in hand are worth less past the first few (so spare ones get discarded for mana)."""
    return w["card"] * min(n, w["hand_soft"]) + w["extra_card"] * max(0, n - w["hand_soft"])


def rebuild(view: View, seed: int) -> DFState:
    """Builds a state consistent with a player's view (hidden parts replaced by placeholders)."""
    head = header(view)
    me = head["seat"]
    active = head["active"] if head["active"] is not None else view["first"]  # the mulligan
    players = []
    for s, p in enumerate(view["players"]):
        hand = [h["card"] for h in view.get("hand") or []] if s == me else [PLACEHOLDER] * p["hand"]
        champ = p["champion"]["card"] if p["champion"] else None
        players.append({"faction": p["faction"], "sh": p["stronghold"], "mana": p["mana"],
                        "tokens": p["tokens"], "hand": hand, "deck": [PLACEHOLDER] * p["deck"],
                        "champion": champ, "fatigue": p["fatigue"], "discarded": p["discarded"],
                        "mulligan": p["mulligan"]})
    st = DFState(rng=Rng(seed), players=players, phase=view["phase"], active=active,
                 first=view["first"], turn=view["turn"])
    for v in view["units"]:
        u = new_unit(st, v["card"], v["owner"], v["spaces"])
        base = C.card(v["card"])
        u.update({"id": v["id"], "pw": v["power"], "hp": v["max_health"],
                  "dmg": v["max_health"] - v["health"], "frags": v["fragments"],
                  "stun": 1 if v["stunned"] else 0, "poison": v["poisoned"], "sick": v["sick"],
                  "acted": v["acted"], "hidden": v["hidden"]})
        u["kw"] = {**base["kw"], **{t: base["kw"].get(t, 1) for t in v["traits"] if t != "GUARD"}}
        if base["kw"].get("GUARD"):
            u["kw"]["GUARD"] = 1
        st.units.append(u)
    for f in view["forts"]:
        fo = new_fort(st, f["card"], f["owner"], f["space"])
        fo["id"] = f["id"]
        if f["wall"]:
            fo["dmg"] = fo["hp"] - f["health"]
        st.forts.append(fo)
    st.units.sort(key=lambda x: x["id"])
    st.forts.sort(key=lambda x: x["id"])
    st.blessed = list(view["blessed"])
    st.next_id = 1 + max([0, *(u["id"] for u in st.units), *(f["id"] for f in st.forts)])
    return st


def greedy(view: View, actions: Sequence[Action], seed: int) -> Action:
    """A simple baseline: play the dearest card it can, activate every unit, then end the turn."""
    if isinstance(actions[0], Mulligan):
        return actions[0]
    plays = [a for a in actions if isinstance(a, Play)]
    if plays:
        cost = {h["card"]: h["cost"] for h in view.get("hand") or []}
        return max(plays, key=lambda a: cost.get(a.card, 99))
    acts = [a for a in actions if isinstance(a, Activate)]
    if acts:
        return acts[0]
    return actions[-1]


def easy(view: View, actions: Sequence[Action], seed: int) -> Action:
    """The easy player, for beginners: the greedy baseline (`greedy`: the dearest card it can
    play, every unit activated, then the end of the turn)."""
    return greedy(view, actions, seed)


LEAF_SCALE = 20.0
"""The evaluation lead a leaf of the hard search counts as about three quarters of a win."""


def leaf_value(st: DFState, seat: int) -> float:
    """Values a position the hard search stops at, for `seat`, in [0, 1]: `evaluate` squashed."""
    return 0.5 + 0.5 * tanh(evaluate(st, seat) / LEAF_SCALE)


SEARCH = SearchSpec(evaluate=leaf_value, horizon=2, width=6)
"""The hard player: the six best actions by `evaluate` right after them, each played out to the
end of the enemy's next turn, then valued by `leaf_value`."""
