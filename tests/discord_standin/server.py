"""The stand-in server: Discord's REST routes and gateway for one bot, one guild and its channels."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord_standin import limits
from tests.discord_standin.ratelimit import ChannelBuckets, is_message_write

log = logging.getLogger(__name__)

DISCORD_EPOCH = 1_420_070_400_000
PUBLIC_THREAD = 11
EPHEMERAL = 1 << 6
LOADING = 1 << 7
_MENTION = re.compile(r"<@!?([0-9]+)>")

# Interaction types and callback types (Discord API: Receiving and Responding).
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT = 8


@dataclass(frozen=True, slots=True)
class User:
    """A simulated Discord user."""

    id: int
    name: str
    locale: str = "en-US"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": False,
        }


@dataclass(slots=True)
class Attachment:
    """A file stored with a message."""

    id: int
    filename: str
    data: bytes

    @property
    def url(self) -> str:
        return f"http://127.0.0.1/attachments/{self.id}/{self.filename}"

    def to_json(self) -> dict[str, Any]:
        url = self.url
        types = {"png": "image/png", "webp": "image/webp"}
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": types.get(self.filename.rsplit(".", 1)[-1], "application/octet-stream"),
        }


@dataclass(slots=True)
class Message:
    """A message as the stand-in holds it; `visible_to` is set for ephemeral messages."""

    id: int
    channel_id: int
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None
    pinged: tuple[int, ...] = ()
    """User ids notified when the message was created (edits never notify)."""
    interaction_id: int | None = None
    edits: int = 0
    created_at: float = 0.0
    edited_at: float | None = None
    deleted: bool = False
    thread_id: int | None = None
    """The thread started from this message, if any."""

    @property
    def is_ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        """Returns every component custom_id on the message, in order."""
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def iter_components(self) -> list[dict[str, Any]]:
        """Returns the interactive components (buttons, selects) in order."""
        out: list[dict[str, Any]] = []
        for row in self.components:
            out.extend(row.get("components", []))
        return out

    def component(self, *, label: str | None = None, prefix: str | None = None) -> dict[str, Any]:
        """Returns the first component with this label or custom_id prefix; raises KeyError."""
        for comp in self.iter_components():
            if label is not None and comp.get("label") == label:
                return comp
            if prefix is not None and comp.get("custom_id", "").startswith(prefix):
                return comp
        raise KeyError(f"no component label={label!r} prefix={prefix!r} in {self.custom_ids()}")

    def text(self) -> str:
        """Returns all visible text: content, embed texts and component labels."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [embed.get("footer", {}).get("text", "")]
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
        for comp in self.iter_components():
            parts.append(comp.get("label", "") or comp.get("placeholder", ""))
            parts += [o.get("label", "") for o in comp.get("options", [])]
        return "\n".join(p for p in parts if p)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": datetime.fromtimestamp(self.created_at, UTC).isoformat(),
            "edited_timestamp": None if self.edited_at is None else
            datetime.fromtimestamp(self.edited_at, UTC).isoformat(),
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags | (1 << 5 if self.thread_id else 0),
        }

    def image_attachment(self) -> Attachment | None:
        """Returns the attachment the first embed shows as its image, if any."""
        url = (self.embeds[0].get("image") or {}).get("url", "") if self.embeds else ""
        return next((a for a in self.attachments if a.url == url), None)


@dataclass(slots=True)
class Interaction:
    """One interaction the stand-in dispatched, and how the bot answered it."""

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    message_id: int | None
    dispatched_at: float
    responded_at: float | None = None
    response_type: int | None = None
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    last_activity: float = 0.0
    choices: list[dict[str, Any]] = field(default_factory=list)
    responded: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the initial response."""
        return None if self.responded_at is None else self.responded_at - self.dispatched_at


@dataclass(slots=True)
class Request:
    """One HTTP request the bot made."""

    method: str
    path: str
    payload: Any
    files: list[tuple[str, bytes]]
    at: float
    status: int = 200
    channel: int | None = None
    """The channel the request concerned (channel routes, interaction callbacks and webhooks)."""


class HTTPError(Exception):
    """An error answered in Discord's JSON error format."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors


@dataclass
class _Link:
    """One gateway websocket and its zlib-stream compressor."""

    ws: web.WebSocketResponse
    zlib: Any

    async def send(self, event: dict[str, Any]) -> None:
        raw = json.dumps(event)
        if self.zlib is None:
            await self.ws.send_str(raw)
        else:
            await self.ws.send_bytes(self.zlib.compress(raw.encode()) + self.zlib.flush(zlib.Z_SYNC_FLUSH))


