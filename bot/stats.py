"""What /leaderboard, /profile and /history show: queries over the V3 results, ratings and
factions tables.

The queries return plain dataclasses; `format_leaderboard`, `format_profile` and `format_history`
turn them into a `Card` (title, text, fields) that the console prints and Discord puts in an
embed. A player who never finished a game, or an unknown game, is refused with `NotFound`.
Every text is a `games.text.Text` translated with the reader's `tr`: counts are plurals, numbers
and dates are formatted for the reader's locale (Babel).
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

import games
from bot.option_texts import labels_of, option_value
from bot.ratings import DRAW, LOSS, PROVISIONAL_GAMES, WIN, is_provisional
from games.levels import shown_name
from games.text import Text, Translate, and_list, echo, english, plural, term

log = logging.getLogger(__name__)

TOP = 10
"""Players on a leaderboard."""
TREND_GAMES = 10
"""A profile's trend is the rating change over this many last games."""
LAST_RESULTS = 5
HISTORY = 10



class NotFound(ValueError):
    """Nothing to show: an unknown game, or a player without finished games here."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One leaderboard line."""

    rank: int
    player: str
    name: str
    rating: float
    games: int
    wins: int
    draws: int
    losses: int
    is_bot: bool

    @property
    def is_provisional(self) -> bool:
        return is_provisional(self.games)


@dataclass(frozen=True, slots=True)
class Leaderboard:
    game: str
    title: str
    top: tuple[Standing, ...]
    caller: Standing | None
    """The caller's own line (None when they have no rating in this game)."""
    rated: int
    """How many players have a rating in this game here."""


@dataclass(frozen=True, slots=True)
class PastResult:
    """One of a player's finished games, as their profile lists it."""

    game_id: int
    outcome: str
    score: int
    placement: int
    players: int
    finished: float
    rating_after: float | None


@dataclass(frozen=True, slots=True)
class GameProfile:
    """A player's record in one game."""

    game: str
    title: str
    games: int
    wins: int
    draws: int
    losses: int
    rating: float
    trend: float
    """The rating change over the last `TREND_GAMES` games (fewer when fewer were played)."""
    streak: int
    best_streak: int
    favourite: str | None
    """The faction or mat chosen most often (None when the game has none, or always random)."""
    last: tuple[PastResult, ...]

    @property
    def is_provisional(self) -> bool:
        return is_provisional(self.games)


@dataclass(frozen=True, slots=True)
class Profile:
    player: str
    name: str
    games: tuple[GameProfile, ...]
    """Most played first."""


@dataclass(frozen=True, slots=True)
class HistorySeat:
    name: str
    score: int
    placement: int
    outcome: str


@dataclass(frozen=True, slots=True)
class HistoryGame:
    game_id: int
    game: str
    title: str
    finished: float
    seats: tuple[HistorySeat, ...]

    @property
    def winners(self) -> list[str]:
        return [s.name for s in self.seats if s.outcome == WIN]


def _title(game: str) -> str:
    found = games.find(game)
    return found.info.title if found is not None else game


def _game_name(game: str) -> str:
    found = games.find(game)
    if found is None:
        raise NotFound(Text("There is no game called '{name}'. Games: {games}.", name=echo(game),
                                games=", ".join(games.names())))
    return found.info.name


# -- queries --------------------------------------------------------------------------------------

