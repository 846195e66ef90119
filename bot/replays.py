"""Replays: a finished game's record replayed through its game, seen only as a spectator sees it.

`build_replay` turns a `GameRecord` into `Step`s, one per turn handover: consecutive actions of
one seat form one step until another seat decides or the turn passes (the way the live board
message is edited, then posted anew). Each step keeps only the spectator view
(`view(state, None)`) after it and the public text of its events (`visible_events(events, None)`);
the states themselves are dropped, so a replay cannot show a hand, a deck order or a face-down
card, not even to the players. Frames are the game's renderer drawing those views.

Around it, without any transport: `viewer_page` (the message a viewer shows, with ⏮ ◀ ▶ ⏭ and
Animation buttons whose custom_ids carry the game id and step, so they keep working after a
restart), `parse_viewer_id`, `build_animation` (animated WebP or GIF, one frame per step, at
most 8 MiB, downscaled when needed), `write_replay` (frames and animation into a folder) and
`ReplayCache` (recently viewed replays, so a step click only renders).

A replay is language-free: its lines are `Text`s with seat placeholders, and each caption, button
and frame is made in the language asked for (`lang`), the frames cached per language.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
from PIL import Image, ImageDraw

import games
import locales
from bot.records import NOT_FINISHED, GameRecord, RecordError, corrupted, load_game_record
from games.core import RESIGN_CODE, Event, Game, IllegalAction, Seat, View, visible_events
from games.levels import shown_name
from games.text import Text, and_list, join_texts, plural, seat_ref
from renderers.common import font

log = logging.getLogger(__name__)

MAX_ANIMATION_BYTES = 8 * 1024 * 1024
FRAME_MS = 1200
LAST_FRAME_MS = 4000
MAX_TEXT = 1800
"""Characters of step text in a viewer message (Discord allows 2000 in a message)."""

VIEWER_PREFIX = "hoardreplay"
VIEWER_VERBS = ("first", "prev", "next", "last", "anim")
VIEWER_TEMPLATE = rf"{VIEWER_PREFIX}:(?P<game>[0-9]+):(?P<step>[0-9]+):(?P<verb>{'|'.join(VIEWER_VERBS)})"
"""The custom_id of every viewer button, for a `DynamicItem` template."""
_VIEWER_ID = re.compile(VIEWER_TEMPLATE)
_BUTTONS = (("first", "⏮"), ("prev", "◀"), ("next", "▶"), ("last", "⏭"), ("anim", Text("Animation")))


def personalise(text: str, names: Sequence[str]) -> str:
    """Replaces the seat placeholders {p0}, {p1}, ... with player names."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: a run of actions by one seat and what the public saw after it."""

    index: int
    first: int
    """The log index of its first action (0 for the opening step, which has none)."""
    actions: int
    """How many log entries it covers."""
    seat: Seat | None
    """Who decided (None for the opening position)."""
    lines: tuple[str, ...]
    """The public events of the step (texts with seat placeholders, translated when shown)."""
    view: View
    """The spectator view after the step."""


