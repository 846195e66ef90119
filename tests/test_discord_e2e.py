"""Hoard on Discord end to end: the real discord.py client and the real host against the stand-in."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import os
import random
import re
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

import games
import locales
from bot import discord_app
from bot.discord_views import MAX_CUSTOM_ID
from bot.replies import board_reply
from tests import toygame
from tests.discord_standin import StandIn, User, server
from tests.discord_standin.harness import (
    Clock,
    ErrorLogs,
    Harness,
    play_by_menus,
    position,
    shows_its_image,
)
from tests.discord_standin.limits import check_commands

ROOT = Path(__file__).resolve().parent.parent
ALICE, BOB, CAROL = User(1001, "Alice"), User(1002, "Bob", locale="de"), User(1003, "Carol")
PLAYERS = [ALICE, BOB]


def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Runs an async test in a fresh event loop and fails it on any ERROR log."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        with ErrorLogs() as errors:
            asyncio.run(asyncio.wait_for(test(*args, **kwargs), 60))
        assert not [r.getMessage() for r in errors.records if r.name.startswith(("bot", "discord"))]

    return wrapper


@pytest.fixture(autouse=True)
def _embers() -> Iterator[None]:
    toygame.install()
    yield
    toygame.uninstall()


def real_game() -> str:
    """Returns the game to play end to end: Drachenherz when registered, else any real one, else Embers."""
    names = [n for n in games.names() if n != toygame.NAME]
    return "drachenherz" if "drachenherz" in names else (names[0] if names else toygame.NAME)


def seed_games(h: Harness, seed: int) -> None:
    """Makes the host's game seeds (and so the deal and the computer's moves) repeatable."""
    assert h.bot is not None
    h.bot.host._seeds = random.Random(seed)


def hand_secrets(h: Harness) -> tuple[set[bytes], list[str]]:
    """Returns the hand images and the hand texts every player has been shown so far."""
    images, texts = set(), []
    for user in PLAYERS:
        for msg in h.standin.ephemerals(user):
            if any(e.get("title", "").startswith("Your hand") for e in msg.embeds):
                images.update(a.data for a in msg.attachments)
                texts += [e.get("description", "") for e in msg.embeds]
    return images, texts


def assert_public_clean(h: Harness) -> None:
    """Public messages never carry a hand image, a hand text, or (Embers) a card still in a hand."""
    images, texts = hand_secrets(h)
    state = None
    if h.bot is not None and h.bot.host._tables.get(str(h.channel)) is not None:
        table = h.bot.host._tables[str(h.channel)]
        if table.live is not None and table.game_name == toygame.NAME:
            state = table.live.state
    starts = [b.id for b in h.boards() if " begins" in (b.embeds[0].get("description") or "")]
    game_start = starts[-1] if starts else 0
    for msg in h.public():
        assert not msg.is_ephemeral
        assert not {a.data for a in msg.attachments} & images, "a hand image went public"
        body = msg.text()
        assert "Your hand" not in body
        for text in texts:
            assert text.strip("`\n") not in body
        if state is not None and msg.id >= game_start:
            for hand in state.hands:
                for card in hand:
                    assert not re.search(rf"Ember {card}\b", body), f"Ember {card} is in a hand but public"


async def seat_two(h: Harness, game: str, **join: Any) -> None:
    """Alice opens the table with /join, Bob takes the other seat with the lobby's Join button."""
    ix = await h.slash(ALICE, "join", game=game, **join)
    assert h.standin.original(ix).is_ephemeral and "seat 1" in h.standin.original(ix).content
    await h.press(BOB, h.lobby(), "Join")


async def start(h: Harness) -> None:
    await h.press(ALICE, h.lobby(), "Start")


async def play_until_over(h: Harness, *, limit: int = 400) -> int:
    """Has whoever the newest board mentions move (first menu entries) until a result is posted."""
    moves = 0
    results = len(h.results())
    while len(h.results()) == results:
        movers = h.to_move(PLAYERS)
        assert movers, f"nobody to move and not over: {h.board().embeds[0].get('description')}"
        await h.take_move(movers[0])
        moves += 1
        assert moves < limit, "the game did not end"
        if moves % 5 == 1:
            assert_public_clean(h)
    return moves