@dataclass
class _Session:
    """One shard's gateway session: its events in order, kept for a RESUME."""

    id: str
    count: int
    link: _Link | None
    seq: int = 0
    backlog: list[dict[str, Any]] = field(default_factory=list)


class StandIn:
    """A Discord stand-in on 127.0.0.1: REST under /api/v10 and the gateway under /gateway."""

    def __init__(
        self,
        *,
        token: str = "standin-bot-token",
        guild_id: int = 900_000_000_000_000_001,
        channel_ids: tuple[int, ...] = (900_000_000_000_000_101,),
        heartbeat_interval: int = 41250,
        rate_limit: tuple[int, float] | None = None,
        guilds: dict[int, tuple[int, ...]] | None = None,
        shard_count: int = 1,
    ) -> None:
        self.token = token
        self.guild_locale = "en-US"
        """The guild's preferred locale, sent with every interaction."""
        self.guilds = dict(guilds) if guilds else {guild_id: tuple(channel_ids)}
        """Channels by guild; each guild's events go to the shard that owns it."""
        self.shard_count = shard_count
        """What GET /gateway/bot recommends; a client may IDENTIFY with any `shard` [id, count]."""
        self._guild_of = {c: g for g, chans in self.guilds.items() for c in chans}
        self.misroute: dict[int, int] = {}
        """Channel -> shard: that channel's interactions go to this shard instead of its own (a
        test's way to make the wrong process handle a table)."""
        self.buckets = ChannelBuckets(*rate_limit) if rate_limit else None
        """Per-channel message-write limits (None: unlimited), e.g. (5, 5.0) as Discord."""
        self.throttled: list[Request] = []
        """Writes answered with 429 because the channel's bucket was empty."""
        self.heartbeat_interval = heartbeat_interval
        """Milliseconds between the client's heartbeats (HELLO); Discord sends about 41 s."""
        self.heartbeats = 0
        self.guild_id = next(iter(self.guilds))
        self.channel_ids = [c for chans in self.guilds.values() for c in chans]
        self._last_id = 0
        self.app_id = self.new_id()
        self.bot_user = {
            "id": str(self.app_id),
            "username": "Hoard",
            "global_name": None,
            "discriminator": "0001",
            "avatar": None,
            "bot": True,
            "verified": True,
            "flags": 0,
            "mfa_enabled": False,
        }
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        """Registered application commands by guild id (None = global)."""
        self.command_puts: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.messages: dict[int, Message] = {}
        self.threads: dict[int, dict[str, Any]] = {}
        """Threads by id (Discord's channel objects of type 11), with their parent channel."""
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.requests: list[Request] = []
        self.last_request: dict[int, float] = {}
        """When the bot last made a request concerning each channel."""
        self.errors: list[tuple[Request, str]] = []
        """Requests answered with 4xx: what real Discord would have refused."""
        self.identifies = 0
        self.resumes = 0
        self._sessions: dict[int, _Session] = {}
        """The gateway session of each shard."""
        self._ready = asyncio.Event()
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- lifecycle ---------------------------------------------------------------------------

    def new_id(self) -> int:
        """Returns a fresh snowflake: milliseconds since Discord's epoch in the top bits, as
        Discord's are (so a message's age can be read from its id)."""
        stamp = (int(time.time() * 1000) - DISCORD_EPOCH) << 22
        self._last_id = max(stamp, self._last_id + 1)
        return self._last_id

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    async def start(self) -> StandIn:
        """Starts listening on a free port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._middleware])
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._route)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        """Closes the gateway and the HTTP server."""
        for session in list(self._sessions.values()):
            if session.link is not None:
                await session.link.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Waits until a bot has identified (or resumed) on the gateway."""
        await asyncio.wait_for(self._ready.wait(), timeout)

    async def drop_gateway(self) -> None:
        """Closes the bot's websocket as a network failure would (the bot should RESUME)."""
        self._ready.clear()
        for session in list(self._sessions.values()):
            if session.link is not None:
                await session.link.ws.close(code=4000, message=b"stand-in dropped the connection")

    def guild_of(self, channel: int) -> int:
        """Returns the guild a channel (or a thread's parent channel) belongs to."""
        thread = self.threads.get(channel)
        if thread is not None:
            return int(thread["guild_id"])
        return self._guild_of.get(channel, self.guild_id)

    def shard_of(self, guild: int, count: int | None = None) -> int:
        """Discord's rule: a guild belongs to shard (guild_id >> 22) % shard_count."""
        return (guild >> 22) % (count or self.shard_count)

    # ---- simulated users ---------------------------------------------------------------------

    async def slash(self, user: User, channel: int, name: str, /, **options: Any) -> Interaction:
        """Dispatches `/name option=value ...` typed by `user` in `channel`; a name of two words
        ("deck new") is a sub-command, and a `User` value fills a user option as Discord does
        (its id, with the user in `resolved`)."""
        top, _, sub = name.partition(" ")
        command = self._find_command(top)
        schema_list = command.get("options", [])
        if sub:
            group = next((o for o in schema_list if o["name"] == sub and o["type"] == 1), None)
            if group is None:
                raise KeyError(f"/{top} has no sub-command {sub!r}")
            schema_list = group.get("options", [])
        schema = {o["name"]: o for o in schema_list}
        opts = []
        resolved: dict[str, Any] = {}
        for key, value in options.items():
            if key not in schema:
                raise KeyError(f"/{name} has no option {key!r}; it has {sorted(schema)}")
            allowed = [c["value"] for c in schema[key].get("choices", [])]
            if allowed and value not in allowed:
                raise ValueError(f"Discord offers only {allowed} for /{name} {key}, not {value!r}")
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.to_json()
                value = str(value.id)
            opts.append({"name": key, "type": schema[key]["type"], "value": value})
        if sub:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data: dict[str, Any] = {"id": command["id"], "name": top, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return await self._dispatch_interaction(APPLICATION_COMMAND, user, channel, data, None)

    async def autocomplete(self, user: User, channel: int, name: str, focused: str, /,
                           **options: Any) -> Interaction:
        """Dispatches an autocomplete request for option `focused` of `/name`."""
        top, _, sub = name.partition(" ")
        command = self._find_command(top)
        schema_list = command.get("options", [])
        if sub:
            schema_list = next(o for o in schema_list if o["name"] == sub).get("options", [])
        schema = {o["name"]: o for o in schema_list}
        opts = [
            {"name": k, "type": schema[k]["type"], "value": v, **({"focused": True} if k == focused else {})}
            for k, v in options.items()
        ]
        if sub:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data = {"id": command["id"], "name": top, "type": 1, "options": opts}
        return await self._dispatch_interaction(AUTOCOMPLETE, user, channel, data, None)

    async def click(self, user: User, message: Message, custom_id: str) -> Interaction:
        """Dispatches a button click by `user` on `message`."""
        self._check_component(user, message, custom_id, 2)
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch_interaction(MESSAGE_COMPONENT, user, message.channel_id, data, message)

    async def select(self, user: User, message: Message, custom_id: str, values: list[str]) -> Interaction:
        """Dispatches a select-menu choice by `user` on `message`."""
        comp = self._check_component(user, message, custom_id, 3)
        allowed = {o["value"] for o in comp.get("options", [])}
        if not set(values) <= allowed:
            raise ValueError(f"values {values} not among the options {sorted(allowed)}")
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._dispatch_interaction(MESSAGE_COMPONENT, user, message.channel_id, data, message)

    def _find_command(self, name: str) -> dict[str, Any]:
        for scope in (self.guild_id, None):
            for command in self.commands.get(scope, []):
                if command["name"] == name:
                    return command
        raise KeyError(f"no registered command /{name}")

    def _check_component(self, user: User, message: Message, custom_id: str, ctype: int) -> dict[str, Any]:
        if message.deleted:
            raise ValueError("the message was deleted")
        if message.visible_to is not None and message.visible_to != user.id:
            raise ValueError("a user cannot click on someone else's ephemeral message")
        for comp in message.iter_components():
            if comp.get("custom_id") == custom_id:
                if comp["type"] != ctype:
                    raise ValueError(f"{custom_id} is component type {comp['type']}, not {ctype}")
                if comp.get("disabled"):
                    raise ValueError(f"{custom_id} is disabled")
                return comp
        raise KeyError(f"{custom_id} is not on message {message.id}: {message.custom_ids()}")

    async def _dispatch_interaction(
        self, kind: int, user: User, channel: int, data: dict[str, Any], message: Message | None
    ) -> Interaction:
        ix = Interaction(
            id=self.new_id(),
            token="ix-" + secrets.token_urlsafe(24),
            type=kind,
            user=user,
            channel_id=channel,
            message_id=message.id if message else None,
            dispatched_at=time.perf_counter(),
        )
        self.interactions[ix.id] = ix
        self._by_token[ix.token] = ix
        payload: dict[str, Any] = {
            "id": str(ix.id),
            "application_id": str(self.app_id),
            "type": kind,
            "data": data,
            "guild_id": str(self.guild_of(channel)),
            "channel_id": str(channel),
            "channel": self._channel_json(channel),
            "member": {
                "user": user.to_json(),
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": "2248473465835073",
            },
            "token": ix.token,
            "version": 1,
            "locale": user.locale,
            "guild_locale": self.guild_locale,
            "app_permissions": "2248473465835073",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_of(channel))},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message.to_json()
        await self._send_dispatch("INTERACTION_CREATE", payload, guild=self.guild_of(channel),
                                  shard=self.misroute.get(channel))
        return ix

    # ---- what the bot sent -------------------------------------------------------------------

    def visible(self, user: User | None, channel: int | None = None) -> list[Message]:
        """Returns the live messages `user` sees (None: the public), oldest first."""
        return [
            m
            for m in self.messages.values()
            if not m.deleted
            and not (m.flags & LOADING)
            and (channel is None or m.channel_id == channel)
            and (m.visible_to is None or (user is not None and m.visible_to == user.id))
        ]

    def public(self, channel: int | None = None) -> list[Message]:
        """Returns the live public messages, oldest first."""
        return self.visible(None, channel)

    def ephemerals(self, user: User) -> list[Message]:
        """Returns the ephemeral messages shown to `user`, oldest first."""
        return [m for m in self.visible(user) if m.visible_to == user.id]

    def original(self, ix: Interaction) -> Message | None:
        """Returns the message the interaction's response created or updated."""
        return None if ix.original_id is None else self.messages.get(ix.original_id)

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Waits until `predicate()` is truthy (checked after every request); returns its value."""
        async with self._changed:
            result = await asyncio.wait_for(self._changed.wait_for(predicate), timeout)
        return result

    async def wait_idle(self, quiet: float = 0.06, timeout: float = 15.0) -> None:
        """Waits until every interaction is answered (no 'thinking…' left) and no request came for
        `quiet` seconds."""
        deadline = time.perf_counter() + timeout
        while True:
            now = time.perf_counter()
            last = self.requests[-1].at if self.requests else 0.0
            pending = [ix for ix in self.interactions.values() if ix.responded_at is None]
            loading = [m for m in self.messages.values() if m.flags & LOADING and not m.deleted]
            if not pending and not loading and now - last >= quiet:
                return
            if now > deadline:
                raise TimeoutError(f"not idle: {len(pending)} interactions unanswered")
            await asyncio.sleep(quiet / 3)

    # ---- gateway -----------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            await ws.close(code=4000, message=b"the stand-in only speaks zlib-stream")
            return ws
        link = _Link(ws, zlib.compressobj() if compress else None)
        await link.send({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval}, "s": None, "t": None})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:
                self.heartbeats += 1
                await link.send({"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                await self._identify(link, data["d"])
            elif op == 6:
                await self._resume(link, data["d"])
            await self._notify()
        for session in self._sessions.values():
            if session.link is link:
                session.link = None
        if not any(s.link is not None for s in self._sessions.values()):
            self._ready.clear()
        return ws

    async def _identify(self, link: _Link, d: dict[str, Any]) -> None:
        if d.get("token") not in (self.token, f"Bot {self.token}"):
            await link.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard_id, count = d.get("shard") or [0, 1]
        if not 0 <= shard_id < count:
            await link.ws.close(code=4010, message=b"Invalid shard.")
            return
        old = self._sessions.get(shard_id)
        if old is not None and old.link is not None and old.link is not link and not old.link.ws.closed:
            await old.link.ws.close(code=4000, message=b"replaced by a new connection")
        self.identifies += 1
        session = self._sessions[shard_id] = _Session(secrets.token_hex(16), count, link)
        owned = [g for g in self.guilds if self.shard_of(g, count) == shard_id]
        url = f"ws://127.0.0.1:{self.port}/gateway"
        ready = {
            "v": 10,
            "user": self.bot_user,
            "guilds": [{"id": str(g), "unavailable": True} for g in owned],
            "session_id": session.id,
            "resume_gateway_url": url,
            "shard": [shard_id, count],
            "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [],
        }
        await self._dispatch_to(session, "READY", ready)
        for guild in owned:
            await self._dispatch_to(session, "GUILD_CREATE", self._guild_json(guild))
        self._ready.set()

    async def _resume(self, link: _Link, d: dict[str, Any]) -> None:
        session = next((s for s in self._sessions.values() if s.id == d.get("session_id")), None)
        if session is None:
            await link.send({"op": 9, "d": False, "s": None, "t": None})
            return
        self.resumes += 1
        session.link = link
        seq = d.get("seq") or 0
        for event in [e for e in session.backlog if e["s"] > seq]:
            await link.send(event)
        await self._dispatch_to(session, "RESUMED", {})
        self._ready.set()

    async def _send_dispatch(self, name: str, data: dict[str, Any], *, guild: int | None = None,
                             shard: int | None = None) -> None:
        """Sends an event to the shard that owns `guild` (the first guild when None), or to
        `shard` when given."""
        guild = self.guild_id if guild is None else guild
        for shard_id, session in self._sessions.items():
            if shard_id == shard if shard is not None else self.shard_of(guild, session.count) == shard_id:
                await self._dispatch_to(session, name, data)
                return

    async def _dispatch_to(self, session: _Session, name: str, data: dict[str, Any]) -> None:
        session.seq += 1
        event = {"op": 0, "t": name, "s": session.seq, "d": data}
        session.backlog.append(event)
        del session.backlog[:-500]
        if session.link is not None and not session.link.ws.closed:
            await session.link.send(event)

    def _guild_json(self, guild: int | None = None) -> dict[str, Any]:
        guild = self.guild_id if guild is None else guild
        gid = str(guild)
        channels = [
            {"id": str(c), "type": 0, "name": f"table-{i}", "position": i, "guild_id": gid, "permission_overwrites": []}
            for i, c in enumerate(self.guilds[guild])
        ]
        everyone = {
            "id": gid, "name": "@everyone", "permissions": "2248473465835073", "position": 0,
            "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0,
        }
        return {
            "id": gid, "name": "Hoard test guild", "icon": None, "owner_id": str(self.new_id()),
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "roles": [everyone], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0,
            "preferred_locale": "en-US", "nsfw_level": 0, "member_count": 3, "large": False,
            "channels": channels, "threads": [], "members": [], "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
            "unavailable": False, "joined_at": "2026-01-01T00:00:00+00:00",
        }

    # ---- REST --------------------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        return await handler(request)

    async def _route(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        try:
            payload, files = await _read_body(request)
        except ConnectionResetError:  # the client died mid-upload (a test's SIGKILL): no request
            return web.Response(status=499)
        record = Request(request.method, path, payload, files, time.perf_counter())
        record.channel = self._channel_of(path)
        self.requests.append(record)
        if record.channel is not None:
            self.last_request[record.channel] = record.at
        headers: dict[str, str] = {}
        if self.buckets is not None and record.channel is not None and is_message_write(
                request.method, path.strip("/").split("/")):
            allowed, headers = self.buckets.take(record.channel)
            if not allowed:
                record.status = 429
                self.throttled.append(record)
                body429 = {"message": "You are being rate limited.",
                           "retry_after": round(self.buckets.retry_after(record.channel), 3),
                           "global": False}
                await self._notify()
                return _json(body429, 429, headers)
        try:
            status, body = await self._handle(request, path, payload, files)
        except HTTPError as exc:
            record.status = exc.status
            self.errors.append((record, f"{exc.status} {exc.code} {exc.message} {exc.errors}"))
            log.warning("stand-in refused %s %s: %s %s", request.method, path, exc.message, exc.errors)
            body = {"code": exc.code, "message": exc.message}
            if exc.errors is not None:
                body["errors"] = exc.errors
            response: web.StreamResponse = _json(body, exc.status, headers)
        else:
            record.status = status
            response = web.Response(status=204, headers=headers) if body is None else _json(body, status, headers)
        await self._notify()
        return response

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _channel_of(self, path: str) -> int | None:
        parts = path.strip("/").split("/")
        if parts[0] == "channels" and len(parts) > 1 and parts[1].isdigit():
            return int(parts[1])
        token = parts[2] if parts[0] in ("interactions", "webhooks") and len(parts) > 2 else None
        ix = self._by_token.get(token) if token else None
        return ix.channel_id if ix else None

    def _require_bot(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise HTTPError(401, 0, "401: Unauthorized")

    async def _handle(
        self, request: web.Request, path: str, payload: Any, files: list[tuple[str, bytes]]
    ) -> tuple[int, Any]:
        method = request.method
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" and len(parts) == 4 and parts[3] == "callback":
            return await self._callback(parts[1], parts[2], payload, files, request.query.get("with_response"))
        if parts[0] == "webhooks":
            return self._webhook(method, parts, payload, files)
        self._require_bot(request)
        if path == "/users/@me":
            return 200, self.bot_user
        if path == "/oauth2/applications/@me":
            return 200, self._application_json()
        if path in ("/gateway/bot", "/gateway"):
            url = f"ws://127.0.0.1:{self.port}/gateway"
            limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
            return 200, {"url": url, "shards": self.shard_count, "session_start_limit": limit}
        if parts[0] == "applications" and parts[-1] == "commands":
            guild = int(parts[3]) if len(parts) == 5 and parts[2] == "guilds" else None
            return self._commands(method, guild, payload)
        if parts[0] == "channels":
            return self._channel(method, parts, payload, files, request.query)
        raise HTTPError(404, 0, f"404: Not Found ({method} {path})")

    def _application_json(self) -> dict[str, Any]:
        return {
            "id": str(self.app_id), "name": "Hoard", "icon": None, "description": "", "summary": "",
            "bot_public": True, "bot_require_code_grant": False, "verify_key": "00" * 32,
            "owner": {"id": str(self.new_id()), "username": "owner", "discriminator": "0", "avatar": None},
            "team": None, "flags": 0, "bot": self.bot_user,
        }

    def _commands(self, method: str, guild: int | None, payload: Any) -> tuple[int, Any]:
        if method == "GET":
            return 200, self.commands.get(guild, [])
        if method != "PUT":
            raise HTTPError(405, 0, "405: Method Not Allowed")
        problems = limits.check_commands(payload)
        if problems:
            raise HTTPError(400, 50035, "Invalid Form Body", problems)
        stored = []
        for command in payload:
            entry = dict(command, id=str(self.new_id()), application_id=str(self.app_id), version="1")
            entry.setdefault("type", 1)
            if guild is not None:
                entry["guild_id"] = str(guild)
            stored.append(entry)
        self.commands[guild] = stored
        self.command_puts.append((guild, payload))
        return 200, stored

    def _channel_json(self, channel: int) -> dict[str, Any]:
        thread = self.threads.get(channel)
        if thread is not None:
            return thread
        return {"id": str(channel), "type": 0, "guild_id": str(self.guild_of(channel)), "name": f"table-{channel}",
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}

    def _channel(self, method: str, parts: list[str], payload: Any, files: list[tuple[str, bytes]],
                 query: Any = None) -> tuple[int, Any]:
        channel = int(parts[1])
        if channel not in self.channel_ids and channel not in self.threads:
            raise HTTPError(404, 10003, "Unknown Channel")
        if len(parts) == 2 and method == "GET":
            return 200, self._channel_json(channel)
        if len(parts) == 3 and parts[2] == "messages" and method == "POST":
            msg = self._create_message(channel, payload, files)
            return 200, msg.to_json()
        if len(parts) == 3 and parts[2] == "messages" and method == "GET":
            return 200, [m.to_json() for m in self._history(channel, query or {})]
        if len(parts) == 5 and parts[2] == "messages" and parts[4] == "threads" and method == "POST":
            return 201, self._start_thread(channel, int(parts[3]), payload or {})
        if len(parts) == 4 and parts[2] == "messages":
            msg = self.messages.get(int(parts[3]))
            if msg is None or msg.deleted or msg.channel_id != channel or msg.is_ephemeral:
                raise HTTPError(404, 10008, "Unknown Message")
            if method == "GET":
                return 200, msg.to_json()
            if method == "PATCH":
                self._edit_message(msg, payload, files)
                return 200, msg.to_json()
            if method == "DELETE":
                msg.deleted = True
                return 204, None
        raise HTTPError(404, 0, "404: Not Found")

    def _history(self, channel: int, query: Any) -> list[Message]:
        """A channel's messages newest first, as GET /channels/{id}/messages answers (limit 1-100,
        before / after a message id); ephemeral and deleted messages are not in a channel."""
        limit = min(100, max(1, int(query.get("limit", 50))))
        before = int(query["before"]) if "before" in query else None
        after = int(query["after"]) if "after" in query else None
        found = [m for m in self.messages.values() if m.channel_id == channel and not m.deleted
                 and not m.is_ephemeral and not m.flags & LOADING
                 and (before is None or m.id < before) and (after is None or m.id > after)]
        found.sort(key=lambda m: m.id, reverse=after is None)
        return (found[:limit] if after is None else found[:limit][::-1])

    def _start_thread(self, channel: int, message_id: int, payload: dict[str, Any]) -> dict[str, Any]:
        """Starts a public thread from a message (POST /channels/{id}/messages/{id}/threads): the
        thread's id is the message's id, and one message holds at most one thread."""
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != channel:
            raise HTTPError(404, 10008, "Unknown Message")
        if msg.thread_id is not None:
            raise HTTPError(400, 160004, "A thread has already been created for this message")
        name = str(payload.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise HTTPError(400, 50035, "Invalid Form Body", {"name": "1-100 characters"})
        now = datetime.now(UTC).isoformat()
        thread = {
            "id": str(message_id), "type": PUBLIC_THREAD, "guild_id": str(self.guild_of(channel)),
            "parent_id": str(channel), "owner_id": self.bot_user["id"], "name": name,
            "last_message_id": None, "message_count": 0, "member_count": 1,
            "rate_limit_per_user": 0, "flags": 0, "total_message_sent": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": int(
                payload.get("auto_archive_duration", 1440)), "archive_timestamp": now,
                "locked": False, "create_timestamp": now},
        }
        self.threads[message_id] = thread
        msg.thread_id = message_id
        asyncio.get_running_loop().create_task(
            self._send_dispatch("THREAD_CREATE", {**thread, "newly_created": True},
                                guild=self.guild_of(channel)))
        return thread

    async def _callback(
        self, ix_id: str, token: str, payload: Any, files: list[tuple[str, bytes]], with_response: str | None
    ) -> tuple[int, Any]:
        ix = self._by_token.get(token)
        if ix is None or str(ix.id) != ix_id:
            raise HTTPError(404, 10062, "Unknown interaction")
        if ix.response_type is not None:
            raise HTTPError(400, 40060, "Interaction has already been acknowledged.")
        if time.perf_counter() - ix.dispatched_at > 3.0:
            raise HTTPError(404, 10062, "Unknown interaction")
        kind = payload.get("type")
        data = payload.get("data") or {}
        resource: dict[str, Any] | None = None
        if kind == CHANNEL_MESSAGE:
            msg = self._create_message(ix.channel_id, data, files, interaction=ix)
            ix.original_id = msg.id
            resource = {"type": kind, "message": msg.to_json()}
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags", 0)) & EPHEMERAL)
            msg = self._create_message(ix.channel_id, {"flags": flags}, [], interaction=ix, check=False)
            ix.original_id = msg.id
            resource = {"type": kind, "message": msg.to_json()}
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if ix.type != MESSAGE_COMPONENT:
                raise HTTPError(400, 40043, "This interaction response type is not valid for this interaction")
            ix.original_id = ix.message_id
            if kind == UPDATE_MESSAGE:
                msg = self.messages[ix.message_id]  # type: ignore[index]
                self._edit_message(msg, data, files)
                resource = {"type": kind, "message": msg.to_json()}
        elif kind == AUTOCOMPLETE_RESULT:
            ix.choices = list(data.get("choices", []))
        else:
            raise HTTPError(400, 50035, f"Invalid Form Body (callback type {kind})")
        ix.response_type = kind
        ix.responded_at = time.perf_counter()
        ix.last_activity = ix.responded_at
        ix.responded.set()
        if not with_response:
            return 204, None
        original = ix.original_id
        body = {
            "interaction": {
                "id": str(ix.id),
                "type": ix.type,
                "response_message_id": str(original) if original else None,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(original and self.messages[original].is_ephemeral),
            },
            "resource": resource,
        }
        return 200, body

    def _webhook(self, method: str, parts: list[str], payload: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        # /webhooks/{application_id}/{token}[/messages/{id|@original}]
        if len(parts) < 3 or parts[1] != str(self.app_id):
            raise HTTPError(404, 10015, "Unknown Webhook")
        ix = self._by_token.get(parts[2])
        if ix is None or ix.response_type is None:
            raise HTTPError(404, 10015, "Unknown Webhook")
        ix.last_activity = time.perf_counter()
        if len(parts) == 3 and method == "POST":
            msg = self._create_message(ix.channel_id, payload, files, interaction=ix)
            ix.followups.append(msg.id)
            return 200, msg.to_json()
        if len(parts) == 5 and parts[3] == "messages":
            target = ix.original_id if parts[4] == "@original" else int(parts[4])
            msg = self.messages.get(target) if target else None
            if msg is None or msg.deleted or (target != ix.original_id and target not in ix.followups):
                raise HTTPError(404, 10008, "Unknown Message")
            if method == "GET":
                return 200, msg.to_json()
            if method == "PATCH":
                self._edit_message(msg, payload, files)
                return 200, msg.to_json()
            if method == "DELETE":
                msg.deleted = True
                return 204, None
        raise HTTPError(404, 0, "404: Not Found")

    def _create_message(
        self,
        channel: int,
        payload: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        interaction: Interaction | None = None,
        check: bool = True,
    ) -> Message:
        if check:
            problems = limits.check_message(payload, len(files))
            if problems:
                raise HTTPError(400, 50035, "Invalid Form Body", problems)
            if not payload.get("content") and not payload.get("embeds") and not files and not payload.get("components"):
                raise HTTPError(400, 50006, "Cannot send an empty message")
        flags = int(payload.get("flags") or 0)
        msg = Message(
            id=self.new_id(),
            channel_id=channel,
            author=self.bot_user,
            content=payload.get("content") or "",
            embeds=_embeds(payload.get("embeds") or []),
            components=payload.get("components") or [],
            attachments=[Attachment(self.new_id(), name, data) for name, data in files],
            flags=flags,
            visible_to=interaction.user.id if interaction and flags & EPHEMERAL else None,
            interaction_id=interaction.id if interaction else None,
            created_at=time.time(),
        )
        msg.pinged = _pings(msg.content, payload.get("allowed_mentions"))
        _resolve_attachments(msg)
        self.messages[msg.id] = msg
        if channel in self.threads:
            self.threads[channel]["message_count"] += 1
        return msg

    def _edit_message(self, msg: Message, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        problems = limits.check_message(payload, len(files))
        if problems:
            raise HTTPError(400, 50035, "Invalid Form Body", problems)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = _embeds(payload["embeds"] or [])
        if "components" in payload:
            msg.components = payload["components"] or []
        new = [Attachment(self.new_id(), name, data) for name, data in files]
        if "attachments" in payload:
            keep = {str(a.get("id")) for a in payload["attachments"] or []}
            msg.attachments = [a for a in msg.attachments if str(a.id) in keep] + new
        else:
            msg.attachments += new
        if msg.flags & LOADING:
            msg.flags &= ~LOADING
            msg.pinged = _pings(msg.content, payload.get("allowed_mentions"))
        else:
            msg.edited_at = time.time()
        _resolve_attachments(msg)
        msg.edits += 1


def _json(body: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    """Answers JSON with Discord's exact content type (discord.py compares it literally)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={**(headers or {}), "Content-Type": "application/json"})


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """Reads a JSON or multipart (payload_json + files[n]) body."""
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        payload = json.loads(form["payload_json"]) if "payload_json" in form else {}  # type: ignore[arg-type]
        files = []
        for key in sorted((k for k in form if k.startswith("files[")), key=lambda k: int(k[6:-1])):
            item = form[key]
            files.append((item.filename, item.file.read()))  # type: ignore[union-attr]
        return payload, files
    if request.can_read_body:
        text = await request.text()
        return (json.loads(text) if text else None), []
    return None, []


def _resolve_attachments(msg: Message) -> None:
    """Turns `attachment://name` image URLs into the URL of the message's attachment of that name,
    as Discord stores them (an edit that keeps the attachment may name it either way)."""
    by_name = {a.filename: a.url for a in msg.attachments}
    for embed in msg.embeds:
        image = embed.get("image")
        url = (image or {}).get("url", "")
        if url.startswith("attachment://") and url[len("attachment://"):] in by_name:
            embed["image"] = {**image, "url": by_name[url[len("attachment://"):]]}


def _embeds(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for embed in embeds:
        embed = dict(embed)
        embed.setdefault("type", "rich")
        out.append(embed)
    return out


def _pings(content: str, allowed: dict[str, Any] | None) -> tuple[int, ...]:
    """Returns the user ids a new message notifies, honouring allowed_mentions."""
    ids = [int(x) for x in _MENTION.findall(content)]
    if allowed is None:
        return tuple(ids)
    if "users" in allowed.get("parse", []):
        return tuple(ids)
    listed = {int(x) for x in allowed.get("users", [])}
    return tuple(i for i in ids if i in listed)
