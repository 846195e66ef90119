"""Ratings, history, replays, decks and computer levels through the host, as a player meets them."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot import records
from bot.ai_pool import AiPool
from bot.host import Host
from bot.messages import Command, Reply, ReplyKind, Verb
from bot.ratings import display_rating, placements
from bot.replays import parse_viewer_id
from tests.hosting import FakeClock, errors, only, play_until

GUILD = "g1"


async def open_host(path: Path, *, pool: AiPool | None = None, seed: int = 7) -> Host:
    return await Host.open(path, clock=FakeClock(), seeds=random.Random(seed),
                           ai_pool=pool or AiPool(inline=True))


async def say(host: Host, user: str, verb: Verb, *args: str, guild: str = GUILD,
              channel: str = "c1", version: int | None = None) -> list[Reply]:
    return await host.handle(Command(channel, user, user.title(), verb, tuple(args), version,
                                     guild=guild))


def rows(path: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return [tuple(r) for r in conn.execute(sql, args)]


def ratings_of(path: Path, game: str) -> dict[str, tuple[float, float, int]]:
    return {p: (mu, sigma, n) for p, mu, sigma, n in rows(
        path, "SELECT player, mu, sigma, games FROM ratings WHERE guild = ? AND game = ?",
        GUILD, game)}


async def finish_game(host: Host, players: list[str], game: str, *bots: str) -> list[Reply]:
    """Seats the players (and computers of the given levels), starts and plays to the result."""
    await say(host, players[0], Verb.JOIN, game)
    for user in players[1:]:
        await say(host, user, Verb.JOIN)
    for level in bots:
        assert not errors(await say(host, players[0], Verb.ADDBOT, level))
    return await play_until(host, await say(host, players[0], Verb.START))


def expected(before: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """What openskill's Plackett-Luce model computes for one game of single-seat teams."""
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=[float(p) for p in places])]


def test_two_players_are_rated_as_openskill_computes(tmp_path: Path) -> None:
    """A finished 2-player game moves both ratings exactly as openskill does, game after game,
    and /leaderboard, /profile and /history show it."""
    async def scenario() -> None:
        host = await open_host(tmp_path / "h.db")
        mine: list[tuple[float, float]] = [(25.0, 25 / 3)] * 2
        for number in (1, 2):
            if number == 2:
                assert not errors(await say(host, "alice", Verb.REMATCH))
                await play_until(host, await say(host, "bob", Verb.REMATCH))
            else:
                await finish_game(host, ["alice", "bob"], "drachenherz")
            table = await host._table("c1")
            outcome = table.outcome()
            assert outcome is not None and table.live is not None
            scores = [table.game.score(table.live.state, s) for s in range(2)]
            mine = expected(mine, placements(list(outcome.winners), scores))
            got = ratings_of(tmp_path / "h.db", "drachenherz")
            for seat, user in enumerate(["alice", "bob"]):
                assert got[user][:2] == pytest.approx(mine[seat], abs=1e-9)
                assert got[user][2] == number
        board = only(await say(host, "alice", Verb.LEADERBOARD), ReplyKind.INFO)[0]
        assert board.title == "Drachenherz leaderboard" and board.private_to == "alice"
        alice = round(display_rating(*mine[0]))
        assert f"Alice — {alice}? (2 games" in board.text
        profile = only(await say(host, "bob", Verb.PROFILE, "user=alice", "name=Alice"),
                       ReplyKind.INFO)[0]
        assert profile.title == "Alice's profile"
        assert profile.fields[0][0] == "Drachenherz" and f"Rating {alice}?" in profile.fields[0][1]
        history = only(await say(host, "bob", Verb.HISTORY), ReplyKind.INFO)[0]
        assert history.text.startswith("#2 Drachenherz") and "#1 Drachenherz" in history.text
        await host.close()

    asyncio.run(scenario())


