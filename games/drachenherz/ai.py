"""The Drachenherz computer opponent: points taken now against points left for the opponent.

It reads only the seat's own view. Each legal action is played out on a small copy of the public
board; its value is

    points (and dragon figure) taken now
    - THREAT x what the opponent is expected to take on their next turn
    + FOLLOW_UP x the best capture the cards kept in hand set up for our next turn,
      discounted by the chance that the opponent takes that stack first.

Expectations use the cards the seat has not seen (both decks minus its own hand, the board, the
collection area and departed ships; score piles are face down, so they count as unseen) and the
hypergeometric chance that a hand of the opponent's size holds the cards a capture needs. On the
game's last turns the terms for turns that will not come are dropped. The weights were tuned
against the greedy baseline in `bench/drachenherz_ai.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb, tanh

from games.core import View, header
from games.drachenherz.actions import Action, Choose, Play
from games.drachenherz.cards import (
    CARD_TYPE,
    CARD_VALUE,
    CHEST,
    DECK_SIZE,
    DWARF,
    FIRE,
    HERO,
    N_TYPES,
    PRINCESS,
    SHIP,
    SLAYER,
    SLOTS,
    STONE,
    TROLL,
    TYPE_INDEX,
)
from games.drachenherz.rules import final_score
from games.drachenherz.state import DhState
from games.rng import Rng
from games.search import SearchSpec

SLOT_OF = {kind: slots for kind, slots in enumerate(SLOTS) if slots is not None}
"""The spaces with slots (slayers 3, heroes 2, dwarves 4, ships 3) and their sizes."""

PlayResult = tuple[float, "_Board", int | None, str | None]
"""One way a play can turn out: points gained, the board after, the dragon holder after, and the
stack chosen (None when the play opens no choice)."""

DRAGON_FROM_NOBODY = 3.0
"""Worth of taking the unclaimed dragon figure (3 points, a sixth card, ties)."""
DRAGON_FROM_OPPONENT = 6.5
"""Worth of taking the figure from the opponent: their 3 points become ours, plus a card."""
THREAT = 0.7
"""Weight of the points the opponent is expected to take next turn."""

_TYPE_TOTALS = [0] * N_TYPES
_VALUE_SUMS = [0] * N_TYPES
for _c in range(DECK_SIZE):
    _TYPE_TOTALS[CARD_TYPE[_c]] += 2
    _VALUE_SUMS[CARD_TYPE[_c]] += 2 * CARD_VALUE[_c]


@cache
def _at_least(pool: int, good: int, hand: int, need: int) -> float:
    """Returns the chance that `hand` cards drawn from `pool` hold at least `need` of `good`."""
    if need <= 0:
        return 1.0
    hand = min(hand, pool)
    if hand < need or good < need:
        return 0.0
    total = comb(pool, hand)
    miss = sum(comb(good, k) * comb(pool - good, hand - k) for k in range(need))
    return max(0.0, 1.0 - miss / total)


class _Board:
    """The public board as lists of values per type, plus the collection area."""

    __slots__ = ("spaces", "collection")

    def __init__(self, spaces: list[list[int]], collection: list[int]) -> None:
        self.spaces = spaces
        self.collection = collection

    def copy(self) -> _Board:
        return _Board([s[:] for s in self.spaces], self.collection[:])


def _dragon_worth(holder: int | None, taker: int) -> float:
    if holder == taker:
        return 0.0
    return DRAGON_FROM_NOBODY if holder is None else DRAGON_FROM_OPPONENT


def _resolve_choice(board: _Board, stack: int, taker: int, holder: int | None) -> float:
    """Takes one stack for `taker`, returning the points plus the dragon's worth."""
    cards = board.spaces[stack]
    gain = float(sum(cards))
    if stack == STONE and cards:
        gain += _dragon_worth(holder, taker)
    board.spaces[stack] = []
    return gain


