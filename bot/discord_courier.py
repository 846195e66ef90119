"""Delivers what the host's replies owe each channel: new messages in order, edits coalesced.

The host decides what a change owes (a lobby update, a new board with its mention or an edit of the
current one, a result, a reminder) and writes it to the outbox with the change; the courier decides
how Discord shows it and marks the row delivered. Per table it keeps one lane:

- new messages (a turn's board, a result, a reminder, a moved lobby) go out in order; a newer board
  supersedes a queued older one (its player has already moved on);
- edits of one message never queue: while one is in flight, later positions overwrite a single
  pending slot, so under the channel's rate limit the newest position is what is shown next;
- a write is handed to discord.py only when the channel's rate-limit bucket has room
  (`bot.discord_buckets`, read from Discord's answers): while it is empty the write stays
  pending, so a newer position replaces it instead of going out after it;
- posting a turn's board takes the buttons off the previous board (and off the last result),
  unhurried: those edits wait until the lane has nothing newer to show and then spend only
  writes the channel's window would leave unused (its last second, RESERVE writes kept), or
  come after a whole window of quiet, so they never delay a position (they are written down
  first, and done after a restart if a crash came between);
- a result goes to the table's channel, boards of a game in a thread go to the thread, which is
  made from the lobby message when the game's first board is posted;
- an edit of a message older than an hour (Discord's stricter limit) becomes a new message.

Rows the courier finds pending at start or after a reconnect are delivered exactly once: before
posting one, it looks through the channel's last messages for its marker (a crash may have struck
between posting and marking), and every row id is handled at most once per process. A write that
fails (Discord refused it, the network timed out) is tried again after a growing pause, first
looking for its marker in the same way (the post may have gone through before the answer was
lost); after RETRIES tries it is left to the next reconnect or start.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import aiohttp
import discord

from bot import discord_posts as posts
from bot.discord_buckets import ChannelBuckets, Window
from bot.messages import Reply, ReplyKind
from bot.store import PostRecord, Store

log = logging.getLogger(__name__)

ROLES = {ReplyKind.LOBBY: "lobby", ReplyKind.BOARD: "board", ReplyKind.RESULT: "result",
         ReplyKind.WARNING: "warning"}
EDITABLE_FOR = 3600.0 - 120.0
"""Seconds after which a board or lobby is posted anew instead of edited."""
HISTORY = 30
"""How many of a channel's last messages are searched for one posted before a crash."""
MAX_LANES = 2000
"""Above this many tables' lanes, quiet ones are let go."""
QUIET_LANE = 60.0
"""Seconds without a write after which an idle lane may be let go."""
WINDOW, WINDOW_WRITES = 5.0, 5
"""Discord's channel limit: message writes (posts and edits alike) per window of seconds."""
RESERVE = 2
"""Writes of the window that tidying old messages leaves free, so a new position never waits."""
TAIL = 1.0
"""Seconds before its window resets in which a channel's spare writes may go to tidying."""
RETRIES = 5
"""Tries of a failed write before it is left in the outbox for the next reconnect or start."""
RETRY_PAUSE = 1.0
"""Seconds before the first try again of a failed write (doubled at each further try)."""
RETIRED = "retired:"
"""Role prefix of a message whose buttons are still to be taken off ("retired-delete:": to delete)."""


@dataclass(slots=True)
class _Item:
    reply: Reply
    covers: list[int] = field(default_factory=list)
    """Outbox ids of older posts this one supersedes (marked delivered with it)."""
    failures: int = 0
    """How many times delivering it has failed."""

    def ids(self) -> list[int]:
        return [i for i in (self.reply.outbox, *self.covers) if i is not None]


