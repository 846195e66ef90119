"""The host end to end: lobby, whole games, series, refusals, persistence, timers, concurrency."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import games
from bot.messages import ReplyKind, Verb
from tests.hosting import FakeClock, errors, only, open_host, play_until, say


def run(coro):
    return asyncio.run(coro)


def test_two_people_play_a_whole_game(tmp_path: Path) -> None:
    """Two users join, start and play through the host until the result is announced."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        assert "You took seat 1 of 2" in (await say(host, "alice", "join"))[0].text
        await say(host, "bob", "join")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[0]
        assert board.image and board.image.startswith(b"\x89PNG") and board.fresh
        assert board.waiting_on and board.mentions == board.waiting_on
        seen = await play_until(host, replies)
        result = only(seen, ReplyKind.RESULT)[-1]
        assert result.title.startswith("Game over") and "Rematch" in result.text
        assert result.image and result.over and result.fresh and result.outbox is not None
        assert errors(await say(host, "alice", "play", "1")) == [
            "No game is in progress at this table. /start one."]
        await host.close()
    run(scenario())


def test_refusals_are_polite_and_change_nothing(tmp_path: Path) -> None:
    """Bad input gets a clear error and the stored table stays byte-identical."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")

        async def snapshot():
            table = await host._table("c1")
            return json.dumps(table.to_json(), sort_keys=True), len(table.live.record.log) if table.live else 0

        async def refused(user, verb, *args, version=None, expect):
            before = await snapshot()
            replies = await say(host, user, verb, *args, version=version)
            texts = errors(replies)
            assert texts and re.search(expect, texts[0]), (texts, expect)
            assert all(r.private_to == user for r in replies)
            assert await snapshot() == before

        await refused("alice", "start", expect="needs at least 2 players")
        await refused("carol", "join", "chess", expect="no game called 'chess'")
        await refused("alice", "join", expect="already joined")
        await refused("alice", "match", "-3", expect="from 1 to 99; got -3")
        await refused("alice", "match", "abc", expect="whole number")
        await refused("alice", "sumof", "100", expect="from 1 to 99")
        await refused("alice", "sumof", "9" * 5000, expect=r"from 1 to 99; got '9{20}…'\.$")
        await refused("alice", "match", "1" * 30, expect=r"from 1 to 99; got 1{20}…\.$")
        await refused("zed", "match", "3", expect="Only a seated player")
        await refused("alice", "play", "1", expect="No game is in progress")
        await refused("zed", "addbot", expect="Only a seated player")
        await refused("zed", "start", expect="Only a seated player")
        await say(host, "bob", "join")
        game = games.get(games.DEFAULT)
        if game.info.max_players == 2:
            await refused("carol", "join", expect="at most 2 players")
        await refused("alice", "start", "timer=30", "colour=red", expect="only timer=seconds")
        await refused("alice", "start", "timer=5", expect="from 15 to 86400")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[0]
        mover = board.waiting_on[0]
        other = "bob" if mover == "alice" else "alice"
        await refused(other, "play", "1", expect="not your turn")
        await refused("zed", "play", "1", expect="not playing at this table")
        await refused(mover, "play", "999", expect="Choose a move from 1 to")
        await refused(mover, "play", "9" * 5000, expect="Choose a move from 1 to")
        await refused(mover, "play", "²", expect=r"not (one of your moves|a .* move)")
        await refused(mover, "play", "٣", expect=r"not (one of your moves|a .* move)")
        await refused(mover, "play", "nonsense-code", expect="")
        await refused(mover, "play", "1", version=board.version - 1, expect="earlier position")
        await refused(mover, "leave", expect="use /resign")
        await refused("carol", "join", expect="game is in progress")
        await refused(mover, "start", expect="already in progress")
        await refused(mover, "match", "2", expect="before or between games")
        await host.close()
    run(scenario())


def test_a_restart_resumes_the_game_exactly(tmp_path: Path) -> None:
    """A host discarded without shutdown is replaced by a new one that continues the same game."""
    async def scenario():
        path = tmp_path / "h.db"
        host = await open_host(path)
        await say(host, "alice", "join")
        await say(host, "bob", "join")
        replies = await say(host, "alice", "start")
        for _ in range(5):
            board = only(replies, ReplyKind.BOARD)[-1]
            replies = await say(host, board.waiting_on[0], "play", "1", version=board.version)
        table = await host._table("c1")
        game = table.game
        before = json.dumps(game.to_json(table.live.state), sort_keys=True)
        version = table.version
        # No close(): the old host is simply dropped, as a crash would.
        second = await open_host(path, seed=99)
        resumed = await second._table("c1")
        assert json.dumps(game.to_json(resumed.live.state), sort_keys=True) == before
        assert resumed.version == version
        board = only(replies, ReplyKind.BOARD)[-1]
        replies = await say(second, board.waiting_on[0], "play", "1", version=board.version)
        assert not errors(replies)
        seen = await play_until(second, replies)
        assert only(seen, ReplyKind.RESULT)
        await second.close()
        await host.close()
    run(scenario())


def test_match_series_runs_until_a_player_has_x_wins(tmp_path: Path) -> None:
    """/match 2 against a computer: games follow by themselves until someone has two wins."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        assert "first to 2 wins" in (await say(host, "alice", "match", "2"))[0].text
        replies = await say(host, "alice", "start")
        results = []
        for _ in range(10):
            seen = await play_until(host, replies)
            result = only(seen, ReplyKind.RESULT)[-1]
            results.append(result)
            if "Series over" in result.text:
                break
            assert [c.value for c in result.controls] == ["next"]
            assert errors(await say(host, "alice", "rematch")), "a rematch is no way on in a series"
            replies = await say(host, "alice", "next")
            assert "begins (game" in only(replies, ReplyKind.BOARD)[0].text
        final = results[-1].text
        assert "Series over (first to 2 wins)" in final
        assert len(re.findall(r"Game \d+: Alice \d+, Computer 1 \(normal\) \d+", final)) == len(results)
        table = await host._table("c1")
        assert max(table.series.wins(2)) == 2
        await host.close()
    run(scenario())


