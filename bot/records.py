"""Game records: a finished game as a file (and as read from the store) that replays exactly.

A record file is JSON: a format tag and version, the game's registry name, the seed, the seat
count, the options, each seat's display name (no user ids), the action log as [seat, code]
pairs, and a SHA-256 checksum of the rest. Reading one checks everything and replays the log
through the game, so a corrupted, foreign, unfinished or tampered file is refused with a
`RecordError` that says why, before anything else sees it.

`load_game_record` reads a finished game of one guild from the store (the V1 `games` and `actions`
tables plus the V3 guild column), refusing unknown ids, other guilds' games and running games.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

import games
from games.core import MAX_CODE_LENGTH, RESIGN_CODE, Game, IllegalAction, LogEntry, Record
from games.text import Text

log = logging.getLogger(__name__)

FORMAT = "hoard-record"
VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024
"""Far above any real game (a few hundred actions take a few kilobytes)."""
MAX_NAME = 100


class RecordError(ValueError):
    """A record that cannot be used; the message (a `Text`, translated where it is shown) says
    why, in player words."""


NOT_FINISHED = Text("This record's game is not finished; only finished games are replayed.")


def corrupted(problem: str) -> Text:
    """Returns the refusal of a damaged record, saying what is wrong."""
    return Text("This record is corrupted: {problem}", problem=problem)


@dataclass(frozen=True, slots=True)
class RecordSeat:
    """A seat as a record keeps it: the name shown and whether a computer played it."""

    name: str
    is_bot: bool = False


@dataclass(frozen=True)
class GameRecord:
    """A finished game: which game, its seats and the engine record (seed, options, log)."""

    game: str
    record: Record
    seats: tuple[RecordSeat, ...]
    game_id: int | None = None
    finished: float | None = None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


# -- files ----------------------------------------------------------------------------------------

def to_json(game_record: GameRecord) -> dict[str, Any]:
    """Returns the record file's content as JSON-ready data, checksum included."""
    record = game_record.record
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game_record.game,
        "game_id": game_record.game_id,
        "finished": game_record.finished,
        "seed": record.seed,
        "players": record.players,
        "options": record.options,
        "seats": [{"name": s.name, "is_bot": s.is_bot} for s in game_record.seats],
        "log": [[e.seat, e.code] for e in record.log],
    }
    body["checksum"] = _checksum(body)
    return body


def dumps(game_record: GameRecord) -> bytes:
    """Returns the record file's bytes (UTF-8 JSON, one line per top-level field)."""
    return (json.dumps(to_json(game_record), ensure_ascii=False, indent=1) + "\n").encode()


def loads(data: bytes | str) -> GameRecord:
    """Reads and checks a record file; raises RecordError saying what is wrong with it."""
    raw = data.encode() if isinstance(data, str) else data
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(Text("This file is {size} bytes; a Hoard record is far smaller.",
                               size=len(raw)))
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RecordError(Text("This is not a Hoard record: it is not JSON text ({error}).",
                               error=str(error))) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise RecordError(Text("This is not a Hoard record (it has no {field}).",
                               field='"format": "hoard-record"'))
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(Text("This record has no format version; expected {version}.",
                               version=VERSION))
    if version > VERSION:
        raise RecordError(Text("This record has format version {version}; this Hoard reads "
                               "version {known}. Update Hoard to replay it.", version=version,
                               known=VERSION))
    if body.get("checksum") != _checksum(body):
        raise RecordError(corrupted(Text("its checksum does not match its content.")))
    game_record = _parse(body)
    check_replays(game_record)
    return game_record


def _checksum(body: dict[str, Any]) -> str:
    content = {k: v for k, v in body.items() if k != "checksum"}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _field(body: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = body.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(corrupted(Text("expected {key} to be {what}, got {value}.", key=key,
                                         what=what, value=json.dumps(value)[:40])))
    return value


def _parse(body: dict[str, Any]) -> GameRecord:
    """Checks the fields' types and ranges and builds the record."""
    name = _field(body, "game", str, Text("a game name"))
    game = games.find(name)
    if game is None:
        raise RecordError(Text("This record is of a game called '{name}', which this Hoard does "
                               "not host. Games: {games}.", name=name,
                               games=", ".join(games.names())))
    seed = _field(body, "seed", int, Text("a whole number"))
    players = _field(body, "players", int, Text("a whole number"))
    try:
        game.check_players(players)
    except ValueError as error:
        raise RecordError(corrupted(error.args[0] if error.args else "")) from None
    options = _field(body, "options", dict, Text("an object"))
    seats = [_seat(s) for s in _field(body, "seats", list, Text("a list"))]
    if len(seats) != players:
        raise RecordError(corrupted(Text("{players} players but {seats} seats.", players=players,
                                         seats=len(seats))))
    entries = [_entry(item, players) for item in _field(body, "log", list, Text("a list"))]
    game_id = body.get("game_id")
    finished = body.get("finished")
    return GameRecord(
        game=game.info.name, record=Record(seed, players, options, entries), seats=tuple(seats),
        game_id=game_id if isinstance(game_id, int) and not isinstance(game_id, bool) else None,
        finished=float(finished) if isinstance(finished, int | float) else None)


def _seat(item: Any) -> RecordSeat:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
            or not isinstance(item.get("is_bot", False), bool):
        raise RecordError(corrupted(Text("expected each seat as {form}.",
                                         form='{"name": text, "is_bot": true or false}')))
    return RecordSeat(item["name"][:MAX_NAME], item.get("is_bot", False))


def _entry(item: Any, players: int) -> LogEntry:
    if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
            or isinstance(item[0], bool) or not isinstance(item[1], str)
            or not 0 <= item[0] < players or len(item[1]) > MAX_CODE_LENGTH):
        raise RecordError(corrupted(Text("expected each log entry as [seat from 0 to {last}, "
                                         "action code], got {value}.", last=players - 1,
                                         value=json.dumps(item)[:60])))
    return LogEntry(item[0], item[1])