@dataclass
class Replay:
    """A finished game as a sequence of spectator steps, with its frames drawn on demand."""

    game: str
    names: tuple[str, ...]
    steps: tuple[Step, ...]
    game_id: int | None = None
    _frames: dict[tuple[str, int], bytes] = field(default_factory=dict, repr=False)

    @property
    def title(self) -> str:
        """The replay's title, a `Text` to translate ("Replay of <game> #12")."""
        info = games.get(self.game).info
        if self.game_id is None:
            return Text("Replay of {game}", game=info.title)
        return Text("Replay of {game} #{id}", game=info.title, id=str(self.game_id))

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def shown_names(self, lang: str) -> list[str]:
        """The players' names in `lang` (a computer's level in that language)."""
        return [locales.translate(shown_name(n), lang) for n in self.names]

    def frame(self, index: int, lang: str = locales.DEFAULT) -> bytes:
        """Returns step `index`'s board as PNG in `lang`, drawn from its spectator view (cached)."""
        png = self._frames.get((lang, index))
        if png is None:
            renderer = games.entry(self.game).load_renderer()
            png = renderer.render_board(self.steps[index].view, names=self.shown_names(lang),
                                        tr=locales.translator(lang))
            self._frames[(lang, index)] = png
        return png

    def frames(self, lang: str = locales.DEFAULT) -> list[bytes]:
        return [self.frame(i, lang) for i in range(len(self.steps))]

    def lines(self, index: int, lang: str = locales.DEFAULT) -> list[str]:
        """Returns a step's public lines in `lang`, names filled in."""
        names = self.shown_names(lang)
        return [_tidy(personalise(locales.translate(line, lang), names))
                for line in self.steps[index].lines]

    def text(self, index: int, lang: str = locales.DEFAULT) -> str:
        """Returns a step's caption: where it is in the game, who acted and what the public saw."""
        step = self.steps[index]
        who = Text("the start") if step.seat is None else shown_name(self.names[step.seat])
        head = locales.translate(Text("Step {step} of {steps} · {who}", step=index + 1,
                                      steps=len(self.steps), who=who), lang)
        body = "\n".join(self.lines(index, lang))
        text = f"{head}\n{body}" if body else head
        return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"

    def label(self, index: int, lang: str = locales.DEFAULT) -> str:
        """Returns the short caption stamped on an animation frame."""
        step = self.steps[index]
        who = Text("start") if step.seat is None else shown_name(self.names[step.seat])
        return locales.translate(Text("{step}/{steps} · {who}", step=index + 1,
                                      steps=len(self.steps), who=who), lang)


def _tidy(line: str) -> str:
    """Drops a reason's own full stop inside the closing line's brackets ("(… base.).")."""
    return line.replace(".).", ").").replace("!).", ").")


# -- building -------------------------------------------------------------------------------------

def build_replay(game_record: GameRecord) -> Replay:
    """Replays a record into spectator steps; raises RecordError when an action is not legal."""
    game = games.get(game_record.game)
    record = game_record.record
    names = tuple(game_record.names)
    state = game.new_game(record.seed, record.players, record.options)
    opening = Text("{game} begins: {players}.", game=game.info.title,
                   players=join_texts(seat_ref(s) for s in range(len(names))))
    steps = [Step(0, 0, 0, None, (opening,), game.view(state, None))]
    lines: list[str] = []
    first = 0
    forfeit: tuple[Seat, ...] | None = None
    log_ = record.log
    for index, entry in enumerate(log_):
        if forfeit is not None:
            raise RecordError(corrupted(Text("action {number} follows a forfeit.",
                                             number=index + 1)))
        active = game.header(state)["active"]
        events = _apply(game, state, entry.seat, entry.code, index)
        if events is None:
            forfeit = tuple(s for s in range(record.players) if s != entry.seat)
            events = [Event(Text("{player} resigned.", player=seat_ref(entry.seat)))]
        lines += [e.text for e in visible_events(events, None)]
        following = log_[index + 1] if index + 1 < len(log_) else None
        if (following is None or following.seat != entry.seat or forfeit is not None
                or game.header(state)["active"] != active):
            steps.append(Step(len(steps), first, index + 1 - first, entry.seat, tuple(lines),
                              game.view(state, None)))
            lines, first = [], index + 1
    final = steps[-1]
    closing = _result_line(game, state, names, forfeit, final.lines)
    steps[-1] = Step(final.index, final.first, final.actions, final.seat,
                     (*final.lines, closing), final.view)
    return Replay(game.info.name, names, tuple(steps), game_record.game_id)


def _apply(game: Game[Any, Any], state: Any, seat: Seat, code: str,
           index: int) -> list[Event] | None:
    """Applies one log entry; returns its events, or None for a forfeit."""
    try:
        if code == RESIGN_CODE:
            return game.resign(state, seat)
        return game.apply_code(state, seat, code)
    except IllegalAction as error:
        raise RecordError(corrupted(Text("action {number} ('{code}' by seat {seat}) is not legal "
                                         "there: {error}", number=index + 1, code=code, seat=seat,
                                         error=error.args[0] if error.args else ""))) from None