def test_sumof_series_plays_exactly_x_games(tmp_path: Path) -> None:
    """/sumof 2 plays two games and names the highest total."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        await say(host, "alice", "sumof", "2")
        replies = await say(host, "alice", "start")
        first_board = only(replies, ReplyKind.BOARD)[0]
        assert "Game 1 of 2, totals so far" in dict(first_board.fields)["Series"]
        seen = await play_until(host, replies)
        first = only(seen, ReplyKind.RESULT)[-1]
        assert "Next game" in first.text and "Game 1 of 2" in dict(first.fields)["Series"]
        replies = await say(host, "alice", "next")
        assert "Game 2 of 2" in dict(only(replies, ReplyKind.BOARD)[0].fields)["Series"]
        seen = await play_until(host, replies)
        final = only(seen, ReplyKind.RESULT)[-1].text
        assert "Series over (2 games, highest total)" in final
        table = await host._table("c1")
        totals = table.series.totals(2)
        assert totals == [sum(r.scores[s] for r in table.series.results) for s in range(2)]
        winner = table.names[totals.index(max(totals))]
        assert f"{winner} win" in final
        await host.close()
    run(scenario())


def test_timeouts_let_the_computer_play_and_three_forfeit(tmp_path: Path) -> None:
    """When the timer runs out the computer moves for the idle player; the third in a row forfeits."""
    async def scenario():
        clock = FakeClock()
        host = await open_host(tmp_path / "h.db", clock)
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        await say(host, "alice", "timer", "60")
        await say(host, "alice", "start")
        texts = []
        for _ in range(3):
            assert host.next_deadline() == clock.now + 30, "the reminder comes half way"
            clock.now += 29
            assert await host.run_due_timers() == []
            clock.now += 1
            warning = only(await host.run_due_timers(), ReplyKind.WARNING)
            assert warning[0].mentions == ("alice",) and "30 s left" in warning[0].text
            assert host.next_deadline() == clock.now + 30
            clock.now += 31
            texts = [r.text for r in await host.run_due_timers()]  # the board keeps the turn's lines
        joined = "\n".join(texts)
        assert joined.count("time ran out") == 2
        assert "Alice timed out 3 times in a row and forfeits." in joined
        assert "Computer 1 (normal) wins" in joined
        assert host.next_deadline() is None
        lobby = only(await say(host, "alice", "status"), ReplyKind.LOBBY)[0]
        assert "1. Alice — forfeited the last game (timed out)" in lobby.text
        await host.close()
    run(scenario())


def test_timers_survive_a_restart(tmp_path: Path) -> None:
    """A pending deadline is stored and served by a new host."""
    async def scenario():
        clock = FakeClock()
        host = await open_host(tmp_path / "h.db", clock)
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        await say(host, "alice", "start", "timer=90")
        warn_at = host.next_deadline()
        second = await open_host(tmp_path / "h.db", clock)
        assert second.next_deadline() == warn_at == clock.now + 45
        clock.now = warn_at + 1
        assert only(await second.run_due_timers(), ReplyKind.WARNING)
        third = await open_host(tmp_path / "h.db", clock)
        clock.now = third.next_deadline() + 1
        assert any("time ran out" in r.text for r in await third.run_due_timers())
        await third.close()
        await host.close()
        await second.close()
    run(scenario())


def test_channels_do_not_wait_for_each_other(tmp_path: Path) -> None:
    """Commands for many channels run concurrently; each table stays consistent."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")

        async def table(channel: str) -> int:
            await say(host, "alice", "join", channel=channel)
            await say(host, "alice", "addbot", channel=channel)
            replies = await say(host, "alice", "start", channel=channel)
            seen = await play_until(host, replies, channel=channel)
            return len(only(seen, ReplyKind.RESULT))

        results = await asyncio.gather(*(table(f"ch{i}") for i in range(6)))
        assert results == [1] * 6
        await host.close()
    run(scenario())


