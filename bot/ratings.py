"""Ratings: openskill's Weng-Lin model (Plackett-Luce) per guild, game and player.

Every person and every computer level (`bot:<level>`, e.g. `bot:normal`) is a rated player. A
finished game with at least one person seated is rated: each seat is its own team, ranked by its
placement (winners first, seats that tie share a placement, so a draw is a draw; a resignation
or a forfeit is a loss because the seat is not among the winners). In a series each game is
rated on its own. A computer level holding several seats of one game moves by the mean of its
seats' changes, and each seat counts as one game played.

The number shown is openskill's ordinal, mu - 3 sigma (a skill the player is 99.7% likely to
exceed), scaled around 1500: `1500 + 20 * (mu - 3 sigma)`. A new player (mu 25, sigma 25/3) shows
1500; since the ordinal is cautious, it rises as games make the estimate surer (in the bench's
100,000 games of even players, those with 50 or more games sit near 1840, between 1670 and 1960),
and falls when a player loses to weaker ones. Fewer than `PROVISIONAL_GAMES` games marks a rating provisional.

`rate` is pure (the tests check it against openskill); `record_result` and `record_result_async`
write a game's results, rating changes and faction counts inside a transaction the caller has
opened, so a result and its rating update commit together.
"""

from __future__ import annotations

import logging
import sqlite3
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import aiosqlite
from openskill.models import PlackettLuce

from games.core import GameInfo

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""

RATING_CENTRE = 1500.0
RATING_SCALE = 20.0
"""Displayed rating = RATING_CENTRE + RATING_SCALE * (mu - 3 sigma)."""

PROVISIONAL_GAMES = 5
"""A player with fewer rated games than this is shown as provisional."""

DEFAULT_LEVEL = "normal"
"""The level of today's computer players (the registry has one computer player per game)."""

WIN, DRAW, LOSS = "win", "draw", "loss"


def bot_player(level: str = DEFAULT_LEVEL) -> str:
    """Returns the rated-player id of a computer level."""
    return f"bot:{level}"


def display_rating(mu: float, sigma: float) -> float:
    """Returns the familiar number shown for a belief (see the module docstring)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=RATING_SCALE, target=RATING_CENTRE))


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's standing in one game of one guild."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0
    """The current run of wins."""
    best_streak: int = 0

    @property
    def rating(self) -> float:
        return display_rating(self.mu, self.sigma)

    @property
    def is_provisional(self) -> bool:
        return is_provisional(self.games)

    def counted(self, outcome: str) -> Rating:
        """Returns the counters after one more game with this outcome."""
        streak = self.streak + 1 if outcome == WIN else 0
        return replace(self, games=self.games + 1, wins=self.wins + (outcome == WIN),
                       draws=self.draws + (outcome == DRAW), losses=self.losses + (outcome == LOSS),
                       streak=streak, best_streak=max(self.best_streak, streak))


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished game."""

    seat: int
    player: str
    """A user id, or `bot_player(level)` for a computer."""
    name: str
    score: int
    placement: int
    """1 = first; seats that tie share a placement."""
    outcome: str
    """WIN, DRAW or LOSS."""
    level: str | None = None
    """The computer level; None for a person."""
    faction: str | None = None
    """The seat's faction or mat option, when the game has one."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the ratings see it."""

    guild: str
    game: str
    game_id: int
    finished: float
    seats: tuple[SeatResult, ...]

    @property
    def is_rated(self) -> bool:
        """Whether the game counts for ratings: at least one person was seated."""
        return any(s.level is None for s in self.seats)

    @property
    def players(self) -> list[str]:
        """Returns the distinct rated players, in seat order."""
        return list(dict.fromkeys(s.player for s in self.seats))


@dataclass(frozen=True, slots=True)
class Seated:
    """Who sat in a seat, as the table knows it."""

    user: str
    name: str
    is_bot: bool = False
    faction: str | None = None
    level: str = DEFAULT_LEVEL
    """The computer level, for a computer seat."""


