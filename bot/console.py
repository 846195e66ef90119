"""The local console: plays a channel from typed lines, as Discord would, with PNGs written to a folder.

Each line is `@user /command args` or `@user N` (take move N of that user's list) or `@user code`.
A line may start with `#channel` to play at another table. The console shows the same replies as
Discord: the lobby, a new board (or "board updated" for an edit of the current one), results and
reminders publicly, private replies marked as such; every image is written to the output folder
and its path printed, and what was shown is marked delivered in the outbox. After each command the
console shows the menu of whoever is newly to move (as if they had pressed "Hand"), unless
`--no-auto-hand`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

import locales
from bot.host import Host
from bot.messages import Choice, Command, Control, Reply, ReplyKind, Verb
from bot.records import RecordError
from bot.replays import write_replay
from games.text import Text, plural

log = logging.getLogger(__name__)

DEFAULT_CHANNEL = "console"
_LINE = re.compile(r"^(?:#(?P<channel>\S+)\s+)?@(?P<user>\w[\w.-]*)\s+(?P<rest>.+)$")

HELP = Text("""Type lines like:
  @alice /join                  @bob /join      @alice /start
  @alice 2                      (take move 2 of alice's list)
  @bob /addbot   /match 3   /sumof 2   /hand   /status   /resign   /rules   /leave   /timer 120
  @alice /rematch   /next   /option faction scales   /addbot hard
  @alice /leaderboard [game]   /profile [user]   /history [user] [export=<id>]   /replay [id]
  @alice /deck new <name> <faction>   /deck code   @bob /deck import <code>   /card <name>
  #room2 @carol /join <game>   (another channel; /rules lists the games)
  /quit to leave.""")


def console_language(choice: str | None = None) -> str:
    """The console's language: --lang when given, else the environment's LANG (English else)."""
    if choice:
        return locales.language_of(choice)
    return locales.language_of(os.environ.get("LC_ALL") or os.environ.get("LANG"))


def parse_line(line: str, lang: str | None = None) -> Command | None:
    """Turns a typed line into a Command; None for blank lines and comments.

    :raises ValueError: when the line is not of the form `@user ...`.
    """
    line = line.strip()
    if not line or line.startswith("//"):
        return None
    match = _LINE.match(line)
    if match is None:
        raise ValueError(Text("Start the line with @name, e.g. '@alice /join' or '@alice 2'."))
    channel = match.group("channel") or DEFAULT_CHANNEL
    user = match.group("user")
    rest = match.group("rest").strip()
    if rest.startswith("/"):
        word, *args = rest[1:].split()
        try:
            verb = Verb(word.lower())
        except ValueError:
            known = ", ".join("/" + v.value for v in Verb if v is not Verb.PLAY)
            raise ValueError(Text("Unknown command /{word}. Commands: {known}.", word=word,
                                  known=known)) from None
        return Command(channel, user, user, verb, tuple(args), locale=lang, guild_locale=lang)
    return Command(channel, user, user, Verb.PLAY, (rest,), locale=lang, guild_locale=lang)


_TITLED = (ReplyKind.BOARD, ReplyKind.HAND, ReplyKind.RESULT, ReplyKind.LOBBY)
_COMMANDS = {Control.JOIN: "join", Control.ADDBOT: "addbot", Control.LEAVE: "leave",
             Control.START: "start", Control.REMATCH: "rematch", Control.NEXT: "next"}


def menu_lines(choices: Sequence[Choice]) -> list[str]:
    """Lays out numbered choices, one line per label prefix: `Play > Dwarf: [3] x1 · [4] x2`."""
    lines: list[str] = []
    current: tuple[str, ...] | None = None
    for number, choice in enumerate(choices, 1):
        head, last = choice.label[:-1], choice.label[-1]
        if head and head == current:
            lines[-1] += f" · [{number}] {last}"
        elif head:
            lines.append(f"{' > '.join(head)}: [{number}] {last}")
        else:
            lines.append(f"[{number}] {last}")
        current = head
    return lines


class Console:
    """Feeds lines to a host and prints what the channel would show."""

    def __init__(self, host: Host, out_dir: Path, *, out: TextIO = sys.stdout,
                 auto_hand: bool = True, lang: str | None = None) -> None:
        self.host = host
        self.lang = lang
        """The language of every typed line's user and of new tables (None: each table's own)."""
        self.out_dir = out_dir
        self.out = out
        self.auto_hand = auto_hand
        self._images = 0
        out_dir.mkdir(parents=True, exist_ok=True)

    async def run_line(self, line: str) -> list[Reply]:
        """Runs one typed line and prints its replies."""
        try:
            command = parse_line(line, self.lang)
        except ValueError as error:
            self._print("  ! " + locales.translate(error.args[0] if error.args else "",
                                                   self.lang or locales.DEFAULT))
            return []
        if command is None:
            return []
        self._print(f"> {line.strip()}")
        if command.verb is Verb.REPLAY:
            await self._replay(command)
            return []
        replies = await self.host.handle(command)
        self.show(replies)
        await self.host.delivered(replies)
        if self.auto_hand:
            replies += await self._show_waiting(command.channel, replies)
        return replies

    async def run_lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            if line.strip() in {"/quit", "/exit"} or self.host.failed is not None:
                break
            await self.run_line(line)

    async def _replay(self, command: Command) -> None:
        """Writes a finished game's replay, every step's frame and the animation, to the folder."""
        lang = locales.language_of(command.locale)
        tr = locales.translator(lang)
        mark = tr(Text("  [private to {user}] ", user=command.user))
        try:
            replay = await self.host.lookups.replay_of(command)
        except RecordError as refusal:
            self._print(f"{mark}⚠ {tr(refusal.args[0] if refusal.args else '')}")
            return
        paths = await asyncio.to_thread(write_replay, replay, self.out_dir, lang=lang)
        self._print(f"{mark}== {tr(replay.title)} ==")
        self._print(mark + tr(plural(
            "{n} step: frame {first} and the animation in {folder}",
            "{n} steps: frames {first} to {last} and the animation in {folder}",
            len(replay.steps), first=paths[0].name, last=paths[-2].name, folder=str(self.out_dir))))
        self._print(f"{mark}{replay.text(replay.last, lang).splitlines()[-1]}")
        self._print(mark + tr(Text("[animation: {path}]", path=str(paths[-1]))))

    async def _show_waiting(self, channel: str, replies: list[Reply]) -> list[Reply]:
        boards = [r for r in replies if r.kind is ReplyKind.BOARD and not r.is_private]
        if not boards:
            return []
        shown: list[Reply] = []
        has_hand = {r.private_to for r in replies if r.kind is ReplyKind.HAND}
        for user in boards[-1].waiting_on:
            if user in has_hand:
                continue
            hand = await self.host.handle(Command(channel, user, user, Verb.HAND,
                                                  locale=self.lang, guild_locale=self.lang))
            self.show(hand)
            shown += hand
        return shown

    def show(self, replies: Iterable[Reply]) -> None:
        """Prints replies: public ones plainly, private ones marked, images saved."""
        for reply in replies:
            tr = locales.translator(reply.lang)
            prefix = (tr(Text("  [private to {user}] ", user=reply.private_to)) if reply.private_to
                      else "  ")
            if reply.kind is ReplyKind.ERROR:
                prefix += "⚠ "
            if reply.title and (reply.kind in _TITLED or reply.title not in reply.text):
                edit = tr(Text(" (board updated)")) if reply.kind is ReplyKind.BOARD and not (
                    reply.fresh or reply.is_private) else ""
                self._print(f"{prefix}== {reply.title}{edit} ==")
            if reply.notice:
                self._print(f"{prefix}{reply.notice}")
            for line in reply.text.splitlines():
                self._print(f"{prefix}{line}")
            for name, value in reply.fields:
                for number, line in enumerate(value.splitlines() or [""]):
                    self._print(f"{prefix}{name + ': ' if number == 0 else '  '}{line}")
            for line in menu_lines(reply.choices):
                self._print(f"{prefix}  {line}")
            if reply.controls:
                self._print(prefix + " ".join(f"[/{_COMMANDS[c]}]" for c in reply.controls))
            if reply.buttons:
                self._print(prefix + " ".join(f"[{b.label}]" for b in reply.buttons))
            if reply.file is not None:
                path = self.out_dir / reply.file_name
                path.write_bytes(reply.file)
                self._print(prefix + tr(Text("[file: {path}]", path=str(path))))
            if reply.image is not None:
                self._images += 1
                who = reply.private_to or "public"
                path = self.out_dir / f"{self._images:04d}-{reply.channel}-{who}-{reply.image_name}"
                path.write_bytes(reply.image)
                self._print(prefix + tr(Text("[image: {path}]", path=str(path))))

    def _print(self, text: str) -> None:
        print(text, file=self.out)


async def run_console(db_path: str | Path, out_dir: Path, script: Path | None, *,
                      auto_hand: bool = True, lang: str | None = None) -> None:
    """Runs the console over a script, piped input, or interactive input, in `lang` (--lang)
    or the environment's LANG; raises StoreError when the database cannot be opened, or stops
    reading and raises it when it fails while running."""
    host = await Host.open(db_path)
    console = Console(host, out_dir, auto_hand=auto_hand, lang=console_language(lang))
    try:
        owed = await host.pending()  # what a crash kept from being shown last time
        console.show(owed)
        await host.delivered(owed)
        if script is not None:
            await console.run_lines(script.read_text(encoding="utf-8").splitlines())
        elif not sys.stdin.isatty():
            await console.run_lines(sys.stdin.read().splitlines())
        else:
            tr = locales.translator(console.lang or locales.DEFAULT)
            print(tr(Text("Hoard local console — one Discord channel on your terminal.")))
            print(tr(HELP))
            print(tr(Text("Images go to {folder}/, the database is {database}.",
                          folder=str(out_dir), database=str(db_path))))
            while True:
                try:
                    line = await asyncio.to_thread(input, "hoard> ")
                except EOFError:
                    break
                if line.strip() in {"/quit", "/exit"} or host.failed is not None:
                    break
                if line.strip() in {"/help", "help"}:
                    print(tr(HELP))
                    continue
                await console.run_line(line)
    finally:
        await host.close()
    if host.failed is not None:
        raise host.failed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--script", type=Path, help="run the lines of this file, then exit")
    parser.add_argument("--out", type=Path, help="folder for images (default hoard-out/)")
    parser.add_argument("--db", help="SQLite file or database URL (default HOARD_DATABASE_URL, "
                                      "else HOARD_DB, else hoard.db)")
    parser.add_argument("--lang", help="the language to play in: de or en (default: from LANG)")
    parser.add_argument("--no-auto-hand", action="store_true",
                        help="do not show the menu of whoever is to move after each command")