@run
async def test_command_payload_obeys_discord_limits_and_syncs_once(tmp_path: Path) -> None:
    """The command set fits Discord's limits, has German descriptions and is synced only when changed."""
    async with Harness(tmp_path / "h.db") as h:
        payload = h.standin.command_puts[0][1]
        assert check_commands(payload) == []
        names = {c["name"] for c in payload}
        assert names == {"join", "leave", "start", "match", "sumof", "addbot", "hand", "resign", "rules",
                         "status", "timer", "leaderboard", "profile", "history", "replay", "deck",
                         "card", "language"}
        german = {c["name"]: c.get("name_localizations", {}).get("de") for c in payload}
        assert german["join"] == "beitreten" and german["rules"] == "regeln"
        for command in payload:
            assert re.fullmatch(r"[a-z]{1,32}", command["name"])
            de = command.get("name_localizations", {}).get("de")
            assert de is None or re.fullmatch(r"[-_a-zäöüß0-9]{1,32}", de), de
            assert 1 <= len(command["description"]) <= 100
            assert command["description_localizations"]["de"], command["name"]
            assert command.get("dm_permission") is False or command.get("contexts") == [0]
            assert len(command.get("options", [])) <= 25
            for opt in command.get("options", []):
                assert opt["description_localizations"]["de"]
                assert len(opt.get("choices", [])) <= 25
                for sub in opt.get("options", []) if opt["type"] == 1 else []:
                    assert sub["description_localizations"]["de"], (command["name"], sub["name"])
        join = next(c for c in payload if c["name"] == "join")
        assert {c["value"] for c in join["options"][0]["choices"]} == set(games.names())
        match = next(c for c in payload if c["name"] == "match")
        assert (match["options"][0]["min_value"], match["options"][0]["max_value"]) == (1, 99)
        timer = next(c for c in payload if c["name"] == "timer")
        assert (timer["options"][0]["min_value"], timer["options"][0]["max_value"]) == (15, 86400)
        start_options = {o["name"] for o in next(c for c in payload if c["name"] == "start")["options"]}
        assert start_options == {"timer", "thread"}
        assert h.bot is not None and h.bot.synced
        assert {type(c).__name__ for c in h.bot.cogs.values()} == {
            "TableCog", "SeriesCog", "HelpCog", "RecordsCog", "DecksCog", "CardCog"}
        await h.restart()
        assert len(h.standin.command_puts) == 1 and not h.bot.synced, "unchanged commands were re-synced"


@run
async def test_guild_sync_and_custom_ids_fit(tmp_path: Path) -> None:
    """With HOARD_GUILD_ID the commands go to that guild; every custom_id sent stays <= 100 chars."""
    async with Harness(tmp_path / "h.db", guild=True) as h:
        assert h.standin.command_puts[0][0] == h.standin.guild_id
        await seat_two(h, toygame.NAME)
        await start(h)
        await h.take_move(ALICE)
        for msg in h.standin.messages.values():
            assert all(len(c) <= MAX_CUSTOM_ID for c in msg.custom_ids())
        assert h.standin.errors == []


