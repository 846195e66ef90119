"""Ratings: openskill's numbers exactly, draws, provisional marks, and the write inside a transaction."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest
from openskill.models import PlackettLuce

from bot.ratings import (
    DRAW,
    LOSS,
    WIN,
    Rating,
    Seated,
    bot_player,
    display_rating,
    finished_game,
    placements,
    rate,
    record_result,
    record_result_async,
    seat_option,
)
from bot.store import MIGRATIONS, Store, migrations
from games import registry
from tests.ratings_helpers import (
    ALICE,
    BOB,
    CAROL,
    COMPUTER,
    DAVE,
    connect,
    insert_game,
    migrated,
    play_result,
)

OPENSKILL = PlackettLuce()


def test_two_player_game_moves_as_openskill_computes() -> None:
    """A win between two new players moves both exactly as openskill's Plackett-Luce does."""
    game = finished_game(guild="g", game="drakones", game_id=1, finished=1.0,
                         seats=[ALICE, BOB], scores=[1, 0], winners=[0])
    after = rate({}, game)
    (a,), (b,) = OPENSKILL.rate([[OPENSKILL.rating()], [OPENSKILL.rating()]], ranks=[1, 2])
    assert (after["u1"].mu, after["u1"].sigma) == (a.mu, a.sigma)
    assert (after["u2"].mu, after["u2"].sigma) == (b.mu, b.sigma)
    assert after["u1"].rating > 1500 > after["u2"].rating
    assert (after["u1"].wins, after["u1"].streak, after["u2"].losses) == (1, 1, 1)


def test_free_for_all_with_computers_moves_as_openskill_computes() -> None:
    """Five seats of a RivalWing-like duel (a person with history, two computer levels): winners
    first, the others by score, equal scores tied; every belief moves as openskill computes."""
    hard = Seated("bot:2", "Computer 2", is_bot=True, level="hard")
    seats = [ALICE, BOB, COMPUTER, CAROL, hard]
    game = finished_game(guild="g", game="rivalwing", game_id=1, finished=1.0, seats=seats,
                         scores=[3, 9, 0, 4, 4], winners=[1])
    assert [s.placement for s in game.seats] == [4, 1, 5, 2, 2]
    assert [s.outcome for s in game.seats] == [LOSS, WIN, LOSS, LOSS, LOSS]
    assert game.seats[2].player == bot_player() == "bot:normal"
    before = {"u1": Rating(mu=31.0, sigma=4.5, games=12, wins=7, losses=5),
              "bot:hard": Rating(mu=28.0, sigma=3.0, games=40)}
    after = rate(before, game)
    priors = [before.get(s.player, Rating()) for s in game.seats]
    expected = OPENSKILL.rate([[OPENSKILL.rating(mu=p.mu, sigma=p.sigma)] for p in priors],
                              ranks=[4, 1, 5, 2, 2])
    for seat, (team,) in zip(game.seats, expected, strict=True):
        assert (after[seat.player].mu, after[seat.player].sigma) == (team.mu, team.sigma)
    assert after["u1"].games == 13 and after["bot:hard"].games == 41


def test_a_computer_level_in_several_seats_moves_by_the_mean() -> None:
    """Two seats of one computer level: one rated player moving by the mean of both seats."""
    seats = [ALICE, COMPUTER, Seated("bot:2", "Computer 2", is_bot=True)]
    game = finished_game(guild="g", game="rivalwing", game_id=1, finished=1.0, seats=seats,
                         scores=[5, 2, 0], winners=[0])
    after = rate({}, game)
    (a,), (b,), (c,) = OPENSKILL.rate([[OPENSKILL.rating()] for _ in range(3)], ranks=[1, 2, 3])
    assert after["bot:normal"].mu == pytest.approx(25 + ((b.mu - 25) + (c.mu - 25)) / 2)
    assert after["bot:normal"].sigma == pytest.approx((b.sigma + c.sigma) / 2)
    assert (after["bot:normal"].games, after["bot:normal"].losses) == (2, 2)
    assert after["u1"].mu == a.mu


