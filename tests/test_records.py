"""Record files round-trip and refuse corrupted, foreign or unfinished games; store lookups refuse
unknown ids, other guilds' games and running games."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import aiosqlite
import pytest

import games
from bot.ratings import Seated
from bot.records import (
    GameRecord,
    RecordError,
    RecordSeat,
    dumps,
    export_game,
    last_finished_game,
    load_game_record,
    loads,
    to_json,
)
from games.core import RESIGN_CODE, LogEntry, Record
from tests.playout import random_playout
from tests.ratings_helpers import connect, insert_game, migrated

NAMES = games.names()


def finished(name: str, seed: int = 3, players: int | None = None) -> GameRecord:
    """A seeded random game of `name` played to its end."""
    game = games.get(name)
    count = players or game.info.min_players
    playout = random_playout(game, seed, count)
    seats = tuple(RecordSeat(f"Player {i + 1}", is_bot=i > 0) for i in range(count))
    return GameRecord(game.info.name, playout.record, seats, game_id=7, finished=123.0)


def refile(body: dict) -> bytes:
    """Returns a record body as a file again, with its checksum made to fit."""
    body = {k: v for k, v in body.items() if k != "checksum"}
    seats = tuple(RecordSeat(s["name"], s["is_bot"]) for s in body["seats"])
    record = Record(body["seed"], body["players"], body["options"],
                    [LogEntry(s, c) for s, c in body["log"]])
    return dumps(GameRecord(body["game"], record, seats, body["game_id"], body["finished"]))


@pytest.mark.parametrize("name", NAMES)
def test_record_files_round_trip(name: str) -> None:
    """Export then import gives the same record, for every game."""
    original = finished(name)
    data = dumps(original)
    assert json.loads(data)["format"] == "hoard-record" and json.loads(data)["version"] == 1
    assert loads(data) == original


def test_forfeit_ends_a_record() -> None:
    """A log that ends in a forfeit is a finished game."""
    game = games.get("drakones")
    playout = random_playout(game, 2, 2)
    log = [*playout.record.log[:10], LogEntry(0, RESIGN_CODE)]
    record = GameRecord("drakones", replace(playout.record, log=log),
                        (RecordSeat("a"), RecordSeat("b")))
    assert loads(dumps(record)).record.log[-1].code == RESIGN_CODE


@pytest.mark.parametrize("data, message", [
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not JSON"),
    (b"{\"format\": \"hoard-rec", "not JSON"),
    (b"[1, 2, 3]", "not a Hoard record"),
    (b"{\"event\": \"Casual game\", \"moves\": \"e4 e5\"}", "not a Hoard record"),
    (b"{\"format\": \"hoard-record\"}", "no format version"),
    (b"{\"format\": \"hoard-record\", \"version\": 9}", "format version 9"),
    (b"{\"format\": \"hoard-record\", \"version\": 1, \"checksum\": \"sha256:00\"}", "checksum"),
    (b" " * (5 * 1024 * 1024), "far smaller"),
])
def test_foreign_files_are_refused(data: bytes, message: str) -> None:
    """Files that are not Hoard records say so."""
    with pytest.raises(RecordError, match=message):
        loads(data)


def test_a_changed_byte_breaks_the_checksum() -> None:
    """Editing an action in the file without its checksum is noticed."""
    body = to_json(finished("drachenherz"))
    body["log"][3][1] = body["log"][4][1]
    with pytest.raises(RecordError, match="corrupted: its checksum"):
        loads(json.dumps(body))


@pytest.mark.parametrize("change, message", [
    (lambda b: b.update(game="chess"), "game called 'chess'"),
    (lambda b: b.update(players=9), "played by 2 players"),
    (lambda b: b.update(seed="12"), "expected seed to be a whole number"),
    (lambda b: b["seats"].pop(), "2 players but 1 seats"),
    (lambda b: b["log"].append([5, "x"]), "expected each log entry"),
    (lambda b: b["log"].append(["0", "x"]), "expected each log entry"),
    (lambda b: b["log"].insert(0, [1, b["log"][0][1]]), "not legal there"),
    (lambda b: b["log"].insert(2, [0, "no-such-move"]), "not legal there"),
    (lambda b: b["log"].pop(), "not finished"),
    (lambda b: b["log"].append([0, RESIGN_CODE]), "after the end"),
    (lambda b: b["log"].insert(3, [0, RESIGN_CODE]), "forfeit, yet more actions follow"),
])
def test_corrupted_records_are_refused(change, message: str) -> None:
    """A record whose checksum fits but whose content does not replay is refused, saying why."""
    body = to_json(finished("drakones"))
    change(body)
    with pytest.raises(RecordError, match=message):
        loads(refile(body))


# -- the store ------------------------------------------------------------------------------------

def test_store_lookups_refuse_what_cannot_be_replayed(tmp_path: Path) -> None:
    """Unknown ids, other guilds' games and running games are refused; a finished game of this
    guild comes back as its record, and the channel's last finished game is found."""
    path = migrated(tmp_path / "r.db")
    conn = connect(path)
    done = finished("drakones")
    seats = [Seated("u1", "Player 1"), Seated("bot:1", "Player 2", is_bot=True)]
    mine = insert_game(conn, game="drakones", seats=seats, record=done.record, finished=9.0,
                       guild="g1")
    theirs = insert_game(conn, game="drakones", seats=seats, record=done.record, finished=9.0,
                         guild="g2")
    running = insert_game(conn, game="drakones", seats=seats, record=done.record, finished=None)
    conn.close()

    async def scenario() -> None:
        db = await aiosqlite.connect(str(path))
        loaded = await load_game_record(db, mine, "g1")
        assert loaded.record == done.record and loaded.names == done.names
        assert loaded.game_id == mine and loaded.finished == 9.0
        for game_id, message in [(999, "no game #999"), (theirs, "not played in this server"),
                                 (running, "still being played")]:
            with pytest.raises(RecordError, match=message):
                await load_game_record(db, game_id, "g1")
        name, data = await export_game(db, mine, "g1")
        assert name == f"hoard-drakones-{mine}.json" and loads(data).record == done.record
        with pytest.raises(RecordError, match="still being played"):
            await export_game(db, running, "g1")
        assert await last_finished_game(db, "c1") == theirs
        with pytest.raises(RecordError, match="No game has finished"):
            await last_finished_game(db, "elsewhere")
        await db.close()
    asyncio.run(scenario())