async def _all(db: aiosqlite.Connection, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
    async with db.execute(sql, tuple(args)) as cursor:
        return [tuple(row) for row in await cursor.fetchall()]


async def leaderboard(db: aiosqlite.Connection, guild: str, game: str,
                      caller: str | None = None, *, limit: int = TOP) -> Leaderboard:
    """Returns a game's top players in a guild and the caller's own standing. Players with equal
    ratings share a rank; computer levels are listed like anyone else."""
    name = _game_name(game)
    columns = "player, name, rating, games, wins, draws, losses, level"
    rows = await _all(db, f"SELECT {columns} FROM ratings WHERE guild = ? AND game = ? "
                          "ORDER BY rating DESC, player LIMIT ?", (guild, name, limit))
    top: list[Standing] = []
    for index, row in enumerate(rows):
        rank = top[-1].rank if top and top[-1].rating == row[2] else index + 1
        top.append(_standing(rank, row))
    (rated,), = await _all(db, "SELECT COUNT(*) FROM ratings WHERE guild = ? AND game = ?",
                           (guild, name))
    own = None
    if caller is not None:
        mine = await _all(db, f"SELECT {columns} FROM ratings WHERE guild = ? AND game = ? "
                              "AND player = ?", (guild, name, caller))
        if mine:
            (above,), = await _all(db, "SELECT COUNT(*) FROM ratings WHERE guild = ? AND game = ? "
                                       "AND rating > ?", (guild, name, mine[0][2]))
            own = _standing(int(above) + 1, mine[0])
    return Leaderboard(name, _title(name), tuple(top), own, int(rated))


def _standing(rank: int, row: tuple[Any, ...]) -> Standing:
    player, name, rating, played, wins, draws, losses, level = row
    return Standing(rank, str(player), str(name), float(rating), int(played), int(wins),
                    int(draws), int(losses), level is not None)


async def profile(db: aiosqlite.Connection, guild: str, player: str, name: str) -> Profile:
    """Returns a player's record in every game they finished in the guild; raises NotFound when
    there is none (`name` is only for that message)."""
    rows = await _all(db, "SELECT game, name, rating, games, wins, draws, losses, streak, "
                          "best_streak FROM ratings WHERE guild = ? AND player = ? "
                          "ORDER BY games DESC, game", (guild, player))
    if not rows:
        raise NotFound(Text("{player} has not finished a rated game in this server yet.",
                            player=shown_name(name)))
    per_game = []
    for game, _, rating, played, wins, draws, losses, streak, best in rows:
        recent = await _all(
            db, "SELECT r.game_id, r.outcome, r.score, r.placement, r.finished, r.rating_before, "
                "r.rating_after, (SELECT COUNT(*) FROM results o WHERE o.game_id = r.game_id) "
                "FROM results r WHERE r.guild = ? AND r.player = ? AND r.game = ? "
                "ORDER BY r.finished DESC, r.game_id DESC LIMIT ?",
            (guild, player, game, TREND_GAMES))
        favourite = await _all(
            db, "SELECT faction FROM factions WHERE guild = ? AND game = ? AND player = ? "
                "ORDER BY games DESC, faction LIMIT 1", (guild, game, player))
        rated = [r for r in recent if r[5] is not None and r[6] is not None]
        trend = float(rated[0][6] - rated[-1][5]) if rated else 0.0
        last = tuple(PastResult(int(g), str(o), int(s), int(p), int(n), float(f),
                                None if a is None else float(a))
                     for g, o, s, p, f, _, a, n in recent[:LAST_RESULTS])
        per_game.append(GameProfile(
            str(game), _title(str(game)), int(played), int(wins), int(draws), int(losses),
            float(rating), trend, int(streak), int(best),
            str(favourite[0][0]) if favourite else None, last))
    return Profile(player, str(rows[0][1]), tuple(per_game))


async def history(db: aiosqlite.Connection, guild: str, player: str | None = None,
                  name: str = "", *, limit: int = HISTORY) -> list[HistoryGame]:
    """Returns the guild's last finished games, newest first (only `player`'s when given; raises
    NotFound when that player has none here)."""
    if player is None:
        ids = await _all(db, "SELECT id FROM games WHERE guild = ? AND finished IS NOT NULL "
                             "ORDER BY finished DESC, id DESC LIMIT ?", (guild, limit))
    else:
        # A computer level may hold several seats of one game: read enough rows for `limit` games.
        most = max(g.info.max_players for g in games.all_games())
        held = await _all(db, "SELECT game_id FROM results WHERE guild = ? AND player = ? "
                              "ORDER BY finished DESC, game_id DESC LIMIT ?",
                          (guild, player, limit * most))
        if not held:
            raise NotFound(Text("{player} has not finished a game in this server yet.",
                                player=shown_name(name or player)))
        ids = [(i,) for i in dict.fromkeys(i for i, in held)][:limit]
    wanted = [int(i) for i, in ids]
    if not wanted:
        return []
    marks = ", ".join("?" * len(wanted))
    rows = await _all(db, "SELECT game_id, game, finished, name, score, placement, outcome "
                          f"FROM results WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                      wanted)
    seats: dict[int, list[HistorySeat]] = {}
    meta: dict[int, tuple[str, float]] = {}
    for game_id, game, finished, seat_name, score, placement, outcome in rows:
        seats.setdefault(int(game_id), []).append(
            HistorySeat(str(seat_name), int(score), int(placement), str(outcome)))
        meta[int(game_id)] = (str(game), float(finished))
    return [HistoryGame(i, meta[i][0], _title(meta[i][0]), meta[i][1], tuple(seats[i]))
            for i in wanted if i in meta]


# -- text -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Card:
    """Text for one reply: a title, lines of text and (name, value) fields (an embed's parts)."""

    title: str
    text: str
    fields: tuple[tuple[str, str], ...] = ()


def utc_date(when: float) -> datetime.date:
    """Returns a time's UTC date, which a text formats the reader's way (Babel)."""
    return datetime.datetime.fromtimestamp(when, datetime.UTC).date()


def rating_text(rating: float, games_played: int) -> str:
    """Returns the rating as shown: a whole number (formatted for the reader), with a ? while
    provisional."""
    shown = round(rating)
    return Text("{rating}?", rating=shown) if is_provisional(games_played) else Text(
        "{rating}", rating=shown)


def _games(count: int) -> str:
    return plural("{n} game", "{n} games", count)


def _record(wins: int, draws: int, losses: int) -> str:
    return Text("{wins}-{draws}-{losses}", wins=wins, draws=draws, losses=losses)


def _name(standing: Standing) -> str:
    name = shown_name(standing.name)
    if standing.is_bot and "Computer" not in standing.name:
        return Text("{name} (computer)", name=name)
    return name


PROVISIONAL_NOTE = plural("Ratings marked ? are provisional (fewer than {n} game).",
                          "Ratings marked ? are provisional (fewer than {n} games).",
                          PROVISIONAL_GAMES)


def format_leaderboard(board: Leaderboard, tr: Translate = english) -> Card:
    """Returns the leaderboard as a numbered list with the caller's rank below it."""
    title = tr(Text("{game} leaderboard", game=board.title))
    if not board.top:
        return Card(title, tr(Text("No rated {game} games here yet.", game=board.title)))
    lines = [f"{s.rank:>2}. " + tr(Text("{name} — {rating} ({games}, {record})", name=_name(s),
                                        rating=rating_text(s.rating, s.games),
                                        games=_games(s.games),
                                        record=_record(s.wins, s.draws, s.losses)))
             for s in board.top]
    you = board.caller
    if you is not None and all(s.player != you.player for s in board.top):
        lines.append(tr(Text("You: #{rank} of {rated} — {rating} ({games})", rank=you.rank,
                             rated=board.rated, rating=rating_text(you.rating, you.games),
                             games=_games(you.games))))
    elif you is None:
        lines.append(tr(Text("You have no {game} rating here yet.", game=board.title)))
    lines.append(tr(PROVISIONAL_NOTE) + " " + tr(Text("Wins-draws-losses.")))
    return Card(title, "\n".join(lines))


_MARKS = {WIN: term("result-mark", "W"), DRAW: term("result-mark", "D"),
          LOSS: term("result-mark", "L")}
"""A result's letter in a profile's last games (won, drawn, lost)."""


def format_profile(player: Profile, tr: Translate = english) -> Card:
    """Returns a profile with one field per game."""
    fields = []
    for g in player.games:
        trend = Text("+{n}", n=round(g.trend)) if g.trend >= 0 else Text(
            "−{n}", n=-round(g.trend))
        last = ", ".join(tr(Text("{mark} {score} (#{game}, {date})",
                                 mark=_MARKS.get(r.outcome, "?"), score=r.score,
                                 game=str(r.game_id), date=utc_date(r.finished)))
                         for r in g.last)
        lines = [tr(plural("Rating {rating} ({trend} over the last game)",
                           "Rating {rating} ({trend} over the last {n} games)",
                           min(g.games, TREND_GAMES), rating=rating_text(g.rating, g.games),
                           trend=trend)),
                 tr(plural("{n} game: {wins} won, {draws} drawn, {losses} lost; best streak {best}",
                           "{n} games: {wins} won, {draws} drawn, {losses} lost; best streak {best}",
                           g.games, wins=g.wins, draws=g.draws, losses=g.losses,
                           best=g.best_streak))]
        if g.favourite:
            entry = games.find(g.game)
            labels = labels_of(entry.info) if entry else ()
            lines.append(tr(Text("Favourite: {choice}", choice=option_value(g.favourite, labels))))
        if last:
            lines.append(tr(Text("Last: {games}", games=last)))
        fields.append((g.title, "\n".join(lines)))
    return Card(tr(Text("{player}'s profile", player=shown_name(player.name))),
                tr(PROVISIONAL_NOTE), tuple(fields))


def format_history(entries: Sequence[HistoryGame], tr: Translate = english) -> Card:
    """Returns the games as lines: id, game, date, players with scores, winner."""
    title = tr(Text("Last games"))
    if not entries:
        return Card(title, tr(Text("No finished games in this server yet.")))
    lines = []
    for g in entries:
        players = ", ".join(tr(Text("{name} {score}", name=shown_name(s.name), score=s.score))
                            for s in g.seats)
        winners = tr(and_list([shown_name(w) for w in g.winners]) or Text("draw"))
        lines.append(tr(Text("#{id} {game}, {date}: {players} — {winners}", id=str(g.game_id),
                             game=g.title, date=utc_date(g.finished), players=players,
                             winners=winners)))
    return Card(title, "\n".join(lines))
