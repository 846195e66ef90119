"""The table on Discord, measured: seeded whole games of each game, two people choosing from the menus.

    python bench/discord_table.py [--games drachenherz,drakones,dragonfront,rivalwing] [--seed 1]
                                  [--think 0.5] [--no-rate-limit]

The bot runs in its own process (as `hoard discord`) against the stand-in, which enforces Discord's
channel limit of 5 message writes per 5 s with 429s. Every game is played at once in its own
channel by two simulated users. Whoever the newest board mentions decides: they press Hand on the
board (or keep using the panel their last move left open), then pick a random entry at each menu
level until a move is taken, waiting `--think` seconds (0.5x-1.5x) before each click.

Reported per game: public messages created (lobby, boards, results, texts) against turn handovers
(a decision by someone other than the one who decided before), bytes of images uploaded (public
and in private panels), and per decision, from the committing click's dispatch, the time to the
bot's first response and to the board write that shows the position after it ("last edit"), and
how many decisions took over 400 ms to show, of them how many because the channel's window was
full (the write came right after the window's reset).
The bot warms its renderers before the games start, as `hoard discord` does; the CPU time of the
bot and of this process and the load average close the report.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.discord_standin import Interaction, Message, StandIn, User  # noqa: E402
from tests.discord_standin.harness import kind_of  # noqa: E402
from tests.discord_standin.process import BotProcess  # noqa: E402
from tests.discord_standin.ratelimit import is_message_write  # noqa: E402

GAMES = ("drachenherz", "drakones", "dragonfront", "rivalwing")
NAVIGATION = ("Back", "◀ Previous", "Next ▶", "↻ Refresh")
_POSITION = re.compile(r"position (\d+)\b")
LOADING = 1 << 7


@dataclass
class Decision:
    user: str
    first: float
    last: float | None
    shown_by: Any = None
    """The stand-in's record of the write that showed the position."""


@dataclass
class GameRun:
    game: str
    channel: int
    decisions: list[Decision] = field(default_factory=list)
    handovers: int = 0
    wall: float = 0.0
    stalled: str = ""


def positions(request_payload: Any) -> list[int]:
    """Returns the board positions named in a request's embed footers."""
    if not isinstance(request_payload, dict):
        return []
    data = request_payload.get("data") if "type" in request_payload else request_payload
    if not isinstance(data, dict):
        return []
    found = []
    for embed in data.get("embeds") or []:
        text = (embed.get("footer") or {}).get("text", "")
        found += [int(m) for m in _POSITION.findall(text)]
    return found


def is_result(msg: Message) -> bool:
    return any(e.get("title", "").startswith(("Result", "Game over")) for e in msg.embeds)