def test_a_draw_is_a_draw() -> None:
    """No winners: every seat shares first place; equal beliefs keep their mu, and each counts a
    draw, not a win or a loss, which also ends a streak."""
    assert placements([], [3, 7]) == [1, 1]
    game = finished_game(guild="g", game="drachenherz", game_id=1, finished=1.0,
                         seats=[ALICE, BOB], scores=[40, 40], winners=[])
    before = {"u1": Rating(streak=3, best_streak=3, games=3, wins=3)}
    after = rate(before, game)
    (a,), (b,) = OPENSKILL.rate([[OPENSKILL.rating()], [OPENSKILL.rating()]], ranks=[1, 1])
    assert after["u1"].mu == a.mu == 25.0 and after["u2"].mu == b.mu == 25.0
    assert [s.outcome for s in game.seats] == [DRAW, DRAW]
    assert (after["u1"].draws, after["u1"].streak, after["u1"].best_streak) == (1, 0, 3)


def test_a_resignation_is_a_loss() -> None:
    """A forfeit (every other seat wins) places the resigning seat last, whatever its score."""
    game = finished_game(guild="g", game="dragonfront", game_id=1, finished=1.0,
                         seats=[ALICE, BOB], scores=[12, 3], winners=[1])
    assert [s.outcome for s in game.seats] == [LOSS, WIN]
    assert [s.placement for s in game.seats] == [2, 1]
    assert rate({}, game)["u1"].rating < 1500


def test_provisional_below_five_games() -> None:
    """A rating is provisional until its fifth game."""
    assert Rating(games=4).is_provisional and not Rating(games=5).is_provisional


def test_display_rating_scale() -> None:
    """A new player shows 1500; the number is 1500 + 20 * (mu - 3 sigma)."""
    assert display_rating(25.0, 25.0 / 3) == pytest.approx(1500.0)
    assert display_rating(30.0, 2.0) == pytest.approx(1500 + 20 * 24)


def test_games_without_a_person_are_not_rated() -> None:
    """Only computers seated: nothing moves."""
    game = finished_game(guild="g", game="drakones", game_id=1, finished=1.0,
                         seats=[COMPUTER, Seated("bot:2", "Computer 2", is_bot=True,
                                                 level="hard")], scores=[1, 0], winners=[0])
    assert not game.is_rated
    assert rate({}, game) == {"bot:normal": Rating(), "bot:hard": Rating()}


def test_seat_option_is_the_chosen_faction() -> None:
    """The faction or mat is the seat's per-seat option, None when random or unset."""
    info = registry.get("dragonfront").info
    assert seat_option(info, {"faction": ["random", "aegis"]}, 1) == "aegis"
    assert seat_option(info, {"faction": ["random", None]}, 0) is None
    assert seat_option(info, {}, 0) is None
    assert seat_option(registry.get("drakones").info, {"strike_back": "on"}, 0) is None


# -- storage ----------------------------------------------------------------------------------------

def test_v3_applies_after_v1_without_v2(tmp_path: Path) -> None:
    """The store sorts migrations by number and applies every newer one: a database at V1 reaches
    the last version, with V3's tables and the games' guild column, even with no V2 file."""
    numbers = [n for n, _ in migrations()]
    assert 3 in numbers and numbers == sorted(numbers)
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript((MIGRATIONS / "V1__initial.sql").read_text() + "PRAGMA user_version = 1;")

    async def reopen() -> int:
        store = await Store.open(path)
        version = await store.version()
        await store.close()
        return version
    assert asyncio.run(reopen()) == numbers[-1]
    with sqlite3.connect(path) as conn:
        assert "guild" in {row[1] for row in conn.execute("PRAGMA table_info(games)")}
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert {"results", "ratings", "ratings_leaderboard", "results_by_player"} <= tables