def placements(winners: Sequence[int], scores: Sequence[int]) -> list[int]:
    """Returns each seat's placement: winners share 1st; the others follow by score (equal scores
    share a place). In a draw (no winners) every seat shares 1st."""
    if not winners:
        return [1] * len(scores)
    won = set(winners)
    placed = [1 if seat in won else 0 for seat in range(len(scores))]
    losers = sorted((s for s in range(len(scores)) if s not in won), key=lambda s: -scores[s])
    place = 2
    for rank, seat in enumerate(losers):
        if rank and scores[seat] != scores[losers[rank - 1]]:
            place = 2 + rank
        placed[seat] = place
    return placed


def finished_game(*, guild: str, game: str, game_id: int, finished: float,
                  seats: Sequence[Seated], scores: Sequence[int],
                  winners: Sequence[int]) -> FinishedGame:
    """Builds a finished game from the table's seats and the game's scores and winners."""
    if len(seats) != len(scores):
        raise ValueError(f"expected one score per seat ({len(seats)}), got {len(scores)}")
    places = placements(winners, scores)
    draw = not winners
    rows = []
    for index, (seated, score, place) in enumerate(zip(seats, scores, places, strict=True)):
        outcome = DRAW if draw else WIN if index in winners else LOSS
        level = seated.level if seated.is_bot else None
        rows.append(SeatResult(index, bot_player(seated.level) if seated.is_bot else seated.user,
                               seated.name, score, place, outcome, level, seated.faction))
    return FinishedGame(guild, game, game_id, finished, tuple(rows))


def seat_option(info: GameInfo, options: Mapping[str, Any], seat: int) -> str | None:
    """Returns the seat's faction or mat: its per-seat option as chosen (None when random/unset)."""
    for spec in info.options:
        if spec.per_seat:
            values = options.get(spec.name)
            if isinstance(values, list) and seat < len(values):
                value = values[seat]
                if isinstance(value, str) and value != "random":
                    return value
            return None
    return None


def rate(before: Mapping[str, Rating], game: FinishedGame) -> dict[str, Rating]:
    """Returns every player's rating after the game (players missing from `before` are new).

    Pure: each seat is one team of one, ranked by placement, through openskill's Plackett-Luce
    update; a player with several seats (a computer level) takes the mean of their changes.
    """
    priors = {p: before.get(p, Rating()) for p in game.players}
    if not game.is_rated:
        return priors
    teams = [[MODEL.rating(mu=priors[s.player].mu, sigma=priors[s.player].sigma)]
             for s in game.seats]
    rated = MODEL.rate(teams, ranks=[float(s.placement) for s in game.seats])
    moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for seat, team in zip(game.seats, rated, strict=True):
        moves[seat.player].append((team[0].mu, team[0].sigma))
    after: dict[str, Rating] = {}
    for player, prior in priors.items():
        new = moves[player]
        mu = prior.mu + sum(m - prior.mu for m, _ in new) / len(new)
        sigma = sum(s for _, s in new) / len(new)
        after[player] = replace(prior, mu=mu, sigma=sigma)
    for seat in game.seats:
        after[seat.player] = after[seat.player].counted(seat.outcome)
    return after


# -- storage --------------------------------------------------------------------------------------

_SELECT = ("SELECT player, mu, sigma, games, wins, draws, losses, streak, best_streak "
           "FROM ratings WHERE guild = ? AND game = ? AND player IN ({marks})")
_UPSERT = (
    "INSERT INTO ratings(guild, game, player, name, level, mu, sigma, rating, games, wins, draws, "
    "losses, streak, best_streak, updated) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT(guild, game, player) DO UPDATE SET name = excluded.name, level = excluded.level, "
    "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, "
    "games = excluded.games, wins = excluded.wins, draws = excluded.draws, "
    "losses = excluded.losses, streak = excluded.streak, best_streak = excluded.best_streak, "
    "updated = excluded.updated")
_RESULT = (
    "INSERT INTO results(game_id, seat, guild, game, player, name, level, score, placement, "
    "outcome, faction, rating_before, rating_after, finished) "
    "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_FACTION = (
    "INSERT INTO factions(guild, game, player, faction, games) VALUES(?, ?, ?, ?, 1) "
    "ON CONFLICT(guild, game, player, faction) DO UPDATE SET games = factions.games + 1")