def test_five_player_rivalwing_with_computers_is_rated_as_openskill_computes(tmp_path: Path) -> None:
    """Two people and three computers (easy, normal, normal): each seat is a team of one; a
    computer level holding two seats moves by the mean of their changes."""
    async def scenario() -> None:
        host = await open_host(tmp_path / "h.db")
        await finish_game(host, ["alice", "bob"], "rivalwing", "easy", "normal", "normal")
        table = await host._table("c1")
        assert table.names[2:] == ["Computer 1 (easy)", "Computer 2 (normal)",
                                   "Computer 3 (normal)"]
        outcome = table.outcome()
        assert outcome is not None and table.live is not None
        scores = [table.game.score(table.live.state, s) for s in range(5)]
        after = expected([(25.0, 25 / 3)] * 5, placements(list(outcome.winners), scores))
        got = ratings_of(tmp_path / "h.db", "rivalwing")
        assert set(got) == {"alice", "bob", "bot:easy", "bot:normal"}
        for player, seats in {"alice": [0], "bob": [1], "bot:easy": [2], "bot:normal": [3, 4]}.items():
            mu = 25.0 + sum(after[s][0] - 25.0 for s in seats) / len(seats)
            sigma = sum(after[s][1] for s in seats) / len(seats)
            assert got[player] == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9),
                                   len(seats))
        levels = rows(tmp_path / "h.db", "SELECT level FROM results ORDER BY seat")
        assert levels == [(None,), (None,), ("easy",), ("normal",), ("normal",)]
        board = only(await say(host, "alice", Verb.LEADERBOARD), ReplyKind.INFO)[0]
        assert "Computer (normal)" in board.text and "Computer (easy)" in board.text
        await host.close()

    asyncio.run(scenario())


def test_replay_steps_and_exports_a_finished_game(tmp_path: Path) -> None:
    """/replay shows the spectator's view step by step with viewer buttons; /history export gives
    a record file that replays to the same end."""
    async def scenario() -> None:
        host = await open_host(tmp_path / "h.db")
        await finish_game(host, ["alice"], "drakones", "normal")
        first = (await say(host, "bob", Verb.REPLAY))[0]
        assert first.kind is ReplyKind.INFO and first.private_to is None, "the viewer is public"
        assert first.title == "Replay of Drakones #1" and first.text.startswith("Step 1 of ")
        assert first.image is not None and [b.label for b in first.buttons] == [
            "⏮", "◀", "▶", "⏭", "Animation"]
        assert [b.disabled for b in first.buttons] == [True, True, False, False, False]
        game_id, step, verb = parse_viewer_id(first.buttons[2].custom_id) or (0, 0, "")
        second = (await say(host, "bob", Verb.REPLAY, str(game_id), f"step={step}",
                            f"verb={verb}"))[0]
        assert second.text.startswith("Step 2 of ")
        last = (await say(host, "bob", Verb.REPLAY, "1", "step=1", "verb=last"))[0]
        assert "Game over" in last.text and [b.disabled for b in last.buttons][2:4] == [True, True]
        movie = (await say(host, "bob", Verb.REPLAY, "1", "step=0", "verb=anim"))[0]
        assert movie.file is not None and movie.file[:4] == b"RIFF" and len(movie.file) < 8 << 20
        export = (await say(host, "alice", Verb.HISTORY, "export=1"))[0]
        assert export.file is not None and export.file_name == "hoard-drakones-1.json"
        record = records.loads(export.file)
        assert record.names == ["Alice", "Computer 1 (normal)"]
        await host.close()

    asyncio.run(scenario())