# -- replay checks --------------------------------------------------------------------------------

def check_replays(game_record: GameRecord) -> None:
    """Replays the log to its end; raises RecordError unless every action is legal and the game is
    over at the last one (by the rules, or by a forfeit)."""
    game = games.get(game_record.game)
    record = game_record.record
    state = _new_state(game, record)
    for index, entry in enumerate(record.log):
        if entry.code == RESIGN_CODE:
            if game.outcome(state) is not None:
                raise RecordError(corrupted(Text("action {number} comes after the end of the "
                                                 "game.", number=index + 1)))
            try:
                withdrawal = game.resign(state, entry.seat)
            except IllegalAction as error:
                raise RecordError(corrupted(Text("resignation {number} is refused ({error}).",
                                                 number=index + 1,
                                                 error=error.args[0] if error.args else "")
                                            )) from None
            if withdrawal is None:
                if index != len(record.log) - 1:
                    raise RecordError(corrupted(Text("action {number} is a forfeit, yet more "
                                                     "actions follow it.", number=index + 1)))
                return
            continue
        try:
            game.apply_code(state, entry.seat, entry.code)
        except IllegalAction as error:
            raise RecordError(corrupted(Text("action {number} ('{code}' by seat {seat}) is not "
                                             "legal there: {error}", number=index + 1,
                                             code=entry.code, seat=entry.seat,
                                             error=error.args[0] if error.args else ""))) from None
    if game.outcome(state) is None:
        raise RecordError(NOT_FINISHED)


def _new_state(game: Game[Any, Any], record: Record) -> Any:
    try:
        return game.new_game(record.seed, record.players, record.options)
    except ValueError as error:
        raise RecordError(corrupted(Text("its options are refused ({error}).",
                                         error=error.args[0] if error.args else ""))) from None


# -- the store ------------------------------------------------------------------------------------

async def load_game_record(db: aiosqlite.Connection, game_id: int, guild: str) -> GameRecord:
    """Reads a finished game of `guild` from the store; raises RecordError for an unknown id, a
    game of another guild or one still being played."""
    async with db.execute(
            "SELECT game, seed, players, options, seats, finished, guild FROM games WHERE id = ?",
            (game_id,)) as cursor:
        row = await cursor.fetchone()
    if row is None:
        raise RecordError(Text("There is no game #{id}.", id=str(game_id)))
    name, seed, players, options, seats, finished, owner = row
    if finished is None:
        raise RecordError(Text("Game #{id} is still being played; replays are of finished games.",
                               id=str(game_id)))
    if owner != guild:
        raise RecordError(Text("Game #{id} was not played in this server.", id=str(game_id)))
    async with db.execute("SELECT seat, code FROM actions WHERE game_id = ? ORDER BY idx",
                          (game_id,)) as cursor:
        entries = [LogEntry(int(seat), str(code)) for seat, code in await cursor.fetchall()]
    seat_rows: Sequence[dict[str, Any]] = json.loads(seats)
    return GameRecord(
        game=str(name), record=Record(int(seed), int(players), json.loads(options), entries),
        seats=tuple(RecordSeat(str(s.get("name", f"Player {i + 1}")), bool(s.get("is_bot")))
                    for i, s in enumerate(seat_rows)),
        game_id=game_id, finished=float(finished))


async def last_finished_game(db: aiosqlite.Connection, channel: str) -> int:
    """Returns the id of the channel's last finished game; raises RecordError when it has none."""
    async with db.execute(
            "SELECT id FROM games WHERE channel = ? AND finished IS NOT NULL "
            "ORDER BY id DESC LIMIT 1", (channel,)) as cursor:
        row = await cursor.fetchone()
    if row is None:
        raise RecordError(Text("No game has finished at this table yet; give a game id from "
                               "/history."))
    return int(row[0])


async def export_game(db: aiosqlite.Connection, game_id: int, guild: str) -> tuple[str, bytes]:
    """Returns a finished game of `guild` as a record file (its name and bytes), for /history's
    export; raises RecordError as `load_game_record` does."""
    game_record = await load_game_record(db, game_id, guild)
    return f"hoard-{game_record.game}-{game_id}.json", dumps(game_record)