_GAME_GUILD = "UPDATE games SET guild = ? WHERE id = ?"

Row = tuple[Any, ...]


def _select(game: FinishedGame) -> tuple[str, Row]:
    players = game.players
    return (_SELECT.format(marks=", ".join("?" * len(players))),
            (game.guild, game.game, *players))


def _parse(rows: Sequence[Row]) -> dict[str, Rating]:
    return {str(r[0]): Rating(float(r[1]), float(r[2]), *(int(v) for v in r[3:])) for r in rows}


@dataclass(frozen=True, slots=True)
class Writes:
    """The rows one finished game adds or changes, and the ratings after it."""

    results: list[Row]
    ratings: list[Row]
    factions: list[Row]
    after: dict[str, Rating]


def planned_writes(game: FinishedGame, before: Mapping[str, Rating]) -> Writes:
    """Returns a game's result rows, rating upserts and faction counts (pure; the bench
    bulk-loads with it)."""
    after = rate(before, game)
    rated = game.is_rated
    names: dict[str, SeatResult] = {}
    results: list[Row] = []
    for s in game.seats:
        names.setdefault(s.player, s)
        old = before.get(s.player, Rating()).rating if rated else None
        new = after[s.player].rating if rated else None
        results.append((game.game_id, s.seat, game.guild, game.game, s.player, s.name, s.level,
                        s.score, s.placement, s.outcome, s.faction, old, new, game.finished))
    upserts: list[Row] = []
    if rated:
        for player, r in after.items():
            seat = names[player]
            name = f"Computer ({seat.level})" if seat.level is not None else seat.name
            upserts.append((game.guild, game.game, player, name, seat.level, r.mu, r.sigma,
                            r.rating, r.games, r.wins, r.draws, r.losses, r.streak,
                            r.best_streak, game.finished))
    factions = [(game.guild, game.game, s.player, s.faction) for s in game.seats
                if s.faction is not None]
    return Writes(results, upserts, factions, after)


def record_result(conn: sqlite3.Connection, game: FinishedGame) -> dict[str, Rating]:
    """Writes a finished game's results and rating changes; returns the ratings after it.

    Runs inside the caller's open transaction (the store's write on its connection thread) and
    neither commits nor rolls back, so the result and the ratings commit with the game's end.
    """
    sql, args = _select(game)
    before = _parse(conn.execute(sql, args).fetchall())
    writes = planned_writes(game, before)
    conn.executemany(_RESULT, writes.results)
    conn.executemany(_UPSERT, writes.ratings)
    conn.executemany(_FACTION, writes.factions)
    conn.execute(_GAME_GUILD, (game.guild, game.game_id))
    log.debug("Rated game %s (%s) in guild %s", game.game_id, game.game, game.guild)
    return writes.after


async def record_result_async(db: aiosqlite.Connection, game: FinishedGame) -> dict[str, Rating]:
    """Does what `record_result` does through an aiosqlite connection (in the caller's
    transaction; nothing is committed here)."""
    sql, args = _select(game)
    async with db.execute(sql, args) as cursor:
        before = _parse([tuple(r) for r in await cursor.fetchall()])
    writes = planned_writes(game, before)
    await db.executemany(_RESULT, writes.results)
    await db.executemany(_UPSERT, writes.ratings)
    await db.executemany(_FACTION, writes.factions)
    await db.execute(_GAME_GUILD, (game.guild, game.game_id))
    return writes.after


class WriteTx(Protocol):
    """A store transaction (`bot.store.Tx`): statements with `?` placeholders."""

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


async def record_result_in(tx: WriteTx, game: FinishedGame) -> dict[str, Rating]:
    """Does what `record_result` does inside a store transaction of either backend."""
    sql, args = _select(game)
    writes = planned_writes(game, _parse(await tx.fetch(sql, args)))
    for statement, rows in ((_RESULT, writes.results), (_UPSERT, writes.ratings),
                            (_FACTION, writes.factions)):
        if rows:
            await tx.executemany(statement, rows)
    await tx.fetch(_GAME_GUILD, (game.guild, game.game_id))
    return writes.after