@run
async def test_the_lobby_is_one_message_driven_by_buttons_and_commands(tmp_path: Path) -> None:
    """Join, Add computer, Leave, an option select and Start edit one lobby message in place; the
    slash commands update the same message; strangers cannot fill or start the table."""
    async with Harness(tmp_path / "h.db") as h:
        await h.slash(ALICE, "join", game=toygame.NAME)
        lobby = h.lobby()
        assert "1. Alice" in lobby.text() and [c.get("label") for c in lobby.iter_components()][:3] == [
            "Join", "Add computer", "Leave"]
        for press in ("Add computer", "Leave"):
            ix = await h.press(CAROL, lobby, press)
            refusal = h.standin.original(ix)
            assert refusal.visible_to == CAROL.id and "seated" in refusal.content, refusal.content
        for name in ("addbot", "start"):
            ix = await h.slash(CAROL, name)
            assert h.standin.original(ix).is_ephemeral and "seated" in h.standin.original(ix).content
        assert lobby.edits == 0, "a refusal changed the lobby"

        ix = await h.press(BOB, lobby, "Join")
        assert ix.response_type == 7 and h.standin.original(ix) is lobby, "the click updates the lobby"
        assert "2. Bob" in lobby.text() and "Start" in lobby.text()
        select = next(c for c in lobby.iter_components() if c["type"] == 3)
        await h.select(ALICE, lobby, select["custom_id"], ["8"])
        assert "hand 8" in lobby.text()
        await h.press(BOB, lobby, "Leave")
        assert "Bob" not in lobby.text()
        ix = await h.slash(BOB, "join")
        assert h.standin.original(ix).is_ephemeral and "2. Bob" in lobby.text()
        await h.slash(ALICE, "timer", seconds=60)
        assert "1 min per decision" in lobby.text() and h.lobby() is lobby

        await h.press(ALICE, lobby, "Start")
        assert "in progress" in lobby.text() and lobby.custom_ids() == []
        board = h.board()
        assert board.pinged == (ALICE.id,) and shows_its_image(board)
        assert len(h.public()) == 2, "the channel holds the lobby and the board"
        assert h.standin.errors == []


@run
async def test_two_players_play_a_game_to_the_end_by_buttons(tmp_path: Path) -> None:
    """Two users join, start and play a real game through buttons and menus only, one board
    message per turn handover, until the result offers a Rematch."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 3)
        await seat_two(h, real_game())
        await start(h)
        first = h.board()
        assert shows_its_image(first) and first.pinged, "the player to move is pinged"
        deciders: list[int] = []
        await play_by_menus(h, PLAYERS, on_move=lambda user, panel: deciders.append(user.id))
        assert_public_clean(h)
        handovers = sum(1 for a, b in zip(deciders, deciders[1:], strict=False) if a != b)
        assert len(h.created()) <= handovers + 3, (len(h.created()), handovers)
        result = h.results()[-1]
        assert shows_its_image(result) and "wins" in result.text() or "draw" in result.text()
        assert [c.get("label") for c in result.iter_components()] == ["Rematch"]
        assert all(not b.custom_ids() for b in h.boards()), "finished boards lose their buttons"
        for board in h.boards():
            assert board.pinged, "every board of a handover pings the player to move"
        assert h.standin.errors == []


@run
async def test_rematch_starts_once_every_person_asked(tmp_path: Path) -> None:
    """Rematch on the result: the first click is noted in place, the last starts the next game."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        await start(h)
        await play_until_over(h)
        result = h.results()[-1]
        ix = await h.press(ALICE, result, "Rematch")
        assert ix.response_type == 7 and "waiting for Bob" in result.text()
        boards = len(h.boards())
        await h.press(BOB, result, "Rematch")
        assert len(h.boards()) == boards + 1 and "Embers begins" in h.board().text()
        assert result.custom_ids() == [], "the old result loses its buttons when the game starts"
        assert h.standin.errors == []


@run
async def test_match_series_goes_on_with_next_game(tmp_path: Path) -> None:
    """/match 2: each result offers Next game until someone has won two; the board shows the standing."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        ix = await h.slash(ALICE, "match", x=2)
        assert "Series set" in h.standin.original(ix).content and "first to 2" in h.lobby().text()
        await start(h)
        series = [f["value"] for f in h.board().embeds[0]["fields"] if f["name"] == "Series"]
        assert series and "First to 2" in series[0]
        for _ in range(6):
            await play_until_over(h)
            result = h.results()[-1]
            if "Series over" in result.text():
                break
            assert [c.get("label") for c in result.iter_components()] == ["Next game"]
            await h.press(BOB, result, "Next game")
        else:
            raise AssertionError("the series did not end")
        assert [c.get("label") for c in h.results()[-1].iter_components()] == ["Rematch"]
        assert h.standin.errors == []


@run
async def test_a_computer_turn_is_one_edit_of_the_board(tmp_path: Path) -> None:
    """Against the computer no handover happens: each move edits the one board with the
    computer's reply, and the mover's panel shows their next choices in place."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 2)
        await h.slash(ALICE, "join", game=toygame.NAME)
        await h.press(ALICE, h.lobby(), "Add computer")
        await start(h)
        board = h.board()
        panel = await h.take_move(ALICE, pick=lambda entries: len(entries) - 1)  # Pass
        assert h.board() is board and board.edits >= 1, "the board was edited in place"
        assert "Alice passes" in board.text() and "Computer 1" in board.text()
        assert panel.content.startswith("You played: Pass.") and "Choose your move" in panel.content
        assert len(h.boards()) == 1 and position(board) == h.bot.host._tables[str(h.channel)].version