def _play(board: _Board, kind: int, values: Sequence[int], seat: int,
          holder: int | None) -> list[PlayResult]:
    """Plays cards on a copy of the board; returns (gain, board, dragon holder, choice) per
    outcome (two when the play opens a choice)."""
    b = board.copy()
    space = b.spaces[kind]
    space.extend(values)
    slots = SLOT_OF.get(kind)
    if slots is not None and len(space) < slots:
        return [(0.0, b, holder, None)]
    if kind == FIRE:
        return [(_resolve_choice(b, CHEST, seat, holder), b, holder, None)]
    if kind == TROLL:
        return [(_resolve_choice(b, PRINCESS, seat, holder), b, holder, None)]
    if kind == SLAYER:
        gain = _resolve_choice(b, FIRE, seat, holder)
        b.collection.extend(space)
        b.spaces[SLAYER] = []
        return [(gain, b, holder, None)]
    if kind == DWARF:
        return [(_resolve_choice(b, DWARF, seat, holder), b, holder, None)]
    if kind == SHIP:
        gain = float(sum(b.collection))
        b.collection = []
        b.spaces[SHIP] = []
        return [(gain, b, holder, None)]
    if kind == PRINCESS:
        return _choices(b, (CHEST, STONE), seat, holder)
    if kind == HERO:
        b.collection.extend(space)
        b.spaces[HERO] = []
        return _choices(b, (PRINCESS, TROLL), seat, holder)
    return [(0.0, b, holder, None)]


_STACK_NAMES = {CHEST: "chests", STONE: "stone", PRINCESS: "princesses", TROLL: "trolls"}


def _choices(board: _Board, stacks: tuple[int, int], seat: int,
             holder: int | None) -> list[PlayResult]:
    out: list[PlayResult] = []
    for stack in stacks:
        b = board.copy()
        new_holder = seat if stack == STONE and board.spaces[STONE] else holder
        out.append((_resolve_choice(b, stack, seat, holder), b, new_holder, _STACK_NAMES[stack]))
    return out


class _Unseen:
    """Counts of the cards the seat has not seen, by type, with their average value."""

    def __init__(self, view: View) -> None:
        counts = _TYPE_TOTALS[:]
        sums = _VALUE_SUMS[:]
        seen: list[tuple[int, int]] = [(TYPE_INDEX[c["type"]], c["value"])
                                       for c in (view["hand"] or [])]
        for sp in view["spaces"]:
            seen += [(TYPE_INDEX[sp["type"]], v) for v in sp["cards"]]
        seen += [(TYPE_INDEX[c["type"]], c["value"]) for c in view["collection"]]
        seen += [(SHIP, 0)] * (3 * view["departures"])
        for kind, value in seen:
            counts[kind] = max(0, counts[kind] - 1)
            sums[kind] = max(0, sums[kind] - value)
        self.counts = counts
        self.total = sum(counts)
        self.mean = [sums[k] / counts[k] if counts[k] else 0.0 for k in range(N_TYPES)]

    def chance(self, kind: int, need: int, hand: int) -> float:
        return _at_least(self.total, self.counts[kind], hand, need)


def _threat(board: _Board, unseen: _Unseen, hand: int, opponent: int,
            holder: int | None) -> float:
    """Returns the points the opponent is expected to take next turn from this board."""
    sp = board.spaces
    chests, stones = sum(sp[CHEST]), sum(sp[STONE])
    princesses, trolls = sum(sp[PRINCESS]), sum(sp[TROLL])
    stone_gain = stones + (_dragon_worth(holder, opponent) if sp[STONE] else 0.0)
    options = [
        (chests, unseen.chance(FIRE, 1, hand)),
        (max(chests, stone_gain), unseen.chance(PRINCESS, 1, hand)),
        (princesses, unseen.chance(TROLL, 1, hand)),
        (max(princesses, trolls), unseen.chance(HERO, 2 - len(sp[HERO]), hand)),
        (sum(sp[FIRE]), unseen.chance(SLAYER, 3 - len(sp[SLAYER]), hand)),
        (sum(sp[DWARF]) + (4 - len(sp[DWARF])) * unseen.mean[DWARF],
         unseen.chance(DWARF, 4 - len(sp[DWARF]), hand)),
        (sum(board.collection), unseen.chance(SHIP, 3 - len(sp[SHIP]), hand)),
    ]
    options.sort(key=lambda o: -o[0])
    expected, miss = 0.0, 1.0
    for value, p in options:
        if value <= 0:
            break
        expected += value * p * miss
        miss *= 1.0 - p
    return expected


