"""Computer players in three levels: easy, normal and hard, for every registered game.

- **normal** is the game's own computer player (`GameEntry.ai`): a fast heuristic on the view.
- **easy** plays plausible but weak moves for beginners: the game's `GameEntry.easy`, or else the
  normal player who slips into a random legal move half of the time.
- **hard** searches (`games.search`): the normal player as the rollout policy, on samples of the
  hidden cards drawn from the seat's view (`Game.sample_hidden`). Only games that can sample offer
  it; a seat asked to play hard in any other game plays normal.

A turn timer's stand-in move is always the normal level's (`TIMER_LEVEL`): it must be quick. The
host stores a seat's level with the seat and shows it in the name (`seat_name`).
"""

from __future__ import annotations

import enum
import logging
import re
from dataclasses import dataclass
from typing import Any

from games.core import Action, Chooser, Seat, View
from games.registry import GameEntry
from games.rng import Rng
from games.search import Budget, Search, SearchResult, SearchSpec
from games.text import Text, Translate, english, term

log = logging.getLogger(__name__)


class Level(enum.Enum):
    """How strongly a computer seat plays."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


LEVEL_NAMES: tuple[str, ...] = tuple(level.value for level in Level)
"""The level words, weakest first, as `/addbot [level]` takes them."""
DEFAULT_LEVEL = Level.NORMAL
"""The level of `/addbot` without a word (and of seats stored before levels existed)."""
TIMER_LEVEL = Level.NORMAL
"""The level that plays for a human whose turn timer ran out."""
SLIP_RATE = 0.5
"""How often the generic easy player makes a random move instead of the normal one."""


def parse_level(text: str | None, tr: Translate = english) -> Level:
    """Returns the level a word names, in English or in `tr`'s language (None or "" = the
    default); raises ValueError otherwise."""
    if text is None or not text.strip():
        return DEFAULT_LEVEL
    word = text.strip().lower()
    for level in Level:
        if word in (level.value, tr(level_word(level)).lower()):
            return level
    raise ValueError(Text("The level must be {easy}, {normal} or {hard}, not '{word}'.",
                          easy=level_word(Level.EASY), normal=level_word(Level.NORMAL),
                          hard=level_word(Level.HARD), word=text.strip()))


LEVEL_WORDS = {Level.EASY: term("level", "easy"), Level.NORMAL: term("level", "normal"),
               Level.HARD: term("level", "hard")}
"""The level words to translate (spelt out, so that pybabel finds them)."""


def level_word(level: Level) -> Text:
    """Returns a level's word as players read it ("hard"; "schwer" in German)."""
    return LEVEL_WORDS[level]


def seat_name(number: int, level: Level) -> str:
    """Returns a computer seat's name, e.g. "Computer 2 (hard)" (stored in English)."""
    return Text("Computer {number} ({level})", number=number, level=level_word(level))


_COMPUTER = re.compile(r"Computer(?: (?P<number>[0-9]{1,3}))?(?: \((?P<level>easy|normal|hard)\))?")


def shown_name(name: str) -> str:
    """Returns a stored player name ready to be translated: a computer's English name ("Computer 2
    (hard)", or "Computer (hard)" on a leaderboard) becomes a text whose level word reads in the
    reader's language; any other name is returned as it is."""
    match = _COMPUTER.fullmatch(name)
    if match is None or not match["level"]:
        return name
    level = Level(match["level"])
    if match["number"]:
        return seat_name(int(match["number"]), level)
    return Text("Computer ({level})", level=level_word(level))


def slipping(normal: Chooser[Any], rate: float = SLIP_RATE) -> Chooser[Any]:
    """Returns a player that makes `normal`'s move, except for a seeded random move `rate` of the
    time: the generic easy level."""

    def choose(view: View, actions: Any, seed: int) -> Any:
        rng = Rng(seed ^ 0x5EED_E45)
        if len(actions) > 1 and rng.below(1_000_000) < rate * 1_000_000:
            return actions[rng.below(len(actions))]
        return normal(view, actions, seed)

    return choose


@dataclass(frozen=True)
class Levels:
    """The three players of one game entry."""

    entry: GameEntry

    @property
    def normal(self) -> Chooser[Any]:
        return self.entry.ai

    @property
    def easy(self) -> Chooser[Any]:
        return self.entry.easy if self.entry.easy is not None else slipping(self.entry.ai)

    @property
    def spec(self) -> SearchSpec:
        return self.entry.search or SearchSpec()

    def offered(self) -> tuple[Level, ...]:
        """Returns the levels this game offers, weakest first."""
        if self.entry.game.can_sample():
            return tuple(Level)
        return (Level.EASY, Level.NORMAL)

    def search(self) -> Search[Any, Any]:
        """Returns the hard player's search; raises ValueError when the game cannot sample."""
        return Search(self.entry.game, self.entry.ai, self.spec)

    def chooser(self, level: Level) -> Chooser[Any]:
        """Returns the view-only player of an easy or normal seat."""
        if level is Level.EASY:
            return self.easy
        return self.normal

    def decide(self, state: Any, seat: Seat, level: Level, seed: int,
               budget: Budget | None = None) -> Action:
        """Returns the move of a computer seat at `level` (hard searches for up to the budget)."""
        return self.decide_with_stats(state, seat, level, seed, budget)[0]

    def decide_with_stats(self, state: Any, seat: Seat, level: Level, seed: int,
                          budget: Budget | None = None
                          ) -> tuple[Action, SearchResult[Any] | None]:
        """Returns the move and, for a hard seat, the search's statistics."""
        game = self.entry.game
        if level is Level.HARD:
            if game.can_sample():
                result = self.search().run(state, seat, seed, budget)
                return result.action, result
            log.warning("%s offers no hard level; seat %d plays normal", game.info.name, seat)
        actions = game.legal_actions(state, seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to decide in {game.info.name} now")
        action: Action = self.chooser(level)(game.view(state, seat), actions, seed)
        return action, None


def levels_of(entry: GameEntry) -> Levels:
    """Returns the levels of a game entry."""
    return Levels(entry)


__all__ = ["DEFAULT_LEVEL", "LEVEL_NAMES", "TIMER_LEVEL", "Level", "Levels", "levels_of",
           "level_word", "parse_level", "seat_name", "shown_name", "slipping"]