@run
async def test_stale_foreign_and_out_of_turn_clicks_are_refused(tmp_path: Path) -> None:
    """A panel whose choices changed is refreshed with the current ones; strangers and players
    out of turn get an ephemeral explanation; nothing changes."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        await start(h)
        second = await h.open_hand(ALICE)
        old_play = second.component(label="Play")["custom_id"]
        panel = await h.take_move(ALICE, pick=lambda entries: len(entries) - 1)  # Pass
        assert "Waiting for Bob" in panel.content and panel.component(label="↻ Refresh")
        board_count = len(h.boards())

        ix = await h.click(ALICE, second, old_play)  # a menu drawn before her move
        assert h.standin.original(ix) is second and "choices changed" in second.content
        assert "Waiting for Bob" in second.content
        ix = await h.press(CAROL, h.board(), "Hand")
        reply = h.standin.original(ix)
        assert reply.is_ephemeral and "not playing" in reply.content
        ix = await h.slash(CAROL, "resign")
        assert h.standin.original(ix).is_ephemeral
        assert len(h.boards()) == board_count, "a refusal changed the table"
        assert h.to_move(PLAYERS) == [BOB]


@run
async def test_restart_mid_game_keeps_old_buttons_working(tmp_path: Path) -> None:
    """After a restart on the same database, the board's Hand button and an open menu still work."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        await start(h)
        hand = await h.open_hand(ALICE)
        board = h.board()
        await h.restart()
        assert h.standin.identifies == 2
        ix = await h.press(BOB, board, "Hand")
        assert h.standin.original(ix).visible_to == BOB.id
        ix = await h.press(ALICE, hand, "Play")
        assert h.standin.original(ix) is hand and hand.iter_components(), "the menu went one level deeper"
        await h.take_move(ALICE, pick=lambda entries: len(entries) - 1)
        assert h.to_move(PLAYERS) == [BOB] and h.board() is not board
        assert board.custom_ids() == [], "the restarted bot still strips the old board"
        assert h.standin.errors == []


@run
async def test_defence_window_mentions_the_defender(tmp_path: Path) -> None:
    """A play on the dragon pile posts a board that pings the rival "to defend"."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        await start(h)
        hand = await h.open_hand(ALICE)
        await h.press(ALICE, hand, "Play")
        await h.click(ALICE, hand, hand.iter_components()[0]["custom_id"])  # the first Ember
        await h.press(ALICE, hand, "Dragon pile")
        board = h.board()
        assert BOB.id in board.pinged and h.to_move(PLAYERS) == [BOB]
        assert "Bob to defend (Alice's turn)." in board.text()
        ix = await h.slash(BOB, "hand")
        by_command = h.standin.original(ix)
        assert by_command.visible_to == BOB.id and by_command.attachments
        assert [c["label"] for c in by_command.iter_components()] == ["Douse", "Let it burn"]
        await h.press(BOB, by_command, "Douse")  # a douse takes the window's turn: Bob goes on
        assert h.board() is board and "douses" in board.text() and "Bob to play." in board.text()
        assert by_command.content == "Dein Zug: Douse. Wähle deinen Zug.", "Bob's locale is German"


@run
async def test_long_menus_become_paged_selects(tmp_path: Path) -> None:
    """A level with more than 25 entries is a select of at most 25 options with paging buttons."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME, option="hand=40")
        await start(h)
        hand = await h.open_hand(ALICE)
        await h.press(ALICE, hand, "Play")
        select = next(c for c in hand.iter_components() if c["type"] == 3)
        assert len(select["options"]) == 25
        await h.press(ALICE, hand, "Next ▶")
        select = next(c for c in hand.iter_components() if c["type"] == 3)
        assert len(select["options"]) == 15
        await h.select(ALICE, hand, select["custom_id"], [select["options"][0]["value"]])
        await h.press(ALICE, hand, "Pile 1")
        assert h.to_move(PLAYERS) == [BOB]
        assert re.match(r"You played: Play › Ember \d+ › Pile 1\.", hand.content), hand.content


