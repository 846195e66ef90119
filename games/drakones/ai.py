"""The Drakones computer opponent: a one-step lookahead on a state rebuilt from its own view.

Hidden cards (the enemy hand, both decks) are unknown to the view, so the rebuilt state fills them
with stand-ins; only counts matter to the evaluation. The evaluation weighs material on the sides,
cover, hand size, base hits, the threat to the own base in the enemy's next turn, and the deck race
(whoever first has to draw from an empty deck loses). The race weighs more as its loser's deck
runs out, so extra draws (Draw Two units, the two-action draw, Wisdom) cost the player behind;
Wisdom for the enemy is cast only when it leaves them losing the race with a nearly empty deck.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from math import tanh

from games.core import View, header
from games.drakones import actions as A
from games.drakones import greedy, rules
from games.drakones.cards import CARDS, WEAPON_HITS
from games.drakones.state import Player, Slot, State
from games.rng import Rng
from games.search import SearchSpec

log = logging.getLogger(__name__)

_FILLER = "spy"
"""The stand-in for a hidden card."""
WIN = 1_000_000.0

_BASE_VALUE = {"unit": 10.0, "tower": 8.0, "wall": 6.0}


def _card_value(card: str) -> float:
    info = CARDS[card]
    if info.kind == "spell":
        return 0.0
    v = _BASE_VALUE[info.kind]
    if info.ability == "double":
        v += 3.0
    elif info.ability == "armour":
        v += 4.0 if info.kind == "unit" else 3.0
    elif info.ability == "instant":
        v += 1.0
    return v


_VALUE = {cid: _card_value(cid) for cid in CARDS}


def state_from_view(view: View) -> State:
    """Returns a playable state that agrees with `view`, hidden cards replaced by stand-ins."""
    head = header(view)
    me = head["seat"]
    players = []
    for p in view["players"]:
        side: list[Slot | None] = []
        for c in p["side"]:
            side.append(None if c is None else Slot(c["card"], c["arriving"], c["bolt"], c["used"],
                                                    c["hits"], c["new"]))
        hand = list(view["hand"]) if p["seat"] == me else [_FILLER] * p["hand"]
        players.append(Player([_FILLER] * p["deck"], hand, list(p["discard"]), side,
                              list(p["marks"]), []))
    current = head["active"]
    assert current is not None, "the computer plays only while the game runs"
    state = State(Rng(0), players, view["first"], current, view["turn"], view["round"],
                  view["lock"], view["actions"], view["strike_back"])
    state.steps = rules.TURN_STEP_CAP - view["steps_left"]
    return state


_THREAT = {cid: WEAPON_HITS[c.weapon] for cid, c in CARDS.items()
           if c.kind == "unit" and c.weapon is not None}
"""Per unit: the class its weapon hits."""


def evaluate(state: State, me: int) -> float:
    """Returns how good `state` looks for seat `me` (higher is better)."""
    if state.winner is not None:
        return WIN if state.winner == me else -WIN
    op = 1 - me
    v = 0.0
    threats: list[set[str]] = [set(), set()]
    for s, sign in ((me, 1.0), (op, -1.0)):
        v = _side_value(state.players[s], sign, threats[s], v)
    v += 45.0 * len(state.players[op].marks)
    v += _deck_race(state, me)
    if state.current == me:
        v = _enemy_turn(state, me, threats[op], v)
    return v


def _side_value(p: Player, sign: float, threats: set[str], v: float) -> float:
    """Adds one side's material, cover, damage and hand to `v` (with `sign`); notes its threats."""
    side = p.side
    cover = rules.cover_map(side)
    for i, slot in enumerate(side):
        if slot is None:
            continue
        val = _VALUE[slot.card]
        if cover[i]:
            val += 2.0
        if slot.hits:
            val -= 4.0
        v += sign * val
        hit = _THREAT.get(slot.card)
        if hit is not None:
            threats.add(hit)
    return v + sign * 2.5 * min(len(p.hand), 8)


def race_loser(state: State) -> tuple[int, int]:
    """Returns who loses the deck race as things stand, and by how many cards: the next player to
    draw loses it when their deck is not larger (each turn start draws one card)."""
    nxt = 1 - state.current
    d_next, d_other = len(state.players[nxt].deck), len(state.players[1 - nxt].deck)
    margin = d_next - d_other
    return (nxt, -margin) if margin <= 0 else (1 - nxt, margin - 1)