@dataclass(slots=True)
class _Lane:
    table: str
    creations: deque[_Item] = field(default_factory=deque)
    edits: dict[str, _Item] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    worker: asyncio.Task[None] | None = None
    records: dict[str, PostRecord] | None = None
    recovered: set[int] = field(default_factory=set)
    sweep: bool = False
    """Recovered posts came in: boards posted before the crash may still show buttons."""
    retired: deque[tuple[PostRecord, bool]] = field(default_factory=deque)
    """Old messages to take the buttons off (False) or to delete (True), when there is time."""
    writes: deque[float] = field(default_factory=deque)
    """When this lane last wrote to Discord (monotonic seconds, within the last WINDOW)."""
    held_until: float = 0.0
    """After a failed write: no write before this moment (monotonic seconds)."""

    @property
    def last_write(self) -> float:
        return self.writes[-1] if self.writes else 0.0

    def wrote(self) -> None:
        self.writes.append(time.monotonic())

    def tidy_wait(self, pause: float, window: Window | None = None, *,
                  known: bool = False) -> float:
        """Seconds until an old message may be tidied (a pause of 0 turns the pacing off, as
        the tests without a rate limit do).

        When the channel's bucket is `known`, a tidy spends only a write its current `window`
        would leave unused: in the window's last TAIL seconds, with RESERVE writes left after
        it; with no window open (a tidy would open one that the next positions must share),
        only after a whole window of quiet. Otherwise, as counted by the lane itself: after
        `pause` of rest, while the last WINDOW seconds keep RESERVE writes free."""
        now = time.monotonic()
        while self.writes and now - self.writes[0] >= WINDOW:
            self.writes.popleft()
        rest = pause - (now - self.last_write)
        if pause <= 0:
            return rest
        if not known:
            if len(self.writes) > WINDOW_WRITES - RESERVE - 1:
                rest = max(rest, self.writes[0] + WINDOW - now)
            return rest
        if window is None:
            return max(rest, self.last_write + WINDOW - now)
        if window.remaining <= RESERVE:
            return window.reset_in
        return window.reset_in - TAIL

    @property
    def is_idle(self) -> bool:
        return not self.creations and not self.edits and not self.retired and (
            not self.lock.locked()) and (self.worker is None or self.worker.done())


