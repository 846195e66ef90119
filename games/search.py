"""The hard computer player's search: perfect-information Monte Carlo over determinized samples.

For one decision of `seat`, the search draws states that agree with the seat's view
(`Game.sample_hidden`: the hidden cards and the RNG drawn afresh from the view alone), applies each
candidate action in each sample, and lets the game's normal computer player play every seat from
there (the rollout policy), to the end of the game or for `SearchSpec.horizon` turns followed by
the game's leaf evaluation. A finished game is worth 1 to a winner (shared between co-winners),
0 to a loser and 1/players for a draw.

The candidates share the samples and the rollout seeds (common random numbers), so two actions are
always compared on the same hidden cards. The root is a bandit solved by successive elimination:
after each sweep over the samples, an action whose paired deficit against the leader exceeds
`SearchSpec.z` standard errors is dropped, and the time goes to the rest. The normal player's own
choice is kept unless another action beats it on the same samples by `SearchSpec.keep` standard
errors, so the search only moves away from the normal play for a measured reason.

Everything the search reads is the seat's view and samples drawn from it; with a fixed iteration
count (`Budget.iterations`) and no time limit, the decision is a function of the view and the
seed alone. The time limit (`Budget.seconds`, default 1 s or `HOARD_AI_SECONDS`) is checked before
every rollout.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from games.core import Chooser, Game, IllegalAction, Outcome, Seat
from games.rng import Rng

log = logging.getLogger(__name__)

S = TypeVar("S")
A = TypeVar("A")

SECONDS_ENV = "HOARD_AI_SECONDS"
"""The environment variable holding the time a hard decision may take, in seconds."""
DEFAULT_SECONDS = 1.0

Evaluator = Callable[[Any, Seat], float]
"""A leaf evaluation: (a sampled state, seat) -> the seat's chance to win, in [0, 1]."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may think: a time limit, a cap on rollouts, or both."""

    seconds: float | None = DEFAULT_SECONDS
    iterations: int | None = None
    """The most rollouts; with `seconds=None` this makes the search exactly reproducible."""

    @classmethod
    def default(cls) -> Budget:
        """Returns the time budget of `HOARD_AI_SECONDS` (1 s when unset or unreadable)."""
        text = os.environ.get(SECONDS_ENV, "")
        try:
            seconds = float(text) if text else DEFAULT_SECONDS
        except ValueError:
            log.warning("%s=%r is not a number of seconds; using %s", SECONDS_ENV, text,
                        DEFAULT_SECONDS)
            seconds = DEFAULT_SECONDS
        return cls(seconds=max(0.01, seconds))

    @classmethod
    def fixed(cls, iterations: int) -> Budget:
        """Returns a budget of exactly `iterations` rollouts and no clock (for tests, benches)."""
        return cls(seconds=None, iterations=iterations)


@dataclass(frozen=True, slots=True)
class SearchSpec:
    """What a game adds to the shared search, beyond sampling: all optional."""

    evaluate: Evaluator | None = None
    """The leaf evaluation at the horizon; without it the leaf is valued by the score lead."""
    margin: float | None = None
    """The score lead worth about three quarters of a win (tanh scale): when set, a finished
    rollout is worth a blend of its result and its score lead (`margin_weight` of the latter), a
    far steadier signal than win or loss alone when a game's scores mean something."""
    margin_weight: float = 0.5
    horizon: int | None = None
    """Turns (changes of the active seat) a rollout plays before the leaf evaluation; None plays
    to the end of the game."""
    width: int | None = None
    """With more candidates than this, a first screen keeps only the `width` best by the leaf
    evaluation right after the action (the normal choice always stays)."""
    z: float = 2.0
    """Standard errors of paired deficit that drop a candidate."""
    min_sweeps: int = 2
    """Sweeps before any candidate may be dropped."""
    keep: float = 1.0
    """Standard errors of paired lead another action needs over the normal choice to replace it."""
    prior: float = 0.05
    """A prior sum of squared paired differences, so that a few equal differences never look
    certain (in squared value units: 0.05 is one sample off by about 0.22)."""


@dataclass(frozen=True, slots=True)
class ArmStats:
    """One candidate after the search: its code, how often it was played out, its mean value."""

    code: str
    rollouts: int
    mean: float
    dropped: bool


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[A]):
    """A decision and how it was reached."""

    action: A
    normal: A
    """The normal player's choice in the same view (what the search started from)."""
    rollouts: int
    sweeps: int
    """Completed sweeps: samples on which every remaining candidate was played out."""
    seconds: float
    arms: tuple[ArmStats, ...] = ()


@dataclass(slots=True)
class _Arm(Generic[A]):
    action: A
    values: dict[int, float] = field(default_factory=dict)
    dropped: bool = False