def test_bad_record_requests_are_refused_and_change_nothing(tmp_path: Path) -> None:
    """An unknown game id, another guild's game, a running game, a user who never played, an
    unknown game and a broken deck: each a clear private refusal, the database unchanged."""
    async def scenario() -> None:
        db = tmp_path / "h.db"
        host = await open_host(db)
        await finish_game(host, ["alice"], "drachenherz", "normal")
        await say(host, "carol", Verb.JOIN, "drakones", channel="c2")
        await say(host, "carol", Verb.ADDBOT, channel="c2")
        await say(host, "carol", Verb.START, channel="c2")
        before = [rows(db, f"SELECT * FROM {t}") for t in ("games", "results", "ratings", "decks")]
        refusals = {
            (Verb.REPLAY, ("99",), GUILD): "There is no game #99.",
            (Verb.REPLAY, ("1",), "g2"): "Game #1 was not played in this server.",
            (Verb.REPLAY, ("2",), GUILD): "Game #2 is still being played",
            (Verb.HISTORY, ("export=2",), GUILD): "Game #2 is still being played",
            (Verb.REPLAY, ("x1",), GUILD): "A game id is a number from /history",
            (Verb.PROFILE, ("user=dave", "name=Dave"), GUILD): "Dave has not finished a rated game",
            (Verb.PROFILE, (), "g2"): "Alice has not finished a rated game in this server",
            (Verb.HISTORY, ("user=dave", "name=Dave"), GUILD): "Dave has not finished a game",
            (Verb.LEADERBOARD, ("chess",), GUILD): "There is no game called 'chess'",
            (Verb.DECK, ("import", "DF1-AAAA"), GUILD): "",
            (Verb.DECK, ("new", "x y", "nosuch"), GUILD): "",
            (Verb.CARD, ("no such card at all",), GUILD): "",
        }
        for (verb, args, guild), text in refusals.items():
            replies = await say(host, "alice", verb, *args, guild=guild)
            assert [r.kind for r in replies] == [ReplyKind.ERROR], (verb, args, replies)
            assert replies[0].private_to == "alice" and text in replies[0].text, replies[0].text
            assert "Traceback" not in replies[0].text
        joined = await say(host, "bob", Verb.JOIN, "dragonfront", "deck=missing", channel="c3")
        assert errors(joined) and "You have no Dragon Front deck called missing" in errors(joined)[0]
        status = await say(host, "bob", Verb.STATUS, channel="c3")
        assert "Nobody is seated yet" in status[0].text
        after = [rows(db, f"SELECT * FROM {t}") for t in ("games", "results", "ratings", "decks")]
        assert after == before
        await host.close()

    asyncio.run(scenario())


def test_a_hard_computer_thinks_in_a_worker_process(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """/addbot hard seats "Computer 1 (hard)", stores the level with the seat, and its decisions
    come from the worker pool (a real process) within HOARD_AI_SECONDS."""
    monkeypatch.setenv("HOARD_AI_SECONDS", "0.02")

    async def scenario() -> None:
        pool = AiPool(workers=1)
        host = await open_host(tmp_path / "h.db", pool=pool)
        await say(host, "alice", Verb.JOIN, "drachenherz")
        added = await say(host, "alice", Verb.ADDBOT, "hard")
        assert "Computer 1 (hard) takes seat 2 of 2." in [r.text for r in added]
        lobby = only(added, ReplyKind.LOBBY)[0]
        assert "2. Computer 1 (hard) — computer" in lobby.text
        refused = await say(host, "alice", Verb.ADDBOT, "brutal")
        assert errors(refused) == ["The level must be easy, normal or hard, not 'brutal'."]
        await play_until(host, await say(host, "alice", Verb.START))
        assert pool.is_running, "the hard seat's decisions went to the worker pool"
        seats = json.loads(rows(tmp_path / "h.db", "SELECT seats FROM games")[0][0])
        assert seats[1]["level"] == "hard"
        assert ("bot:hard",) in rows(tmp_path / "h.db", "SELECT player FROM ratings")
        await host.close()
        reopened = await open_host(tmp_path / "h.db")
        table = await reopened._table("c1")
        assert table.seats[1].level == "hard" and table.names[1] == "Computer 1 (hard)"
        await reopened.close()

    asyncio.run(scenario())


def test_the_timer_stand_in_plays_normal_for_a_person(tmp_path: Path) -> None:
    """A person's timed-out decision is the normal computer's move, whatever levels sit at the table."""
    async def scenario() -> None:
        clock = FakeClock()
        host = await Host.open(tmp_path / "h.db", clock=clock, seeds=random.Random(3),
                               ai_pool=AiPool(inline=True))
        await say(host, "alice", Verb.JOIN, "drachenherz")
        await say(host, "alice", Verb.ADDBOT, "easy")
        await say(host, "alice", Verb.START)
        table = await host._table("c1")
        assert table.live is not None
        seat = table.to_play()[0]
        wanted = table.computer_choice(seat)
        moved = len(table.live.record.log)
        clock.now += 10_000
        posts = await host.run_due_timers()
        assert any("the computer played" in r.text for r in posts)
        table = await host._table("c1")
        assert table.live is not None
        entry = table.live.record.log[moved]
        assert (entry.seat, entry.code) == (seat, wanted.encode())
        await host.close()

    asyncio.run(scenario())