def _result_line(game: Game[Any, Any], state: Any, names: Sequence[str],
                 forfeit: tuple[Seat, ...] | None, told: Sequence[str]) -> str:
    """Returns the closing line: the scores, who won and why (unless the events `told` it)."""
    outcome = game.outcome(state)
    if forfeit is None and outcome is None:
        raise RecordError(NOT_FINISHED)
    winners = forfeit if forfeit is not None else outcome.winners if outcome else ()
    scores = join_texts(Text("{player} {score}", player=seat_ref(s), score=game.score(state, s))
                        for s in range(len(names)))
    verdict = Text("a draw") if not winners else plural(
        "{players} wins", "{players} win", len(winners),
        players=and_list([seat_ref(s) for s in winners]))
    why = outcome.reason if outcome is not None else ""
    if forfeit is not None or not why or any(str(why).rstrip(".") in str(line) for line in told):
        return Text("Game over: {scores} — {verdict}.", scores=scores, verdict=verdict)
    return Text("Game over: {scores} — {verdict} ({reason}).", scores=scores, verdict=verdict,
                reason=why)


# -- the viewer -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ViewerButton:
    label: str
    custom_id: str
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class ViewerPage:
    """What a viewer message shows at one step: title, caption, board image and buttons."""

    title: str
    text: str
    image: bytes
    image_name: str
    step: int
    steps: int
    buttons: tuple[ViewerButton, ...]


def viewer_id(game_id: int, step: int, verb: str) -> str:
    """Returns a viewer button's custom_id (all the state a click needs, so restarts are fine)."""
    return f"{VIEWER_PREFIX}:{game_id}:{step}:{verb}"


def parse_viewer_id(custom_id: str) -> tuple[int, int, str] | None:
    """Returns (game id, step shown, verb) of a viewer button, or None for another custom_id."""
    match = _VIEWER_ID.fullmatch(custom_id)
    if match is None:
        return None
    return int(match["game"]), int(match["step"]), match["verb"]


def target_step(replay: Replay, step: int, verb: str) -> int:
    """Returns the step a navigation button leads to from `step` (clamped to the replay)."""
    moves = {"first": 0, "prev": step - 1, "next": step + 1, "last": replay.last}
    return max(0, min(replay.last, moves.get(verb, step)))


def viewer_page(replay: Replay, step: int, *, lang: str = locales.DEFAULT) -> ViewerPage:
    """Returns the viewer at `step` in `lang`; the replay must have a game id (it goes into the
    buttons)."""
    if replay.game_id is None:
        raise ValueError("a viewer needs a stored game (a replay with a game id)")
    step = max(0, min(replay.last, step))
    disabled = {"first": step == 0, "prev": step == 0, "next": step == replay.last,
                "last": step == replay.last, "anim": False}
    buttons = tuple(ViewerButton(locales.translate(label, lang), viewer_id(replay.game_id, step, verb),
                                 disabled[verb]) for verb, label in _BUTTONS)
    return ViewerPage(locales.translate(replay.title, lang), replay.text(step, lang),
                      replay.frame(step, lang),
                      f"replay-{replay.game_id}-{step + 1}.png", step, len(replay.steps), buttons)