@run
async def test_the_timer_warns_half_way_then_plays(tmp_path: Path) -> None:
    """Half way through a decision's time the player is mentioned with the time left; at the end
    the computer plays for them and the next board is posted."""
    clock = Clock()
    async with Harness(tmp_path / "h.db", clock=clock) as h:
        await seat_two(h, toygame.NAME)
        ix = await h.slash(ALICE, "start", timer=30)
        assert h.standin.original(ix).is_ephemeral
        boards = len(h.boards())
        assert h.bot is not None
        clock.offset += 16
        h.bot.wake_timers()
        warning = await h.standin.wait_for(lambda: next((m for m in h.public() if "left for your" in m.content), None))
        assert warning.pinged == (ALICE.id,) and "14 s left" in warning.content
        clock.offset += 15
        h.bot.wake_timers()
        await h.standin.wait_for(lambda: len(h.boards()) > boards)
        await h.settle()
        assert "time ran out" in h.board().text() and h.to_move(PLAYERS) == [BOB]
        assert warning.deleted, "the reminder goes once the board moves on"


@run
async def test_slow_host_is_deferred_and_errors_apologise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow command is deferred then completed; a crash gives a short apology and a log with the table."""
    async with Harness(tmp_path / "h.db") as h:
        assert h.bot is not None
        real = h.bot.host.handle

        async def slow(command: Any) -> Any:
            await asyncio.sleep(discord_app.DEFER_AFTER + 0.3)
            return await real(command)

        monkeypatch.setattr(h.bot.host, "handle", slow)
        ix = await h.slash(ALICE, "join", game=toygame.NAME)
        assert ix.response_type == 5 and ix.latency is not None and ix.latency < 1.0
        assert "seat 1" in h.standin.original(ix).content and h.standin.original(ix).is_ephemeral
        ix = await h.slash(CAROL, "rules")
        assert ix.response_type == 5 and h.standin.original(ix).is_ephemeral
        ix = await h.press(BOB, h.lobby(), "Join")
        assert ix.response_type == 6 and "2. Bob" in h.lobby().text(), "a slow click is deferred, then edited"
        await h.press(ALICE, h.lobby(), "Start")
        ix = await h.press(ALICE, h.board(), "Hand")
        assert ix.response_type == 6 and len(ix.followups) == 1
        hand = h.standin.messages[ix.followups[0]]
        assert hand.visible_to == ALICE.id and hand.attachments and hand.custom_ids()

        async def broken(command: Any) -> Any:
            raise RuntimeError("boom")

        monkeypatch.setattr(h.bot.host, "handle", broken)
        with ErrorLogs() as errors:
            ix = await h.slash(BOB, "status")
        reply = h.standin.original(ix)
        assert reply.is_ephemeral and reply.content == locales.translate(discord_app.APOLOGY, "de")
        assert reply.content.startswith("Entschuldigung")  # in Bob's language
        assert "boom" not in reply.content
        assert any(str(h.channel) in r.getMessage() for r in errors.records)
        for record in errors.records:  # expected here; keep them from failing the test
            record.name = "expected"


@run
async def test_gateway_resume_delivers_what_the_outbox_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The client heartbeats and resumes a dropped session; on RESUMED the bot delivers every post
    still in the outbox (here: a board whose delivery was lost), exactly once."""
    async with Harness(tmp_path / "h.db", heartbeat_interval=150) as h:
        await h.standin.wait_for(lambda: h.standin.heartbeats >= 2, timeout=5)
        await seat_two(h, toygame.NAME)
        assert h.bot is not None
        courier = h.bot.courier
        real = courier.submit
        monkeypatch.setattr(courier, "submit", lambda replies, **kw: None)  # the posts are lost
        await start(h)  # the lobby is edited as the click's answer; the board is lost
        assert h.boards() == [] and "in progress" in h.lobby().text()
        monkeypatch.setattr(courier, "submit", real)
        await h.standin.drop_gateway()
        await h.standin.wait_ready()
        assert h.standin.resumes == 1 and h.standin.identifies == 1
        await h.standin.wait_for(lambda: h.boards(), timeout=5)
        await h.settle()
        assert len(h.boards()) == 1 and h.board().pinged == (ALICE.id,)
        await h.bot.recover()
        await h.settle()
        assert len(h.boards()) == 1, "a second recovery posts nothing twice"
        assert await h.bot.host.store.pending_outbox() == []