def derive_seed(seed: int, *parts: int) -> int:
    """Returns a 31-bit seed mixed from `seed` and `parts` (stable across runs and machines)."""
    value = Rng(seed).next64()
    for part in parts:
        value = Rng(value ^ ((part + 1) * 0x9E3779B97F4A7C15)).next64()
    return value & 0x7FFFFFFF


def reward(outcome: Outcome, seat: Seat, players: int) -> float:
    """Returns what a finished game is worth to `seat`: 1 shared by the winners, 1/n for a draw."""
    if not outcome.winners:
        return 1.0 / players
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


class Search(Generic[S, A]):
    """The searching player of one game: its rules, its normal player and its `SearchSpec`."""

    def __init__(self, game: Game[S, Any], policy: Chooser[Any], spec: SearchSpec | None = None,
                 *, clock: Callable[[], float] = time.perf_counter) -> None:
        if not game.can_sample():
            raise ValueError(f"{game.info.title} cannot sample hidden cards, so it cannot search.")
        self.game = game
        self.policy = policy
        self.spec = spec or SearchSpec()
        self.clock = clock

    def choose(self, state: S, seat: Seat, seed: int, budget: Budget | None = None) -> A:
        """Returns the searched action for `seat` (one of `legal_actions(state, seat)`)."""
        return self.run(state, seat, seed, budget).action

    def run(self, state: S, seat: Seat, seed: int, budget: Budget | None = None,
            actions: Sequence[A] | None = None) -> SearchResult[A]:
        """Searches one decision of `seat` and returns it with its statistics."""
        budget = budget or Budget.default()
        start = self.clock()
        deadline = None if budget.seconds is None else start + budget.seconds
        listed: list[A] = list(actions) if actions is not None else \
            self.game.legal_actions(state, seat)
        if not listed:
            raise ValueError(f"seat {seat} has no legal action to search")
        normal: A = self.policy(self.game.view(state, seat), listed, seed)
        if len(listed) == 1:
            return SearchResult(listed[0], normal, 0, 0, self.clock() - start)
        arms = [_Arm(a) for a in listed]
        normal_at = listed.index(normal)
        rollouts = 0
        samples: dict[int, S] = {}

        def sample(k: int) -> S:
            if k not in samples:
                samples.clear()
                samples[k] = self.game.sample_hidden(state, seat, derive_seed(seed, k))
            return samples[k]

        active = list(range(len(arms)))
        width = self.spec.width
        if width is not None and len(arms) > width and self.spec.evaluate is not None:
            active = self._screen(sample(0), seat, arms, normal_at, width)
            rollouts += len(arms)
        sweeps = 0
        while budget.iterations is None or rollouts < budget.iterations:
            done = True
            for i in active:
                if budget.iterations is not None and rollouts >= budget.iterations or \
                        deadline is not None and self.clock() >= deadline:
                    done = False
                    break
                value = self._rollout(sample(sweeps), seat, arms[i].action,
                                      derive_seed(seed, sweeps, 1), self.spec.horizon)
                if value is not None:
                    arms[i].values[sweeps] = value
                rollouts += 1
            if not done:
                break
            sweeps += 1
            active = self._eliminate(arms, active, sweeps)
            if len(active) == 1:
                break
        chosen = self._pick(arms, active, normal_at, sweeps)
        result = SearchResult(chosen, normal, rollouts, sweeps, self.clock() - start,
                              tuple(ArmStats(self._code(a.action), len(a.values),
                                             _mean(list(a.values.values())), a.dropped)
                                    for a in arms))
        log.debug("search %s seat %d: %d rollouts, %d sweeps, %.3fs, chose %s (normal %s)",
                  self.game.info.name, seat, rollouts, sweeps, result.seconds,
                  self._code(chosen), self._code(normal))
        return result

    # -- the parts -----------------------------------------------------------------------------

    def _screen(self, sample: S, seat: Seat, arms: list[_Arm[A]], normal_at: int,
                width: int) -> list[int]:
        """Keeps the `width` candidates valued best right after the action (and the normal one)."""
        valued: list[tuple[float, int]] = []
        for i, arm in enumerate(arms):
            value = self._rollout(sample, seat, arm.action, 0, 0)
            valued.append((-1.0 if value is None else value, i))
        valued.sort(key=lambda vi: (-vi[0], vi[1]))
        keep = {i for _v, i in valued[:width]} | {normal_at}
        for i, arm in enumerate(arms):
            arm.dropped = i not in keep
        return sorted(keep)

    def _rollout(self, sample: S, seat: Seat, action: A, seed: int,
                 horizon: int | None) -> float | None:
        """Plays `action` in a copy of the sample, then the policy for everyone; returns the
        value for `seat`, or None when the sample does not allow the action."""
        game = self.game
        state = game.copy(sample)
        active = game.active(state)
        try:
            game.apply(state, seat, action)
        except IllegalAction:
            log.debug("sample refuses %s for seat %d", self._code(action), seat)
            return None
        return self._playout(state, seat, seed, horizon, active)

    def _playout(self, state: S, seat: Seat, seed: int, horizon: int | None,
                 active: Seat | None) -> float:
        """Lets the policy play every seat until the end or the horizon; returns seat's value.

        Turns are counted from `active`, the seat whose turn it was before the candidate action,
        so an action that ends the turn is valued at the same moment as one that does not."""
        game = self.game
        turns = 0
        for step in range(game.info.max_actions):
            outcome = game.outcome(state)
            if outcome is not None:
                return self._final(state, seat, outcome)
            now = game.active(state)
            if now != active:
                turns, active = turns + 1, now
            if horizon is not None and turns >= horizon:
                break
            owed = game.to_play(state)[0]
            listed = game.legal_actions(state, owed)
            choice = listed[0] if len(listed) == 1 else \
                self.policy(game.view(state, owed), listed, derive_seed(seed, step))
            game.apply(state, owed, choice)
        outcome = game.outcome(state)
        if outcome is not None:
            return self._final(state, seat, outcome)
        return self._leaf(state, seat)

    def _final(self, state: S, seat: Seat, outcome: Outcome) -> float:
        """Values a finished rollout: its result, blended with the score lead when asked."""
        result = reward(outcome, seat, self.game.players(state))
        if self.spec.margin is None:
            return result
        w = self.spec.margin_weight
        return (1.0 - w) * result + w * self._lead(state, seat, self.spec.margin)

    def _leaf(self, state: S, seat: Seat) -> float:
        """Values an unfinished state: the game's evaluation, else the score lead."""
        if self.spec.evaluate is not None:
            return min(1.0, max(0.0, self.spec.evaluate(state, seat)))
        game = self.game
        scale = self.spec.margin or max(1, game.info.score_max - game.info.score_min) / 4
        return self._lead(state, seat, scale)

    def _lead(self, state: S, seat: Seat, scale: float) -> float:
        """Returns 0.5 + tanh(score lead over the best other seat / scale) / 2."""
        game = self.game
        mine = game.score(state, seat)
        best_other = max(game.score(state, s) for s in range(game.players(state)) if s != seat)
        return 0.5 + 0.5 * math.tanh((mine - best_other) / scale)

    def _eliminate(self, arms: list[_Arm[A]], active: list[int], sweeps: int) -> list[int]:
        """Drops the candidates that the leader beats by more than z paired standard errors."""
        if sweeps < self.spec.min_sweeps or len(active) < 2:
            return active
        leader = max(active, key=lambda i: (_mean(list(arms[i].values.values())), -i))
        keep = []
        for i in active:
            if i != leader:
                diffs = _paired(arms[leader], arms[i])
                if len(diffs) >= self.spec.min_sweeps and \
                        _leads(diffs, self.spec.z, self.spec.prior):
                    arms[i].dropped = True
                    continue
            keep.append(i)
        return keep

    def _pick(self, arms: list[_Arm[A]], active: list[int], normal_at: int, sweeps: int) -> A:
        """Returns the best remaining candidate; the normal choice unless another beat it."""
        if sweeps == 0:
            return arms[normal_at].action
        best = max(active, key=lambda i: (_mean(list(arms[i].values.values())), i == normal_at,
                                          -i))
        if best != normal_at and not arms[normal_at].dropped and \
                not _leads(_paired(arms[best], arms[normal_at]), self.spec.keep, self.spec.prior):
            return arms[normal_at].action
        return arms[best].action

    @staticmethod
    def _code(action: Any) -> str:
        encode = getattr(action, "encode", None)
        return str(encode()) if callable(encode) else repr(action)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _leads(diffs: Sequence[float], z: float, prior: float) -> bool:
    """Tells whether paired differences lead by more than z standard errors (the prior sum of
    squares keeps a few equal differences from looking certain)."""
    n = len(diffs)
    if n == 0:
        return False
    m = sum(diffs) / n
    ss = sum((d - m) ** 2 for d in diffs)
    return m > 1e-9 and m > z * math.sqrt((ss + prior) / (n * n))


def _paired(a: _Arm[Any], b: _Arm[Any]) -> list[float]:
    """Returns a's value minus b's on every sample both were played out on."""
    return [a.values[k] - b.values[k] for k in sorted(a.values.keys() & b.values.keys())]


__all__ = ["Budget", "Evaluator", "Search", "SearchResult", "SearchSpec", "derive_seed", "reward"]