def test_hand_is_private_and_public_replies_carry_no_hand(tmp_path: Path) -> None:
    """Hands go only to their owner; boards are public and drawn from the spectator view."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "bob", "join")
        await say(host, "alice", "start")
        hand = only(await say(host, "bob", "hand"), ReplyKind.HAND)[0]
        assert hand.private_to == "bob" and hand.image.startswith(b"\x89PNG")
        status = await say(host, "carol", "status")
        assert all(r.private_to == "carol" for r in status), "/status answers privately"
        posted = await say(host, "carol", "status", "post=true")
        assert posted[0].private_to is None and posted[0].fresh and posted[0].image
        table = await host._table("c1")
        public = table.game.text(table.game.view(table.live.state, None), table.names)
        assert hand.text != public
        await host.close()
    run(scenario())


def test_rules_and_status_answer_anyone(tmp_path: Path) -> None:
    """/rules lists the game's summary privately; /status describes the lobby."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        rules = await say(host, "zed", "rules")
        assert rules[0].private_to == "zed" and "/join" in rules[0].text
        await say(host, "alice", "join")
        status = (await say(host, "zed", Verb.STATUS))[0]
        assert "Alice" in status.text and "single game" in status.text
        assert status.private_to == "zed" and status.kind is ReplyKind.LOBBY
        await host.close()
    run(scenario())


def test_no_game_names_in_bot_or_renderers() -> None:
    """The host and shared drawing code know games only through the registry."""
    root = Path(__file__).resolve().parent.parent
    names = [g.info.name for g in games.all_games()] + ["drachenherz", "drakones", "dragonfront",
                                                        "rivalwing"]
    for folder in ("bot", "renderers"):
        for path in (root / folder).rglob("*.py"):
            if folder == "renderers" and path.stem in names:
                continue
            text = path.read_text(encoding="utf-8").lower()
            for name in set(names):
                assert name not in text, f"{path} names the game {name}"


def test_private_events_reach_only_their_player(tmp_path: Path) -> None:
    """What a player draws is told in their private hand reply, never on the public board."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "bob", "join")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[0]
        mover = board.waiting_on[0]
        replies = await say(host, mover, "play", "1", version=board.version)
        public = "\n".join(r.text for r in replies if r.private_to is None)
        private = "\n".join(r.text for r in replies if r.private_to == mover)
        assert "You draw" in private
        assert "You draw" not in public
        await host.close()
    run(scenario())
