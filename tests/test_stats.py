"""Leaderboard, profile and history queries on a small database, and their text."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import aiosqlite
import pytest

from bot.ratings import Seated
from bot.stats import (
    NotFound,
    format_history,
    format_leaderboard,
    format_profile,
    history,
    leaderboard,
    profile,
)
from tests.ratings_helpers import ALICE, BOB, CAROL, COMPUTER, connect, migrated, play_result

T = TypeVar("T")


def query(path: Path, ask: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
    """Runs one query function on a fresh aiosqlite connection."""
    async def run() -> T:
        db = await aiosqlite.connect(str(path))
        try:
            return await ask(db)
        finally:
            await db.close()
    return asyncio.run(run())


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Alice beats Bob three times and draws once at Drakones; Bob beats the computer; Carol plays
    Dragon Front once with a chosen faction; a game in another guild."""
    path = migrated(tmp_path / "s.db")
    conn = connect(path)
    for t in range(3):
        play_result(conn, seats=[ALICE, BOB], scores=[1, 0], winners=[0], finished=10.0 + t)
    play_result(conn, seats=[ALICE, BOB], scores=[0, 0], winners=[], finished=20.0)
    play_result(conn, seats=[BOB, COMPUTER], scores=[1, 0], winners=[0], finished=30.0)
    eclipse = Seated("u3", "carol", faction="eclipse")
    play_result(conn, game="dragonfront", seats=[eclipse, ALICE], scores=[15, 4], winners=[0],
                finished=40.0)
    play_result(conn, guild="other", seats=[CAROL, BOB], scores=[1, 0], winners=[0],
                finished=50.0)
    conn.close()
    return path


def test_leaderboard_orders_by_rating_and_ranks_the_caller(db: Path) -> None:
    """Highest rating first, counts beside it; the caller's rank comes with it."""
    board = query(db, lambda c: leaderboard(c, "g1", "drakones", "u2"))
    assert [s.name for s in board.top] == ["alice", "bob", "Computer (normal)"]
    assert [s.rank for s in board.top] == [1, 2, 3]
    assert board.top[0].wins == 3 and board.top[0].draws == 1 and board.top[0].games == 4
    assert board.top[2].is_bot and board.top[0].is_provisional  # 4 games
    assert board.caller is not None and board.caller.rank == 2 and board.rated == 3
    card = format_leaderboard(board)
    assert "alice" in card.text and "?" in card.text and card.title == "Drakones leaderboard"


def test_leaderboard_caller_outside_the_top(db: Path) -> None:
    """With a limit of one, the caller's own line still tells their rank."""
    board = query(db, lambda c: leaderboard(c, "g1", "drakones", "bot:normal", limit=1))
    assert len(board.top) == 1 and board.caller is not None and board.caller.rank == 3
    assert "You: #3 of 3" in format_leaderboard(board).text


def test_leaderboard_is_per_guild_and_refuses_unknown_games(db: Path) -> None:
    """Another guild's ratings stay there; an unknown game gets a clear refusal."""
    board = query(db, lambda c: leaderboard(c, "other", "drakones", "u1"))
    assert [s.name for s in board.top] == ["carol", "bob"] and board.caller is None
    assert "no Drakones rating" in format_leaderboard(board).text
    with pytest.raises(NotFound, match="no game called 'chess'"):
        query(db, lambda c: leaderboard(c, "g1", "chess"))
    empty = query(db, lambda c: leaderboard(c, "g1", "rivalwing"))
    assert empty.top == () and "No rated" in format_leaderboard(empty).text


def test_ties_share_a_rank(tmp_path: Path) -> None:
    """Two players with equal ratings share a rank; the next one counts both."""
    conn = connect(migrated(tmp_path / "t.db"))
    play_result(conn, seats=[ALICE, BOB], scores=[0, 0], winners=[])
    play_result(conn, seats=[CAROL, COMPUTER], scores=[0, 1], winners=[1], finished=2.0)
    board = query(tmp_path / "t.db", lambda c: leaderboard(c, "g1", "drakones", "u3"))
    ranks = {s.name: s.rank for s in board.top}
    assert ranks["alice"] == ranks["bob"] and ranks["carol"] == 4
    assert board.caller is not None and board.caller.rank == 4