def test_result_and_ratings_commit_together(tmp_path: Path) -> None:
    """record_result writes inside the caller's transaction: a rollback leaves nothing, a commit
    leaves the results, the ratings and the game's guild."""
    conn = connect(migrated(tmp_path / "r.db"))
    conn.execute("BEGIN")
    game_id = insert_game(conn, game="drakones", seats=[ALICE, COMPUTER])
    done = finished_game(guild="g1", game="drakones", game_id=game_id, finished=5.0,
                         seats=[ALICE, COMPUTER], scores=[1, 0], winners=[0])
    record_result(conn, done)
    conn.execute("ROLLBACK")
    assert conn.execute("SELECT COUNT(*) FROM results").fetchone() == (0,)
    assert conn.execute("SELECT COUNT(*) FROM ratings").fetchone() == (0,)

    play_result(conn, seats=[ALICE, COMPUTER], scores=[1, 0], winners=[0], finished=5.0)
    rows = conn.execute("SELECT player, name, level, games, wins, losses, streak FROM ratings "
                        "ORDER BY player").fetchall()
    assert rows == [("bot:normal", "Computer (normal)", "normal", 1, 0, 1, 0),
                    ("u1", "alice", None, 1, 1, 0, 1)]
    assert conn.execute("SELECT DISTINCT guild FROM games WHERE finished IS NOT NULL").fetchall() \
        == [("g1",)]
    before, after = conn.execute(
        "SELECT rating_before, rating_after FROM results WHERE player = 'u1'").fetchone()
    assert before == pytest.approx(1500.0) and after > before


def test_ratings_accumulate_game_after_game(tmp_path: Path) -> None:
    """Each game starts from the stored belief; streaks and counters follow the results, and the
    stored numbers equal openskill applied game by game."""
    conn = connect(migrated(tmp_path / "r.db"))
    a, b = OPENSKILL.rating(), OPENSKILL.rating()
    for index, winner in enumerate([0, 0, 1, 0, 0, 0]):
        play_result(conn, seats=[ALICE, BOB], scores=[1 - winner, winner], winners=[winner],
                    finished=float(index))
        ranks = [1, 2] if winner == 0 else [2, 1]
        (a,), (b,) = OPENSKILL.rate([[a], [b]], ranks=ranks)
    mu, sigma, games, wins, losses, streak, best = conn.execute(
        "SELECT mu, sigma, games, wins, losses, streak, best_streak FROM ratings "
        "WHERE player = 'u1'").fetchone()
    assert (mu, sigma) == pytest.approx((a.mu, a.sigma))
    assert (games, wins, losses, streak, best) == (6, 5, 1, 3, 3)


def test_async_write_matches_the_sync_one(tmp_path: Path) -> None:
    """record_result_async (through aiosqlite) stores what record_result stores."""
    path = migrated(tmp_path / "a.db")
    seats = [ALICE, BOB, CAROL, DAVE]

    async def scenario() -> None:
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("BEGIN")
        cursor = await db.execute(
            "INSERT INTO games(channel, game, seed, players, options, seats, started, finished) "
            "VALUES('c', 'rivalwing', 1, 4, '{}', '[]', 0, 2)")
        game_id = cursor.lastrowid
        assert game_id is not None
        await record_result_async(db, finished_game(
            guild="g1", game="rivalwing", game_id=game_id, finished=2.0, seats=seats,
            scores=[7, 2, 2, 0], winners=[0]))
        await db.execute("COMMIT")
        await db.close()
    asyncio.run(scenario())
    conn = connect(path)
    expected = rate({}, finished_game(guild="g1", game="rivalwing", game_id=1, finished=2.0,
                                      seats=seats, scores=[7, 2, 2, 0], winners=[0]))
    for player, mu, sigma in conn.execute("SELECT player, mu, sigma FROM ratings"):
        assert (mu, sigma) == pytest.approx((expected[player].mu, expected[player].sigma))
    assert conn.execute("SELECT placement FROM results ORDER BY seat").fetchall() == \
        [(1,), (2,), (2,), (4,)]