class Player:
    """Two users at one channel, deciding whatever the newest board asks of them."""

    def __init__(self, standin: StandIn, db: Path, run: GameRun, seed: int, think: float) -> None:
        self.s, self.db, self.run = standin, db, run
        self.rng = random.Random(seed)
        self.think = think
        base = 20_000 + 10 * (run.channel % 1000)
        self.users = [User(base + 1, f"Ann{run.channel % 100}"), User(base + 2, f"Ben{run.channel % 100}")]
        self.panels: dict[int, Message] = {}
        self.last_decider: int | None = None

    # -- what the channel shows -------------------------------------------------------------------

    def public(self) -> list[Message]:
        return self.s.public(self.run.channel)

    def boards(self) -> list[Message]:
        return [m for m in self.public() if m.embeds and _POSITION.search(
            (m.embeds[0].get("footer") or {}).get("text", "")) and not is_result(m)]

    def version(self) -> int:
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as conn:
            row = conn.execute("SELECT data FROM tables WHERE channel = ?", (str(self.run.channel),)).fetchone()
        return int(json.loads(row[0])["version"]) if row else 0

    def over(self) -> bool:
        return any(is_result(m) for m in self.public())

    # -- acting -----------------------------------------------------------------------------------

    async def pause(self) -> None:
        if self.think:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))

    async def answered(self, ix: Interaction) -> Interaction:
        await asyncio.wait_for(ix.responded.wait(), 15)
        deadline = time.perf_counter() + 10
        while True:  # a deferred answer is filled in later
            original = self.s.original(ix)
            busy = original is not None and original.flags & LOADING and not original.deleted
            if not busy or time.perf_counter() > deadline:
                return ix
            await asyncio.sleep(0.01)

    def panel_of(self, ix: Interaction, user: User) -> Message | None:
        for mid in [ix.original_id, *ix.followups]:
            msg = self.s.messages.get(mid) if mid else None
            if msg is not None and msg.visible_to == user.id and msg.iter_components():
                return msg
        return None

    async def command(self, user: User, name: str, **options: Any) -> None:
        await self.answered(await self.s.slash(user, self.run.channel, name, **options))
        await asyncio.sleep(0.3)

    async def open_hand(self, user: User) -> Message | None:
        board = self.boards()[-1]
        hand = next((c for c in board.iter_components() if c.get("label") == "Hand"), None)
        if hand is None:
            return None
        await self.pause()
        ix = await self.answered(await self.s.click(user, board, hand["custom_id"]))
        return self.panel_of(ix, user)

    def entries(self, panel: Message) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
        """Returns the choosable entries: (component, select option or None)."""
        out: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
        for comp in panel.iter_components():
            if comp.get("disabled"):
                continue
            if comp["type"] == 3:
                out += [(comp, option) for option in comp["options"]]
            elif comp.get("label") not in NAVIGATION and comp.get("custom_id"):
                out.append((comp, None))
        return out

    async def decide(self, index: int) -> bool:
        """Takes one decision for user `index`; returns False when they had nothing to decide."""
        user = self.users[index]
        panel = self.panels.pop(index, None) if self.last_decider == index else None
        if panel is None or not self.entries(panel):
            panel = await self.open_hand(user)
        for _ in range(12):
            if panel is None:
                return False
            entries = self.entries(panel)
            if not entries:
                return False
            comp, option = entries[self.rng.randrange(len(entries))]
            commits = (option.get("description") == "Takes this move" or str(option.get("value", "")).startswith("p:")
                       ) if option else ":p:" in comp["custom_id"]
            await self.pause()
            before = self.version()
            try:
                if option is not None:
                    ix = await self.s.select(user, panel, comp["custom_id"], [option["value"]])
                else:
                    ix = await self.s.click(user, panel, comp["custom_id"])
            except KeyError:  # the panel was edited while "thinking": look at it again
                panel = self.s.messages.get(panel.id) or await self.open_hand(user)
                continue
            await self.answered(ix)
            after = self.version()
            if commits and after > before:
                await self.record(ix, index, after)
                fresh = self.panel_of(ix, user)
                if fresh is not None:
                    self.panels[index] = fresh
                return True
            panel = self.panel_of(ix, user) or panel
        return False

    async def record(self, ix: Interaction, index: int, version: int) -> None:
        """Notes the decision's first response and when the board first showed `version`."""
        deadline = time.perf_counter() + 20
        shown: float | None = None
        by = None
        while shown is None and time.perf_counter() < deadline:
            for request in self.s.requests:
                if request.at >= ix.dispatched_at and request.channel == self.run.channel and \
                        request.status < 300 and version in positions(request.payload):
                    shown, by = request.at, request
                    break
            else:
                await asyncio.sleep(0.01)
        assert ix.responded_at is not None
        self.run.decisions.append(Decision(self.users[index].name, ix.responded_at - ix.dispatched_at,
                                           None if shown is None else shown - ix.dispatched_at, by))
        if self.last_decider is not None and self.last_decider != index:
            self.run.handovers += 1
        self.last_decider = index

    async def play(self, limit: int) -> None:
        started = time.perf_counter()
        await self.command(self.users[0], "join", game=self.run.game)
        await self.command(self.users[1], "join")
        await self.command(self.users[0], "start")
        idle = 0
        while not self.over() and len(self.run.decisions) < limit:
            boards = self.boards()
            content = boards[-1].content if boards else ""
            movers = [i for i, u in enumerate(self.users) if f"<@{u.id}>" in content]
            self.rng.shuffle(movers)
            if not any([await self.decide(i) for i in movers[:1]]):
                idle += 1
                if idle > 50:
                    self.run.stalled = f"nobody could move: {content!r}"
                    break
                await asyncio.sleep(0.1)
            else:
                idle = 0
        self.run.wall = time.perf_counter() - started


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] * 1000 if values else float("nan")