@run
async def test_crash_between_posting_and_marking_posts_nothing_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the bot dies after posting a board but before marking it delivered, the restarted bot
    finds the board in the channel instead of posting it again."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        assert h.bot is not None

        async def forgetful(ids: Any, post: Any = None) -> None:
            return None  # the process "dies" before the outbox row is marked

        monkeypatch.setattr(h.bot.host.store, "delivered", forgetful)
        await start(h)
        assert len(h.boards()) == 1
        await h.restart()
        await h.settle()
        assert len(h.boards()) == 1, "the restarted bot posted the board again"
        assert await h.bot.host.store.pending_outbox() == []
        await h.take_move(ALICE, pick=lambda entries: len(entries) - 1)
        assert h.boards()[0].custom_ids() == [] and len(h.boards()) == 2


@run
async def test_a_post_whose_answer_is_lost_is_found_not_posted_twice(tmp_path: Path) -> None:
    """The stand-in posts the first board but the connection drops before its answer: the courier
    tries again, finds the board in the channel and posts nothing twice; the game goes on."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        assert h.bot is not None
        handle, dropped = h.standin._handle, []

        async def lossy(request: Any, path: str, payload: Any, files: Any) -> Any:
            answer = await handle(request, path, payload, files)
            if request.method == "POST" and path.endswith("/messages") and files and not dropped:
                dropped.append(path)
                request.transport.close()  # the message exists; its answer never arrives
            return answer

        h.standin._handle = lossy  # type: ignore[method-assign]
        await start(h)
        await h.standin.wait_for(lambda: dropped and not h.bot.courier._lanes[str(h.channel)].creations,
                                 timeout=10)
        await h.settle()
        assert dropped and len(h.boards()) == 1 and h.board().pinged == (ALICE.id,)
        assert await h.bot.host.store.pending_outbox() == []
        await h.take_move(ALICE, pick=lambda entries: len(entries) - 1)
        assert len(h.boards()) == 2 and h.boards()[0].custom_ids() == []


@run
async def test_a_refused_post_is_tried_again(tmp_path: Path) -> None:
    """Discord refuses the first board once (403): the courier tries again a moment later
    instead of leaving the table without a board until the next restart."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        assert h.bot is not None
        handle, refused = h.standin._handle, []

        async def grumpy(request: Any, path: str, payload: Any, files: Any) -> Any:
            if request.method == "POST" and path.endswith("/messages") and files and not refused:
                refused.append(path)
                raise server.HTTPError(403, 50013, "Missing Permissions")
            return await handle(request, path, payload, files)

        h.standin._handle = grumpy  # type: ignore[method-assign]
        await start(h)
        await h.standin.wait_for(lambda: h.boards(), timeout=10)
        await h.settle()
        assert refused and len(h.boards()) == 1 and h.board().pinged == (ALICE.id,)
        assert await h.bot.host.store.pending_outbox() == []


