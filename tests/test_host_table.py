"""What a change owes the channel, decided by the host: the outbox, one board per turn, panels that
stay valid while their own choices do, rematches, and the texts around a result."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path

from PIL import Image

import games
from bot.host import Host
from bot.messages import Command, ReplyKind, Verb
from tests import toygame
from tests.hosting import FakeClock, errors, only, open_host, play_until, say


def run(coro):
    return asyncio.run(coro)


def test_a_change_and_what_it_owes_are_committed_together(tmp_path: Path) -> None:
    """Every post a change owes is an outbox row of the same commit, until it is marked delivered;
    a host opened after a crash rebuilds the undelivered ones, board image included."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        lobby = only(await say(host, "alice", "join"), ReplyKind.LOBBY)[0]
        assert lobby.outbox is not None and lobby.text.startswith("**Seats** (1/2)")
        await host.delivered([lobby])
        await say(host, "bob", "join")
        replies = await say(host, "alice", "start")
        board = only(replies, ReplyKind.BOARD)[0]
        rows = await host.store.pending_outbox()
        assert [(r.kind, r.version) for r in rows] == [("lobby", 2), ("lobby", 3), ("board", 3)]
        crashed = await open_host(tmp_path / "h.db")
        pending = await crashed.pending()
        assert [r.kind for r in pending] == [ReplyKind.LOBBY, ReplyKind.LOBBY, ReplyKind.BOARD]
        again = pending[-1]
        assert (again.outbox, again.version, again.mentions, again.fresh) == (
            board.outbox, board.version, board.mentions, True)
        assert again.image == board.image and again.image_name == board.image_name
        await crashed.delivered(pending)
        assert await host.store.pending_outbox() == []
        await crashed.close()
        await host.close()
    run(scenario())


def test_a_new_board_only_when_someone_else_must_decide(tmp_path: Path) -> None:
    """Against the computer every move edits the board (the computer's turn is one edit); between
    two people each handover is a new board that pings the next player."""
    async def scenario():
        toygame.install()
        try:
            host = await open_host(tmp_path / "h.db")
            await say(host, "alice", "join", toygame.NAME)
            await say(host, "alice", "addbot")
            board = only(await say(host, "alice", "start"), ReplyKind.BOARD)[0]
            assert board.fresh and board.mentions == ("alice",)
            replies = await say(host, "alice", "play", "pass", version=board.version)
            edit = only(replies, ReplyKind.BOARD)[0]
            assert not edit.fresh and edit.mentions == () and edit.waiting_on == ("alice",)
            assert "Alice passes." in edit.text and "Computer 1" in edit.text
            hand = only(replies, ReplyKind.HAND)[0]
            assert hand.notice == "You played: Pass." and hand.choices

            await say(host, "bob", "join", toygame.NAME, channel="c2")
            await say(host, "carol", "join", channel="c2")
            board = only(await say(host, "bob", "start", channel="c2"), ReplyKind.BOARD)[0]
            replies = await say(host, "bob", "play", "pass", version=board.version, channel="c2")
            handover = only(replies, ReplyKind.BOARD)[0]
            assert handover.fresh and handover.mentions == ("carol",)
            assert handover.text == "Bob passes.\nCarol to play."
            hand = only(replies, ReplyKind.HAND)[0]
            assert hand.notice == "You played: Pass. Waiting for Carol." and not hand.choices
            await host.close()
        finally:
            toygame.uninstall()
    run(scenario())


def test_a_panel_stays_valid_while_its_own_choices_do(tmp_path: Path) -> None:
    """Two people mulligan at once: one's choice leaves the other's menu valid; a menu whose own
    choices changed is refused, changing nothing, and the current choices come with the refusal."""
    async def scenario():
        host = await open_host(tmp_path / "h.db", seed=4)
        await say(host, "alice", "join", "dragonfront")
        await say(host, "bob", "join")
        board = only(await say(host, "alice", "start"), ReplyKind.BOARD)[0]
        assert set(board.mentions) == {"alice", "bob"}, "both mulligan at once"
        alice = only(await say(host, "alice", "hand"), ReplyKind.HAND)[0]
        bob = only(await say(host, "bob", "hand"), ReplyKind.HAND)[0]
        keep = next(c.code for c in alice.choices if c.label[-1] == "Keep all")
        replies = await host.handle(Command("c1", "alice", "Alice", Verb.PLAY, (keep,), stamp=alice.stamp))
        assert not errors(replies)
        edit = only(replies, ReplyKind.BOARD)[0]
        assert not edit.fresh, "Bob was already asked; no new board"
        menu = await host.handle(Command("c1", "bob", "Bob", Verb.MOVES, stamp=bob.stamp))
        assert only(menu, ReplyKind.HAND)[0].notice == "", "Bob's menu is still his current one"
        table = await host._table("c1")
        version = table.version
        stale = await host.handle(Command("c1", "alice", "Alice", Verb.PLAY, (keep,), stamp=alice.stamp))
        fresh = only(stale, ReplyKind.HAND)[0]
        assert "choices changed" in fresh.notice and fresh.stamp != alice.stamp and fresh.image
        assert table.version == version, "a stale click changes nothing"
        bob_keep = next(c.code for c in bob.choices if c.label[-1] == "Keep all")
        replies = await host.handle(Command("c1", "bob", "Bob", Verb.PLAY, (bob_keep,), stamp=bob.stamp))
        assert not errors(replies) and only(replies, ReplyKind.BOARD)
        await host.close()
    run(scenario())