class Courier:
    """Posts and edits the public messages of every table (one lane per table)."""

    def __init__(self, client: discord.Client, store: Store, *,
                 clock: Callable[[], float] = time.time, pause: float = 1.0,
                 owns: Callable[[str], bool] = lambda table: True,
                 buckets: ChannelBuckets | None = None) -> None:
        self.client = client
        self.buckets = buckets or ChannelBuckets()
        """What each channel's rate-limit bucket allows (empty: nothing known, no waiting)."""
        self.owns = owns
        """Whether a table is this process's (its shard's) to tidy."""
        self.store = store
        self.clock = clock
        self.pause = pause
        """Seconds of rest the channel gets before an old message is tidied."""
        self._lanes: dict[str, _Lane] = {}
        self._encoder = posts.WireEncoder()
        self._known: set[int] = set()
        """Outbox ids queued or delivered by this process (each is handled once)."""

    # -- entry points ---------------------------------------------------------------------------

    def submit(self, replies: Sequence[Reply], *, recovered: bool = False) -> None:
        """Queues the public replies for delivery (private ones are not the courier's)."""
        for reply in replies:
            if reply.private_to is not None or reply.kind not in ROLES:
                continue
            if reply.outbox is not None:
                if reply.outbox in self._known:
                    continue
                self._known.add(reply.outbox)
            lane = self._lane(reply.table or reply.channel)
            if recovered and reply.outbox is not None:
                lane.recovered.add(reply.outbox)
                lane.sweep = True
            self._queue(lane, reply)
            self._wake(lane)

    async def resume_tidying(self) -> None:
        """Queues the old messages a crash kept from being tidied."""
        for table, records in (await self.store.retired_posts(RETIRED)).items():
            if not self.owns(table):
                continue
            lane = self._lane(table)
            known = {r.message_id for r, _ in lane.retired}
            for record in records:
                if record.message_id not in known:
                    lane.retired.append((record, record.role.startswith("retired-delete:")))
            self._wake(lane)

    def _wake(self, lane: _Lane) -> None:
        if lane.worker is None or lane.worker.done():
            lane.worker = asyncio.create_task(self._work(lane), name=f"courier-{lane.table}")

    def is_idle(self) -> bool:
        return all(lane.is_idle for lane in self._lanes.values())

    async def drain(self, timeout: float) -> None:
        """Waits (at most `timeout` seconds) until every lane has delivered what it holds."""
        deadline = time.monotonic() + timeout
        while not self.is_idle() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def respond(self, interaction: discord.Interaction, reply: Reply) -> bool:
        """Delivers an edit of the very message a component is on as the interaction's answer
        (UPDATE_MESSAGE: no channel write); returns False when the lane must deliver it instead."""
        lane = self._lane(reply.table or reply.channel)
        role = ROLES.get(reply.kind)
        message = interaction.message
        if role is None or reply.fresh or message is None or reply.outbox in self._known:
            return False
        if lane.lock.locked() or lane.creations or lane.edits:
            return False
        async with lane.lock:
            records = await self._records(lane)
            record = records.get(role)
            if record is None or int(record.message_id) != message.id or self._too_old(record):
                return False
            keep = record.image_url if record.image == reply.image_name else ""
            image = None if keep or reply.image is None else await asyncio.to_thread(posts.wire_image, reply.image)
            payload = posts.public_payload(reply, image, keep_url=keep, ping=False)
            await interaction.response.edit_message(**payload.edit())
            updated = PostRecord(role, record.message_id, record.place, reply.version or 0,
                                 reply.image_name if (keep or image) else "", keep)
            if image is not None:
                updated = await self._fetch_record(updated)
            records[role] = updated
            if reply.outbox is not None:
                self._known.add(reply.outbox)
            await self.store.delivered(_ids(reply), (lane.table, updated))
        return True

    # -- queueing -------------------------------------------------------------------------------

    def _lane(self, table: str) -> _Lane:
        lane = self._lanes.get(table)
        if lane is None:
            if len(self._lanes) >= MAX_LANES:
                self._trim()
            lane = self._lanes[table] = _Lane(table)
        return lane

    def _trim(self) -> None:
        """Lets lanes with nothing to do and no recent write go (memory stays bounded with many
        tables); a lane made again reads its messages from the store."""
        quiet = time.monotonic() - QUIET_LANE
        for table in [t for t, lane in self._lanes.items()
                      if lane.is_idle and lane.last_write < quiet]:
            del self._lanes[table]

    def _queue(self, lane: _Lane, reply: Reply) -> None:
        role = ROLES[reply.kind]
        item = _Item(reply)
        is_new = reply.fresh or reply.kind is ReplyKind.WARNING
        if not is_new:
            pending = lane.edits.get(role)
            if pending is not None:
                if (pending.reply.version or 0) > (reply.version or 0):
                    pending.covers += item.ids()
                    return
                item.covers += pending.ids()
            lane.edits[role] = item
            return
        if reply.kind in (ReplyKind.BOARD, ReplyKind.RESULT, ReplyKind.LOBBY):
            self._supersede(lane, item)
        lane.creations.append(item)

    def _supersede(self, lane: _Lane, item: _Item) -> None:
        """Folds queued, not yet started posts that `item` makes pointless into it."""
        version = item.reply.version or 0
        board_like = item.reply.kind in (ReplyKind.BOARD, ReplyKind.RESULT)
        kept: deque[_Item] = deque()
        for queued in lane.creations:
            kind = queued.reply.kind
            older = (queued.reply.version or 0) <= version
            replaced = kind in (ReplyKind.BOARD, ReplyKind.WARNING) if board_like else (
                kind is ReplyKind.LOBBY)
            if older and replaced:
                item.covers += queued.ids()
            else:
                kept.append(queued)
        lane.creations = kept
        role = "board" if board_like else "lobby"
        pending = lane.edits.get(role)
        if pending is not None and (pending.reply.version or 0) <= version:
            item.covers += pending.ids()
            del lane.edits[role]

    async def _work(self, lane: _Lane) -> None:
        while lane.creations or lane.edits or lane.retired:
            if not lane.creations and not lane.edits:
                place = lane.retired[0][0].place
                rest = lane.tidy_wait(self.pause, self.buckets.window(place),
                                      known=self.buckets.knows(place))
                if rest > 0:
                    await asyncio.sleep(min(rest, 0.05))  # newer work may come meanwhile
                    continue
                async with lane.lock:
                    await self._tidy_one(lane)
                continue
            wait = max(self.buckets.wait(self._target(lane)), lane.held_until - time.monotonic())
            if wait > 0:  # the bucket is empty: the write waits here, where a newer one replaces it
                await asyncio.sleep(min(wait, 0.05))
                continue
            async with lane.lock:
                if lane.creations:
                    item, new = lane.creations.popleft(), True
                elif lane.edits:
                    item, new = lane.edits.pop(next(iter(lane.edits))), False
                else:
                    continue
                try:
                    await self._deliver(lane, item, new=new)
                except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as error:
                    log.warning("Could not deliver the %s of table %s (position %s): %s",
                                item.reply.kind, lane.table, item.reply.version, error)
                    self._failed(lane, item, new=new)
                except Exception:
                    log.exception("Delivering the %s of table %s failed", item.reply.kind,
                                  lane.table)
                    self._failed(lane, item, new=new)

    def _failed(self, lane: _Lane, item: _Item, *, new: bool) -> None:
        """Puts a write that failed back at the head of its lane, to be tried again after a
        pause (a post first looks for itself in the channel); after RETRIES tries it is left
        in the outbox, for the next reconnect or start to deliver."""
        item.failures += 1
        if item.failures >= RETRIES:
            log.warning("Giving up on the %s of table %s for now; it stays in the outbox",
                        item.reply.kind, lane.table)
            self._known.difference_update(item.ids())
            return
        lane.held_until = time.monotonic() + RETRY_PAUSE * 2 ** (item.failures - 1)
        if new:
            if item.reply.outbox is not None:
                lane.recovered.add(item.reply.outbox)
            lane.creations.appendleft(item)
            return
        role = ROLES[item.reply.kind]
        pending = lane.edits.get(role)
        if pending is None:
            lane.edits[role] = item
        elif (pending.reply.version or 0) >= (item.reply.version or 0):
            pending.covers += item.ids()
        else:
            item.covers += pending.ids()
            lane.edits[role] = item

    def _target(self, lane: _Lane) -> str:
        """The channel the lane's next write goes to (as far as known before delivering it)."""
        new = bool(lane.creations)
        reply = (lane.creations[0] if new else next(iter(lane.edits.values()))).reply
        records = lane.records or {}
        current = records.get(ROLES[reply.kind])
        if not new and current is not None:
            return current.place
        thread = records.get("thread")
        if reply.in_thread and reply.kind not in (ReplyKind.LOBBY, ReplyKind.RESULT) and thread:
            return thread.place
        return lane.table

    # -- delivering -----------------------------------------------------------------------------

    async def _records(self, lane: _Lane) -> dict[str, PostRecord]:
        if lane.records is None:
            lane.records = await self.store.posts(lane.table)
        return lane.records

    async def _deliver(self, lane: _Lane, item: _Item, *, new: bool) -> None:
        reply = item.reply
        role = ROLES[reply.kind]
        records = await self._records(lane)
        current = records.get(role)
        if not new and current is not None and not self._too_old(current):
            try:
                record = await self._edit(current, reply)
            except discord.NotFound:
                record = await self._post(lane, reply, ping_all=True)
            reminder = records.get("warning")
            if reminder is not None and reminder.version < (reply.version or 0):
                await self._retire(lane, "warning", delete=True)  # the player has moved
        elif reply.outbox in lane.recovered and (found := await self._find(lane, reply)):
            record = found
            log.info("Table %s: the %s at position %s was already posted", lane.table, role,
                     reply.version)
            await self._tidy(lane, reply, record)
        else:
            record = await self._post(lane, reply, ping_all=not new)
        records[role] = record
        lane.wrote()
        if lane.sweep and reply.kind in (ReplyKind.BOARD, ReplyKind.RESULT):
            lane.sweep = False
            await self._sweep(lane, record)
        await self.store.delivered(item.ids(), (lane.table, record))

    async def _post(self, lane: _Lane, reply: Reply, *, ping_all: bool) -> PostRecord:
        """Posts a new message for the reply and tidies what it replaces."""
        role = ROLES[reply.kind]
        place = await self._place(lane, reply)
        if ping_all and reply.kind is ReplyKind.BOARD:
            reply = _with_pings(reply)
        image = await self._wire(reply.image) if reply.image is not None else None
        payload = posts.public_payload(reply, image)
        self.buckets.sent(place)
        message = await self._channel(place).send(**payload.send())
        record = _record(role, message, place, reply)
        await self._tidy(lane, reply, record)
        return record

    async def _tidy(self, lane: _Lane, reply: Reply, record: PostRecord) -> None:
        """Retires what a new message replaces: the old board's buttons (and the last result's,
        when a game starts), a reminder, an older lobby."""
        records = await self._records(lane)
        if reply.kind in (ReplyKind.BOARD, ReplyKind.RESULT):
            for role, delete in (("board", False), ("warning", True)):
                old = records.get(role)
                if old is not None and old.message_id != record.message_id:
                    await self._retire(lane, role, delete=delete)
            if reply.kind is ReplyKind.BOARD:
                await self._retire(lane, "result", delete=False)
            return
        old = records.get(ROLES[reply.kind])
        if old is not None and old.message_id != record.message_id:
            await self._retire(lane, ROLES[reply.kind], delete=True)

    async def _edit(self, record: PostRecord, reply: Reply) -> PostRecord:
        keep = record.image_url if record.image == reply.image_name else ""
        image = None if keep or reply.image is None else await self._wire(reply.image)
        payload = posts.public_payload(reply, image, keep_url=keep, ping=False)
        channel = self._channel(record.place)
        self.buckets.sent(record.place)
        message = await channel.get_partial_message(int(record.message_id)).edit(**payload.edit())
        return _record(record.role, message, record.place, reply)

    async def _retire(self, lane: _Lane, role: str, *, delete: bool) -> None:
        """Queues the table's message of `role` to lose its buttons (or be deleted) when there is
        time; it is written down as retired before it is forgotten in its role."""
        records = await self._records(lane)
        old = records.pop(role, None)
        if old is None:
            return
        prefix = "retired-delete:" if delete else RETIRED
        await self.store.remember_post(lane.table, dataclasses.replace(
            old, role=prefix + old.message_id))
        await self.store.forget_post(lane.table, role)
        lane.retired.append((old, delete))

    async def _tidy_one(self, lane: _Lane) -> None:
        record, delete = lane.retired.popleft()
        await self._remove(record, delete=delete)
        lane.wrote()
        prefix = "retired-delete:" if delete else RETIRED
        await self.store.forget_post(lane.table, prefix + record.message_id)

    async def _remove(self, record: PostRecord, *, delete: bool) -> None:
        message = self._channel(record.place).get_partial_message(int(record.message_id))
        self.buckets.sent(record.place)
        try:
            if delete:
                await message.delete()
            else:
                await message.edit(**posts.stripped_payload())
        except discord.HTTPException as error:
            log.info("Could not tidy the old %s message %s: %s", record.role, record.message_id,
                     error)

    async def _place(self, lane: _Lane, reply: Reply) -> str:
        """Returns where the reply goes: the table's channel, or its game thread."""
        if not reply.in_thread or reply.kind in (ReplyKind.LOBBY, ReplyKind.RESULT):
            return lane.table
        records = await self._records(lane)
        thread = records.get("thread")
        if thread is not None:
            return thread.place
        lobby = records.get("lobby")
        channel = self.client.get_channel(int(lane.table))
        if lobby is None or not isinstance(channel, discord.TextChannel):
            return lane.table
        try:
            made = await channel.get_partial_message(int(lobby.message_id)).create_thread(
                name=f"{reply.title} game"[:100], auto_archive_duration=1440)
        except discord.HTTPException as error:
            log.warning("Could not open a thread for table %s: %s", lane.table, error)
            return lane.table
        record = PostRecord("thread", str(made.id), str(made.id), reply.version or 0)
        records["thread"] = record
        await self.store.remember_post(lane.table, record)
        return record.place

    async def _find(self, lane: _Lane, reply: Reply) -> PostRecord | None:
        """Looks through the channel's last messages for this post (made before a crash)."""
        place = await self._place(lane, reply)
        wanted = (lane.table, reply.kind, reply.version or 0)
        me = self.client.user
        async for message in self._channel(place).history(limit=HISTORY):
            if me is not None and message.author.id != me.id:
                continue
            footers = [e.footer.text or "" for e in message.embeds]
            found = [posts.parse_marker(f) for f in footers]
            if wanted in found or (reply.kind is ReplyKind.LOBBY and any(
                    f is not None and f[:2] == wanted[:2] for f in found)):
                return _record(ROLES[reply.kind], message, place, reply)
        return None

    async def _sweep(self, lane: _Lane, current: PostRecord) -> None:
        """Takes the buttons off every other board of the table among the last messages (and off
        an older result, when a game starts): after a crash, a board may have been posted whose
        outbox row was then superseded before anyone saw it was there."""
        me = self.client.user
        for place in {lane.table, current.place}:
            async for message in self._channel(place).history(limit=HISTORY):
                if (me is not None and message.author.id != me.id) or not message.components:
                    continue
                if str(message.id) == current.message_id:
                    continue
                for embed in message.embeds:
                    found = posts.parse_marker(embed.footer.text or "")
                    if found is None or found[0] != lane.table:
                        continue
                    if found[1] is ReplyKind.BOARD or (found[1] is ReplyKind.RESULT and
                                                       current.role == "board"):
                        await self._remove(PostRecord(ROLES[found[1]], str(message.id), place,
                                                      found[2]), delete=False)

    async def _fetch_record(self, record: PostRecord) -> PostRecord:
        """Reads back a message's image address after an interaction edited it."""
        with contextlib.suppress(discord.HTTPException):
            message = await self._channel(record.place).fetch_message(int(record.message_id))
            if message.attachments:
                return PostRecord(record.role, record.message_id, record.place, record.version,
                                  record.image, message.attachments[0].url)
        return record

    def _channel(self, place: str) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(int(place))

    def _too_old(self, record: PostRecord) -> bool:
        if record.role not in ("board", "lobby"):
            return False
        posted = discord.utils.snowflake_time(int(record.message_id)).timestamp()
        return self.clock() - posted > EDITABLE_FOR

    async def _wire(self, png: bytes) -> bytes:
        return await self._encoder.wire(png)


def _ids(reply: Reply) -> list[int]:
    return [reply.outbox] if reply.outbox is not None else []


def _with_pings(reply: Reply) -> Reply:
    return dataclasses.replace(reply, mentions=reply.waiting_on)


def _record(role: str, message: discord.Message, place: str, reply: Reply) -> PostRecord:
    url = message.attachments[0].url if message.attachments else ""
    image = reply.image_name if url else ""
    return PostRecord(role, str(message.id), place, reply.version or 0, image, url)