@run
async def test_join_option_autocomplete(tmp_path: Path) -> None:
    """/join's option offers the chosen game's options as name=value."""
    async with Harness(tmp_path / "h.db") as h:
        ix = await h.standin.autocomplete(ALICE, h.channel, "join", "option", game=toygame.NAME, option="hand")
        await h.settle()
        assert [c["value"] for c in ix.choices] == ["hand=5", "hand=8", "hand=40"]


@run
async def test_the_hoard_process_serves_discord(tmp_path: Path) -> None:
    """`hoard discord` (the launcher, run_discord) logs in through HOARD_DISCORD_API and answers."""
    standin = await StandIn().start()
    env = {**os.environ, "DISCORD_TOKEN": standin.token, "HOARD_DISCORD_API": standin.api_base,
           "HOARD_DB": str(tmp_path / "p.db"), "PYTHONPATH": str(ROOT), "HOARD_LOG_LEVEL": "INFO"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.launcher", "discord", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        await standin.wait_ready(timeout=20)
        ix = await standin.slash(ALICE, standin.channel_ids[0], "status")
        await standin.wait_idle()
        reply = standin.original(ix)
        assert reply is not None and reply.is_ephemeral and "Nobody is seated" in reply.text()
        assert standin.command_puts and standin.errors == []
    finally:
        proc.terminate()
        _, err = await proc.communicate()
        await standin.close()
    assert b"Traceback" not in err, err.decode()[-2000:]


@run
async def test_edits_of_a_board_coalesce_under_the_rate_limit(tmp_path: Path) -> None:
    """With Discord's 5 writes per 5 s, a burst of positions never queues: while one edit is in
    flight the newest position waits in one slot, and the last position is what the board shows."""
    async with Harness(tmp_path / "h.db", rate_limit=(5, 5.0)) as h:
        await h.slash(ALICE, "join", game=toygame.NAME)
        await h.slash(ALICE, "addbot")
        await h.slash(ALICE, "start")
        assert h.bot is not None
        board = h.board()
        table = h.bot.host._tables[str(h.channel)]
        reply = board_reply(table, h.bot.host._names(table), fresh=False)
        started = time.perf_counter()
        for step in range(1, 13):
            h.bot.courier.submit([dataclasses.replace(reply, text=f"step {step}",
                                                      version=table.version + step)])
            await asyncio.sleep(0.1)
        await h.standin.wait_for(lambda: "step 12" in board.text(), timeout=10)
        elapsed = time.perf_counter() - started
        patches = [r for r in h.standin.requests if r.method == "PATCH" and str(board.id) in r.path]
        assert len(patches) <= 6, f"{len(patches)} edits for 12 positions"
        assert elapsed < 7.5 and h.standin.throttled == []
        assert board.text().count("step") == 1


@run
async def test_tidying_an_old_board_spends_no_write_a_position_needs(tmp_path: Path) -> None:
    """Under 5 writes per 5 s, an old board loses its buttons only with writes the channel's
    window leaves unused: a player who rests a second after the handover and then decides four
    times in a row sees each position at once, and the old board loses its buttons afterwards."""
    async with Harness(tmp_path / "h.db", rate_limit=(5, 5.0), tidy_pause=1.0) as h:
        await h.slash(ALICE, "join", game=toygame.NAME)
        await h.slash(ALICE, "addbot")
        await h.slash(ALICE, "start")
        assert h.bot is not None
        old = h.board()
        await asyncio.sleep(5.1)  # the channel's window is over
        await h.standin.slash(ALICE, h.channel, "status", post=True)
        await h.standin.wait_for(lambda: len(h.boards()) == 2, timeout=5)
        board = h.board()
        await asyncio.sleep(1.3)  # a second's rest: the old pacing tidied here
        table = h.bot.host._tables[str(h.channel)]
        reply = board_reply(table, h.bot.host._names(table), fresh=False)
        waited = []
        for step in range(1, 5):
            started = time.perf_counter()
            h.bot.courier.submit([dataclasses.replace(reply, text=f"step {step}",
                                                      version=table.version + step)])
            await h.standin.wait_for(lambda s=step: f"step {s}" in board.text(), timeout=8)
            waited.append(time.perf_counter() - started)
            await asyncio.sleep(0.3)
        assert max(waited) < 1.0, f"positions waited {waited} s"
        assert old.custom_ids(), "the window had no write to spare yet"
        await h.standin.wait_for(lambda: old.custom_ids() == [], timeout=12)
        assert h.bot.buckets.knows(str(h.channel)) and h.standin.throttled == []


@run
async def test_a_board_older_than_an_hour_is_posted_anew(tmp_path: Path) -> None:
    """Discord limits edits of messages older than an hour: then the position goes in a new board."""
    clock = Clock()
    async with Harness(tmp_path / "h.db", clock=clock) as h:
        await h.slash(ALICE, "join", game=toygame.NAME)
        await h.slash(ALICE, "addbot")
        await h.slash(ALICE, "start")
        first = h.board()
        clock.offset += 3700
        await h.take_move(ALICE, pick=lambda entries: len(entries) - 1)
        assert h.board() is not first and first.custom_ids() == [] and first.edits == 1
        assert h.board().pinged == (ALICE.id,)


@run
async def test_a_game_in_a_thread_leaves_the_channel_the_lobby_and_the_result(tmp_path: Path) -> None:
    """/start thread:true plays in a thread made from the lobby message; the channel itself keeps
    only the lobby and, at the end, the result."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        ix = await h.slash(ALICE, "start", thread=True)
        assert h.standin.original(ix).is_ephemeral
        lobby = h.lobby()
        assert lobby.thread_id is not None and "thread" in lobby.text()
        thread = lobby.thread_id
        assert h.board().channel_id == thread
        ix = await h.slash(BOB, "status")  # commands typed in the channel reach the same table
        assert "Embers" in h.standin.original(ix).text()
        ix = await h.standin.slash(BOB, thread, "hand")  # and so do those typed in the thread
        await h.settle()
        assert h.standin.original(ix).visible_to == BOB.id and "Your hand" in h.standin.original(ix).text()
        await play_until_over(h)
        channel = h.standin.public(h.channel)
        assert [m.id for m in channel] == [lobby.id, h.results()[-1].id]
        assert all(m.channel_id == thread for m in h.boards())
        assert h.standin.errors == []


@run
async def test_status_is_private_unless_posted(tmp_path: Path) -> None:
    """/status answers privately; /status post:true shows the board to the channel as the new board."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        await start(h)
        old = h.board()
        ix = await h.slash(CAROL, "status")
        private = h.standin.original(ix)
        assert private.visible_to == CAROL.id and private.attachments and len(h.boards()) == 1
        await h.slash(BOB, "status", post=True)
        assert len(h.boards()) == 2 and old.custom_ids() == [] and h.board().custom_ids()


@run
async def test_display_names_are_escaped_in_public_text(tmp_path: Path) -> None:
    """A display name with markdown, a masked link or a mention is shown as typed, never as markup."""
    mallory = User(1004, "**Mal**_[win](https://e.vil)_@everyone")
    async with Harness(tmp_path / "h.db") as h:
        await h.slash(ALICE, "join", game=toygame.NAME)
        await h.press(mallory, h.lobby(), "Join")
        await h.press(ALICE, h.lobby(), "Start")
        for text in (h.lobby().text(), h.board().text()):
            assert r"\*\*Mal\*\*\_\[win](https:" in text and "](https://" not in text
            assert "@\u200beveryone" in text


@run
async def test_pings_are_only_for_who_newly_decides(tmp_path: Path) -> None:
    """Every new board pings exactly the people who now owe a decision and did not before."""
    async with Harness(tmp_path / "h.db") as h:
        await seat_two(h, toygame.NAME)
        await start(h)
        await play_until_over(h)
        for board in h.boards():
            mentioned = [int(u) for u in re.findall(r"<@(\d+)>", board.content)]
            assert list(board.pinged) == mentioned
        assert all(m.pinged == () for m in h.results())