def test_rematch_needs_every_person_and_keeps_seats_and_options(tmp_path: Path) -> None:
    """Rematch after a game: noted for the first person (the result is edited), started by the last."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join", "drakones", "strike_back=off")
        await say(host, "bob", "join")
        await say(host, "alice", "start")
        replies = await say(host, "alice", "resign")
        result = only(replies, ReplyKind.RESULT)[0]
        assert [c.value for c in result.controls] == ["rematch"]
        assert errors(await say(host, "zed", "rematch")), "only players of the game"
        replies = await say(host, "bob", "rematch")
        noted = only(replies, ReplyKind.RESULT)[0]
        assert not noted.fresh and "Rematch asked by Bob; waiting for Alice." in noted.text
        replies = await say(host, "alice", "rematch")
        board = only(replies, ReplyKind.BOARD)[0]
        assert board.fresh and "Drakones begins: Alice, Bob." in board.text
        table = await host._table("c1")
        assert table.live is not None and table.live.record.options.get("strike_back") == "off"
        assert table.rematch == []
        await host.close()
    run(scenario())


def test_the_result_names_the_winner_once_and_explains_its_numbers(tmp_path: Path) -> None:
    """The verdict says who won once, with the game's reason; the scores say what they count."""
    async def scenario():
        host = await open_host(tmp_path / "h.db", seed=5)
        await say(host, "alice", "join")
        await say(host, "alice", "addbot")
        seen = await play_until(host, await say(host, "alice", "start"))
        result = only(seen, ReplyKind.RESULT)[-1]
        verdict = next(line for line in result.text.splitlines() if line.startswith("**"))
        table = await host._table("c1")
        outcome = table.outcome()
        winner = table.names[outcome.winners[0]] if outcome.winners else None
        if winner is not None:
            assert verdict.count(f"{winner} win") == 1, verdict
        score = next(line for line in result.text.splitlines() if line.startswith("Score ("))
        assert re.fullmatch(r"Score \(.+\): Alice \d+, Computer 1 \(normal\) \d+\.", score)
        await host.close()
    run(scenario())


def test_a_win_or_lose_score_is_not_shown_as_numbers(tmp_path: Path) -> None:
    """Drakones scores 1 for a win and 0 otherwise: outside a /sumof its result shows no numbers."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join", "drakones")
        await say(host, "alice", "addbot")
        await say(host, "alice", "start")
        result = only(await say(host, "alice", "resign"), ReplyKind.RESULT)[0]
        assert "**Computer 1 (normal) wins" in result.text and "Score (" not in result.text
        await host.close()
    run(scenario())


def test_names_are_marked_up_for_the_transport_and_drawn_as_typed(tmp_path: Path) -> None:
    """The transport's markup (Discord escapes markdown) applies to every text, never to images."""
    async def scenario():
        drawn: list[list[str]] = []
        host = await Host.open(tmp_path / "h.db", clock=FakeClock(), seeds=random.Random(1),
                               markup=lambda name: f"<{name}>")
        entry = games.entry(games.DEFAULT)
        renderer = entry.load_renderer()
        real = renderer.render_board

        def spy(view, *, names, tr=str):
            drawn.append(list(names))
            return real(view, names=names, tr=tr)

        renderer.render_board = spy  # type: ignore[method-assign]
        try:
            lobby = only(await say(host, "alice", "join"), ReplyKind.LOBBY)[0]
            assert "1. <Alice>" in lobby.text
            await say(host, "bob", "join")
            board = only(await say(host, "alice", "start"), ReplyKind.BOARD)[0]
            assert "<Alice>" in board.text and "<Bob>" in dict(board.fields)["Players"]
            assert drawn and drawn[-1] == ["Alice", "Bob"]
        finally:
            renderer.render_board = real  # type: ignore[method-assign]
        await host.close()
    run(scenario())


def test_start_in_a_thread_is_remembered_for_the_table(tmp_path: Path) -> None:
    """/start thread=true marks the table's boards for a thread; the lobby says so."""
    async def scenario():
        host = await open_host(tmp_path / "h.db")
        await say(host, "alice", "join")
        await say(host, "bob", "join")
        replies = await say(host, "alice", "start", "thread=true")
        assert only(replies, ReplyKind.BOARD)[0].in_thread
        assert "in the thread below" in only(replies, ReplyKind.LOBBY)[0].text
        assert errors(await say(host, "alice", "start", "thread=maybe", "colour=red"))
        await host.close()
    run(scenario())


def test_a_resigned_game_shows_its_end_on_the_result_board(tmp_path: Path) -> None:
    """After a resignation the result's board and every text say who won and why, not whose turn
    it was (the engine never hears of the resignation)."""
    async def scenario(game: str) -> None:
        host = await open_host(tmp_path / f"{game}.db")
        await say(host, "alice", "join", game)
        await say(host, "bob", "join")
        await say(host, "alice", "start")
        result = only(await say(host, "bob", "resign"), ReplyKind.RESULT)[0]
        said = "withdraws" if game == "rivalwing" else "resign"  # RivalWing's own rule
        assert "Alice" in result.text and said in result.text.lower()
        table = await host._table("c1")
        head = table.view(None)["header"]
        assert (head["over"], head["winners"], head["to_play"]) == (True, [0], [])
        text = table.game.text(table.view(1), ["Alice", "Bob"])
        assert "Alice" in text and "to play" not in text
        assert result.image is not None
        assert Image.open(io.BytesIO(result.image)).size[0] >= 600
        await host.close()

    for game in ("drachenherz", "drakones", "dragonfront", "rivalwing"):
        run(scenario(game))