_CAPTURERS = {CHEST: (FIRE, PRINCESS), STONE: (PRINCESS,), PRINCESS: (TROLL, HERO),
              TROLL: (HERO,), FIRE: (SLAYER,), DWARF: (DWARF,), SHIP: (SHIP,)}
"""Which types take a stack (SHIP stands for the collection area)."""


def _hand_plays(hand: Sequence[tuple[int, int]], board: _Board) -> list[tuple[int, list[int]]]:
    """Returns a few plays a hand allows: per type, the largest legal count, low values first."""
    by_type: dict[int, list[int]] = {}
    for kind, value in hand:
        by_type.setdefault(kind, []).append(value)
    plays = []
    for kind, values in by_type.items():
        values.sort()
        slots = SLOT_OF.get(kind)
        n = len(values) if slots is None else min(len(values), slots - len(board.spaces[kind]))
        if n > 0:
            plays.append((kind, values[-n:] if kind == DWARF else values[:n]))
    return plays


def _stack_of(kind: int, outcome_choice: str | None) -> int:
    """Returns the stack a capturing play takes (SHIP for the collection area)."""
    if outcome_choice is not None:
        return {"chests": CHEST, "stone": STONE, "princesses": PRINCESS, "trolls": TROLL}[
            outcome_choice]
    return {FIRE: CHEST, TROLL: PRINCESS, SLAYER: FIRE, DWARF: DWARF, SHIP: SHIP}.get(kind, -1)


def _potential(board: _Board, hand: Sequence[tuple[int, int]], me: int, holder: int | None,
               unseen: _Unseen, opp_hand: int) -> float:
    """Returns the best capture the remaining hand could make next turn, discounted by the chance
    that the opponent takes that stack first."""
    best = 0.0
    for kind, values in _hand_plays(hand, board):
        for gain, _b, _h, choice in _play(board, kind, values, me, holder):
            if gain <= 0:
                continue
            stack = _stack_of(kind, choice)
            survive = 1.0
            for capturer in _CAPTURERS.get(stack, ()):
                need = 1
                if capturer in SLOT_OF:
                    need = SLOT_OF[capturer] - len(board.spaces[capturer])
                survive *= 1.0 - unseen.chance(capturer, need, opp_hand)
            best = max(best, gain * survive)
    return best


def _seat(view: View) -> int:
    """Returns the seat whose view this is (the computer plays only from a seat's own view)."""
    seat = header(view)["seat"]
    if seat is None:
        raise ValueError("The Drachenherz computer player needs a seat's view, not a spectator's.")
    return seat


FOLLOW_UP = 1.0
"""Weight of the next-turn capture the remaining hand sets up."""


_PENDING = {"princess": (CHEST, STONE), "hero": (PRINCESS, TROLL)}
"""The two stacks a choice stage offers."""


def _results(board: _Board, action: Action, pending: tuple[int, int] | None, me: int,
             holder: int | None) -> list[PlayResult]:
    """Returns how an action can turn out: a play's outcomes, or the chosen stack's."""
    if isinstance(action, Choose):
        if pending is None:
            return []
        return [r for r in _choices(board, pending, me, holder) if r[3] == action.stack]
    return _play(board, action.kind, action.values, me, holder)


def _kept(hand: list[tuple[int, int]], action: Action) -> list[tuple[int, int]]:
    """Returns the (type, value) cards left in hand after the action."""
    if not isinstance(action, Play):
        return hand
    rest = hand[:]
    for v in action.values:
        rest.remove((action.kind, v))
    return rest