def window_waits(s: StandIn, channel: int, window: float = 5.0, limit: int = 5) -> set[int]:
    """Returns the ids of the channel's writes that waited for its rate-limit window: the first
    write of a window, come within 80 ms of the reset of a full one (the stand-in's fixed windows,
    replayed from its request log)."""
    waited: set[int] = set()
    used, resets = 0, 0.0
    for request in s.requests:
        if request.channel != channel or not is_message_write(request.method, request.path.strip("/").split("/")):
            continue
        if request.at >= resets:
            if used >= limit and request.at - resets < 0.08:
                waited.add(id(request))
            used, resets = 0, request.at + window
        used += 1
    return waited


def report(s: StandIn, runs: list[GameRun]) -> None:
    print(f"{'game':12} {'decisions':>9} {'handovers':>9} {'public msgs':>11} {'≤ h+3':>6} "
          f"{'image KiB':>10} {'public KiB':>10} {'first p50/p99 ms':>17} {'last p50/p99 ms':>16} "
          f"{'> 400 ms (window)':>17}")
    firsts, lasts = [], []
    for run in runs:
        created = [m for m in s.messages.values() if m.channel_id == run.channel and not m.is_ephemeral]
        channel_requests = [r for r in s.requests if r.channel == run.channel]
        images = sum(len(data) for r in channel_requests for _, data in r.files)
        public_images = sum(len(data) for r in channel_requests for _, data in r.files
                            if writes_public(s, r))
        first = [d.first for d in run.decisions]
        last = [d.last for d in run.decisions if d.last is not None]
        firsts += first
        lasts += last
        ok = "yes" if len(created) <= run.handovers + 3 else "no"
        waited = window_waits(s, run.channel)
        slow = [d for d in run.decisions if d.last is not None and d.last > 0.4]
        by_window = sum(id(d.shown_by) in waited for d in slow)
        print(f"{run.game:12} {len(run.decisions):9d} {run.handovers:9d} {len(created):11d} {ok:>6} "
              f"{images / 1024:10.0f} {public_images / 1024:10.0f} "
              f"{pct(first, .5):7.0f} /{pct(first, .99):7.0f} {pct(last, .5):7.0f} /{pct(last, .99):7.0f}"
              f"{len(slow):10d} ({by_window})"
              + (f"  STALLED: {run.stalled}" if run.stalled else "")
              + (f"  ({len(first) - len(last)} boards never shown)" if len(last) < len(first) else ""))
    kinds = []
    for run in runs:
        made = [m for m in s.messages.values() if m.channel_id == run.channel and not m.is_ephemeral]
        counted: dict[str, int] = {}
        for message in made:
            kind = kind_of(message)
            name = kind.value if kind is not None else "other"
            counted[name] = counted.get(name, 0) + 1
        kinds.append(f"{run.game} " + ", ".join(f"{n} {k}" for k, n in sorted(counted.items())))
    print("public messages by kind (a warning is a turn timer's half-way reminder): " + "; ".join(kinds))
    routes: dict[str, list[int]] = {}
    channels = {r.channel for r in runs}
    for request in s.requests:
        if request.channel in channels and request.files:
            parts = request.path.strip("/").split("/")
            payload = request.payload if isinstance(request.payload, dict) else {}
            kind = f"{request.method} {parts[0]}" + (f" type {payload.get('type')}" if parts[0] == "interactions" else
                                                      "/messages" if len(parts) > 3 else "")
            routes.setdefault(kind, []).append(sum(len(d) for _, d in request.files))
    print("image uploads: " + "; ".join(f"{k}: {len(v)} ({sum(v) / 1024:.0f} KiB)" for k, v in sorted(routes.items())))
    print(f"all decisions: first response p50 {pct(firsts, .5):.0f} ms, p99 {pct(firsts, .99):.0f} ms; "
          f"last edit p50 {pct(lasts, .5):.0f} ms, p99 {pct(lasts, .99):.0f} ms; "
          f"{len(s.throttled)} writes answered 429, {len(s.errors)} refused by the stand-in")