class ReplayCache:
    """Recently viewed replays by (guild, game id), so a button click only draws a frame."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int], Replay] = OrderedDict()

    async def get(self, db: aiosqlite.Connection, game_id: int, guild: str) -> Replay:
        """Returns the replay of a finished game of `guild`; raises RecordError (unknown id, other
        guild, still running, unreadable log)."""
        key = (guild, game_id)
        replay = self._items.get(key)
        if replay is None:
            record = await load_game_record(db, game_id, guild)
            replay = await asyncio.to_thread(build_replay, record)
            self._items[key] = replay
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        self._items.move_to_end(key)
        return replay


# -- animation ------------------------------------------------------------------------------------

_STRIP = 26


def build_animation(frames: Sequence[bytes], *, labels: Sequence[str] | None = None,
                    kind: str = "webp", max_bytes: int = MAX_ANIMATION_BYTES,
                    frame_ms: int = FRAME_MS, last_ms: int = LAST_FRAME_MS) -> bytes:
    """Returns an animated WebP (or GIF) of PNG frames, one frame each, at most `max_bytes`.

    Frames are padded to one size and stamped with their label (which also keeps equal boards
    apart, so no encoder merges them); when the result is too big the frames are scaled down
    and encoded again.
    """
    if kind not in ("webp", "gif"):
        raise ValueError(f"expected an animation kind of webp or gif, got {kind!r}")
    if not frames:
        raise ValueError("an animation needs at least one frame")
    images = _stamped(frames, labels)
    durations = [frame_ms] * (len(images) - 1) + [last_ms]
    scale = 1.0
    for _ in range(8):
        data = _encode(images, durations, kind, scale)
        if len(data) <= max_bytes:
            log.debug("Animation of %d frames: %d bytes at scale %.2f", len(images), len(data),
                      scale)
            return data
        scale *= max(0.5, min(0.95, math.sqrt(max_bytes / len(data)) * 0.95))
    raise ValueError(f"could not fit {len(images)} frames into {max_bytes} bytes")


def _stamped(frames: Sequence[bytes], labels: Sequence[str] | None) -> list[Image.Image]:
    """Returns the frames as RGB images of one size, each with its label in a strip below."""
    decoded = [Image.open(io.BytesIO(png)).convert("RGB") for png in frames]
    width = max(i.width for i in decoded)
    height = max(i.height for i in decoded)
    background = decoded[0].getpixel((0, 0))
    label_font = font(15)
    out = []
    for index, image in enumerate(decoded):
        canvas = Image.new("RGB", (width, height + _STRIP), background)
        canvas.paste(image, (0, 0))
        if labels is not None:
            ImageDraw.Draw(canvas).text((10, height + _STRIP // 2), labels[index],
                                        font=label_font, fill=(235, 235, 235), anchor="lm")
        out.append(canvas)
    return out


def _encode(images: Sequence[Image.Image], durations: list[int], kind: str, scale: float) -> bytes:
    if scale < 1.0:
        size = (max(1, round(images[0].width * scale)), max(1, round(images[0].height * scale)))
        images = [i.resize(size, Image.Resampling.LANCZOS) for i in images]
    buffer = io.BytesIO()
    first, rest = images[0], list(images[1:])
    if kind == "webp":
        first.save(buffer, format="WEBP", save_all=True, append_images=rest, duration=durations,
                   loop=0, lossless=True, quality=10, method=1)  # flat boards: small, sharp and fast
    else:
        palette = [i.quantize(colors=255, method=Image.Quantize.FASTOCTREE) for i in images]
        palette[0].save(buffer, format="GIF", save_all=True, append_images=palette[1:],
                        duration=durations, loop=0, optimize=False, disposal=1)
    return buffer.getvalue()


def animation(replay: Replay, *, kind: str = "webp", max_bytes: int = MAX_ANIMATION_BYTES,
              lang: str = locales.DEFAULT) -> bytes:
    """Returns the whole replay as an animation in `lang`, one frame per step."""
    labels = [replay.label(i, lang) for i in range(len(replay.steps))]
    return build_animation(replay.frames(lang), labels=labels, kind=kind, max_bytes=max_bytes)


def write_replay(replay: Replay, folder: str | Path, *, kind: str = "webp",
                 stem: str | None = None, lang: str = locales.DEFAULT) -> list[Path]:
    """Writes every step's frame (PNG) and the animation into `folder`; returns the paths, the
    animation last. The console's /replay and `hoard replay` use it."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    stem = stem or (f"replay-{replay.game_id}" if replay.game_id is not None
                    else f"replay-{replay.game}")
    paths = []
    for index in range(len(replay.steps)):
        path = out / f"{stem}-step-{index + 1:03d}.png"
        path.write_bytes(replay.frame(index, lang))
        paths.append(path)
    path = out / f"{stem}.{kind}"
    path.write_bytes(animation(replay, kind=kind, lang=lang))
    paths.append(path)
    return paths


__all__ = ["MAX_ANIMATION_BYTES", "VIEWER_TEMPLATE", "Replay", "ReplayCache",
           "Step", "ViewerButton", "ViewerPage", "animation", "build_animation", "build_replay",
           "parse_viewer_id", "target_step", "viewer_id", "viewer_page", "write_replay"]