def evaluate(view: View, actions: Sequence[Action]) -> list[tuple[float, Action]]:
    """Returns (value, action) for each action: points gained now minus the expected reply."""
    me = _seat(view)
    opponent = 1 - me
    holder = view["dragon"]
    board = _Board([list(sp["cards"]) for sp in view["spaces"]],
                   [c["value"] for c in view["collection"]])
    unseen = _Unseen(view)
    opp_hand = view["players"][opponent]["hand"]
    ending = view["ending"]
    opponent_plays_again = not (ending is not None and ending["turns_left"] == 0)
    i_play_again = not (ending is not None and ending["turns_left"] <= 1)
    hand = [(TYPE_INDEX[c["type"]], c["value"]) for c in view["hand"]]
    pending = _PENDING.get(view["stage"])
    scored = []
    for action in actions:
        rest = _kept(hand, action)
        best = float("-inf")
        for gain, after, new_holder, _choice in _results(board, action, pending, me, holder):
            value = gain
            if opponent_plays_again:
                value -= THREAT * _threat(after, unseen, opp_hand, opponent, new_holder)
                if i_play_again and FOLLOW_UP:
                    value += FOLLOW_UP * _potential(after, rest, me, new_holder, unseen, opp_hand)
            best = max(best, value)
        scored.append((best, action))
    return scored


def choose(view: View, actions: Sequence[Action], seed: int) -> Action:
    """Picks the action with the best value, breaking ties with a seeded draw."""
    if len(actions) == 1:
        return actions[0]
    scored = evaluate(view, actions)
    top = max(v for v, _a in scored)
    best = [a for v, a in scored if v >= top - 1e-9]
    return best[Rng(seed).below(len(best))] if len(best) > 1 else best[0]


def greedy(view: View, actions: Sequence[Action], seed: int) -> Action:
    """A baseline: takes the most points now (dragon included), ignoring the reply."""
    me, holder = _seat(view), view["dragon"]
    board = _Board([list(sp["cards"]) for sp in view["spaces"]],
                   [c["value"] for c in view["collection"]])
    pending = _PENDING.get(view["stage"])
    scored = []
    for action in actions:
        results = _results(board, action, pending, me, holder)
        scored.append((max((r[0] for r in results), default=0.0), action))
    top = max(v for v, _a in scored)
    best = [a for v, a in scored if v >= top - 1e-9]
    return best[Rng(seed).below(len(best))]


EASY_SLIP = 0.4
"""How often the easy player makes a random move instead of the greedy one."""


def easy(view: View, actions: Sequence[Action], seed: int) -> Action:
    """The easy player, for beginners: the greedy baseline (the most points now, no thought for
    the reply), with a random legal move 40% of the time."""
    rng = Rng(seed ^ 0xEA5E)
    if len(actions) > 1 and rng.below(100) < 100 * EASY_SLIP:
        return actions[rng.below(len(actions))]
    return greedy(view, actions, seed)


LEAF_SCALE = 8.0
"""The lead (in points) a leaf of the hard search counts as about three quarters of a win."""


def leaf_value(state: DhState, seat: int) -> float:
    """Values a position the hard search stops at, for `seat`, in [0, 1]: the score lead (dragon
    included; in a sample the face-down piles are drawn, the same for every candidate) plus what
    the normal player expects the side to move to net now, squashed with tanh."""
    from games.drachenherz import GAME

    lead = float(final_score(state, seat) - final_score(state, 1 - seat))
    mover = state.current
    listed = GAME.legal_actions(state, mover)
    if listed:
        best = max(v for v, _a in evaluate(GAME.view(state, mover), listed))
        lead += best if mover == seat else -best
    return 0.5 + 0.5 * tanh(lead / LEAF_SCALE)


SEARCH = SearchSpec(evaluate=leaf_value, horizon=4, margin=LEAF_SCALE)
"""The hard player: rollouts of four turns valued by `leaf_value`, finished games by result and
score lead together."""


__all__ = ["SEARCH", "Play", "choose", "easy", "evaluate", "greedy", "leaf_value"]