RACE_SAFE = 4
"""A race lead of this many cards counts as safe: more does not help the leader."""
RACE_BEHIND = 12
"""Behind in the race, every card up to this many more counts against the player."""


def _deck_race(state: State, me: int) -> float:
    """Returns the deck race term. Its weight grows as the race's loser runs out of deck (their
    turns left). Ahead, a lead of `RACE_SAFE` cards is as good as any; behind, every card further
    behind costs (up to `RACE_BEHIND`), so the player behind weighs each card it draws (a Draw Two
    unit, the two-action draw, Wisdom) against the race."""
    loser, by = race_loser(state)
    weight = 400.0 / (len(state.players[loser].deck) + 4.0)
    if loser == me:
        return -weight * min(by + 1, RACE_BEHIND) / 4.0
    return weight * min(by + 1, RACE_SAFE) / 4.0


WISDOM_NEAR = 8
"""Wisdom for the enemy only when it leaves them at most this many cards and losing the race."""


def wisdom_wins_race(state: State, me: int) -> bool:
    """Tells whether Wisdom cast on the enemy now (three draws) would leave them losing the deck
    race with a deck nearly empty: the only reason to hand them three cards."""
    op = 1 - me
    left = len(state.players[op].deck) - 3
    if left > WISDOM_NEAR:
        return False
    trial = state.clone()
    trial.players[op].deck = trial.players[op].deck[:max(0, left)]
    return race_loser(trial)[0] == op


def _enemy_turn(state: State, me: int, foe_threats: set[str], v: float) -> float:
    """Subtracts from `v` what the enemy may do in its next turn: an open base, exposed units."""
    op = 1 - me
    mine = state.players[me].side
    lock_next = state.lock - (1 if op == state.first else 0)
    if lock_next <= 0 and all(s is None or s.arriving for s in mine):
        classes = {CARDS[s.card].cls for s in state.players[op].side
                   if s is not None and CARDS[s.card].kind == "unit"}
        v -= 30.0 + 25.0 * len(classes)
    mcover = rules.cover_map(mine)
    for i, slot in enumerate(mine):
        if slot is not None and not slot.arriving and not mcover[i]:
            info = CARDS[slot.card]
            if info.kind == "unit" and info.cls in foe_threats:
                v -= 3.0
    return v


def choose(view: View, actions: Sequence[A.Action], seed: int) -> A.Action:
    """Returns the action whose result evaluates best, ending the turn when nothing helps."""
    me = header(view)["seat"]
    if len(actions) == 1 or me is None:
        return actions[0]
    base = state_from_view(view)
    best: A.Action = A.END
    best_value = evaluate(base, me) + 0.5
    for action in actions:
        if action == A.END or action == A.UNDO:
            continue
        if isinstance(action, A.Cast) and action.spell == "wisdom" and action.args[0] != me \
                and not wisdom_wins_race(base, me):
            continue
        value = _value_after(base, me, action)
        if isinstance(action, A.Move):
            value -= 0.6
        if value > best_value:
            best, best_value = action, value
    if best not in actions:
        best = actions[-1]
    return best


def _value_after(base: State, me: int, action: A.Action) -> float:
    state = base.clone()
    rules.perform(state, me, action, rules.Turn(state))
    value = evaluate(state, me)
    if isinstance(action, A.Bolt) and state.winner is None:
        # a bolt only pays off through the attack it allows: look one step further
        follow = [a for a in rules.legal(state, me)
                  if isinstance(a, A.Attack) and a.space == action.space]
        for attack in follow:
            after = state.clone()
            rules.perform(after, me, attack, rules.Turn(after))
            value = max(value, evaluate(after, me) - 0.1)
    return value


def easy(view: View, actions: Sequence[A.Action], seed: int) -> A.Action:
    """The easy player, for beginners: the greedy baseline of `games.drakones.greedy` (attack when
    it can, else play the cheapest useful card, else end the turn)."""
    return greedy.choose(view, actions, seed)


LEAF_SCALE = 40.0
"""The evaluation lead a leaf of the hard search counts as about three quarters of a win."""


def leaf_value(state: State, seat: int) -> float:
    """Values a position the hard search stops at, for `seat`, in [0, 1]: `evaluate` squashed."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    return 0.5 + 0.5 * tanh(evaluate(state, seat) / LEAF_SCALE)


SEARCH = SearchSpec(evaluate=leaf_value, horizon=2, width=8)
"""The hard player: the eight best actions by `evaluate` right after them, each played out to the
end of the enemy's next turn, then valued by `leaf_value`."""