def test_profile_per_game(db: Path) -> None:
    """Per game: counts, rating and trend, best streak, favourite faction and the last five."""
    alice = query(db, lambda c: profile(c, "g1", "u1", "alice"))
    drakones, dragonfront = alice.games
    assert drakones.game == "drakones" and (drakones.games, drakones.wins, drakones.draws) == (4, 3, 1)
    assert drakones.best_streak == 3 and drakones.streak == 0
    assert drakones.trend == pytest.approx(drakones.rating - 1500.0)
    assert [r.outcome for r in drakones.last] == ["draw", "win", "win", "win"]
    assert drakones.last[0].players == 2 and drakones.favourite is None
    assert dragonfront.losses == 1 and dragonfront.trend < 0
    carol = query(db, lambda c: profile(c, "g1", "u3", "carol"))
    assert carol.games[0].favourite == "eclipse"
    card = format_profile(alice)
    assert [name for name, _ in card.fields] == ["Drakones", "Dragon Front"]
    assert "best streak 3" in card.fields[0][1] and "1970-01-01" in card.fields[0][1]


def test_profile_of_someone_who_never_played(db: Path) -> None:
    """A user without finished games here is refused by name."""
    with pytest.raises(NotFound, match="dave has not finished"):
        query(db, lambda c: profile(c, "g1", "u4", "dave"))
    with pytest.raises(NotFound):
        query(db, lambda c: profile(c, "other", "u1", "alice"))


def test_history_newest_first(db: Path) -> None:
    """The guild's last games, newest first, with players, scores and winners."""
    games = query(db, lambda c: history(c, "g1"))
    assert [g.game for g in games] == ["dragonfront", "drakones", "drakones", "drakones",
                                       "drakones", "drakones"]
    assert games[0].winners == ["carol"] and games[2].winners == []
    assert [s.name for s in games[1].seats] == ["bob", "Computer 1"]
    text = format_history(games).text
    assert f"#{games[0].game_id} Dragon Front" in text and "draw" in text
    assert len(query(db, lambda c: history(c, "g1", limit=2))) == 2


def test_history_of_one_player(db: Path) -> None:
    """A user filter keeps that player's games; a stranger is refused; an empty guild is not."""
    games = query(db, lambda c: history(c, "g1", "u2", "bob"))
    assert len(games) == 5 and all("bob" in [s.name for s in g.seats] for g in games)
    with pytest.raises(NotFound, match="dave"):
        query(db, lambda c: history(c, "g1", "u4", "dave"))
    assert query(db, lambda c: history(c, "nowhere")) == []
    assert "No finished games" in format_history([]).text


def test_history_counts_a_game_once_per_computer_level(tmp_path: Path) -> None:
    """A computer level holding two seats of one game lists that game once."""
    conn = connect(migrated(tmp_path / "h.db"))
    twin = Seated("bot:2", "Computer 2", is_bot=True)
    play_result(conn, game="rivalwing", seats=[ALICE, COMPUTER, twin], scores=[5, 1, 0],
                winners=[0])
    play_result(conn, game="rivalwing", seats=[COMPUTER, ALICE, twin], scores=[5, 1, 0],
                winners=[0], finished=2.0)
    games = query(tmp_path / "h.db", lambda c: history(c, "g1", "bot:normal"))
    assert len(games) == 2 and len(games[0].seats) == 3


@pytest.mark.parametrize("sql", [
    "SELECT player FROM ratings WHERE guild = 'g1' AND game = 'drakones' "
    "ORDER BY rating DESC, player LIMIT 10",
    "SELECT COUNT(*) FROM ratings WHERE guild = 'g1' AND game = 'drakones' AND rating > 1500",
    "SELECT game FROM ratings WHERE guild = 'g1' AND player = 'u1'",
    "SELECT game_id FROM results WHERE guild = 'g1' AND player = 'u1' AND game = 'drakones' "
    "ORDER BY finished DESC, game_id DESC LIMIT 10",
    "SELECT game_id FROM results WHERE guild = 'g1' AND player = 'u1' "
    "ORDER BY finished DESC, game_id DESC LIMIT 80",
    "SELECT id FROM games WHERE guild = 'g1' AND finished IS NOT NULL "
    "ORDER BY finished DESC, id DESC LIMIT 10",
    "SELECT faction FROM factions WHERE guild = 'g1' AND game = 'drakones' AND player = 'u1' "
    "ORDER BY games DESC, faction LIMIT 1",  # sorts one player's few factions
])
def test_queries_use_an_index(db: Path, sql: str) -> None:
    """Every query the commands run searches an index, without sorting or scanning a table."""
    with sqlite3.connect(db) as conn:
        plan = " ".join(row[-1] for row in conn.execute("EXPLAIN QUERY PLAN " + sql))
    few = sql.startswith("SELECT faction")
    assert "USING" in plan and (few or "TEMP B-TREE" not in plan) and "SCAN" not in plan, plan