def writes_public(s: StandIn, request: Any) -> bool:
    """Tells whether a request created or edited a public message (else an ephemeral one)."""
    parts = request.path.strip("/").split("/")
    payload = request.payload if isinstance(request.payload, dict) else {}
    if parts[0] == "channels":
        return True
    if parts[0] == "interactions":
        ix = s.interactions.get(int(parts[1]))
        data = payload.get("data") or {}
        if payload.get("type") == 4:
            return not int(data.get("flags") or 0) & 64
        target = s.messages.get(ix.message_id) if ix is not None and ix.message_id else None
        return payload.get("type") == 7 and target is not None and not target.is_ephemeral
    if parts[0] == "webhooks" and len(parts) >= 3:
        if len(parts) == 3:
            return not int(payload.get("flags") or 0) & 64
        ix = s._by_token.get(parts[2])
        target_id = (ix.original_id if ix else None) if parts[4] == "@original" else int(parts[4])
        target = s.messages.get(target_id) if target_id else None
        return target is not None and not target.is_ephemeral
    return False


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--limit", type=int, default=2000, help="decisions per game at most")
    parser.add_argument("--no-rate-limit", action="store_true")
    args = parser.parse_args()
    names = [g.strip() for g in args.games.split(",") if g.strip()]
    standin = StandIn(channel_ids=tuple(900_000_000_000_000_201 + i for i in range(len(names))),
                      rate_limit=None if args.no_rate_limit else (5, 5.0))
    await standin.start()
    with tempfile.TemporaryDirectory() as tmp:
        bot = BotProcess(standin, Path(tmp) / "bench.db", seed=args.seed, log_level="INFO",
                         env={"HOARD_TEST_WARM": "1"})
        await bot.start()
        warmed = time.perf_counter()
        while "Renderers warmed" not in bot.log_text() and time.perf_counter() - warmed < 120:
            await asyncio.sleep(0.2)  # as `hoard discord`: the first boards are not rendered cold
        await asyncio.sleep(0.5)
        runs = [GameRun(g, c) for g, c in zip(names, standin.channel_ids, strict=True)]
        players = [Player(standin, bot.db, r, args.seed * 100 + i, args.think) for i, r in enumerate(runs)]
        started = time.perf_counter()
        await asyncio.gather(*(p.play(args.limit) for p in players))
        await asyncio.sleep(6)  # let the last throttled writes land
        print(f"{len(runs)} games at once, seed {args.seed}, think {args.think} s, "
              f"{'no rate limit' if args.no_rate_limit else '5 writes / 5 s per channel'}, "
              f"{time.perf_counter() - started:.0f} s")
        report(standin, runs)
        load = os.getloadavg()
        await bot.stop()
        bot_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        own = resource.getrusage(resource.RUSAGE_SELF)
        print(f"CPU: bot {bot_cpu.ru_utime + bot_cpu.ru_stime:.0f} s, stand-in and players "
              f"{own.ru_utime + own.ru_stime:.0f} s; load average {load[0]:.1f} {load[1]:.1f} "
              f"{load[2]:.1f} (1/5/15 min, at the end)")
        if "Traceback" in bot.log_text():
            print(bot.log_text()[-3000:])
    await standin.close()


if __name__ == "__main__":
    asyncio.run(main())
