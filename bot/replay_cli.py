"""`hoard replay RECORD --out DIR`: a record file's replay as PNG frames and an animation.

    hoard replay game.json                 frames and game.webp into ./hoard-out
    hoard replay game.json --out DIR --gif an animated GIF instead of WebP
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import locales
from bot.records import RecordError, loads
from bot.replays import build_replay, write_replay
from games.text import Text, plural

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declares the command's arguments (for a launcher sub-parser too)."""
    parser.add_argument("record", type=Path, help="a record file exported by /history")
    parser.add_argument("--out", type=Path, default=Path("hoard-out"),
                        help="the folder for the frames and the animation (default: hoard-out)")
    parser.add_argument("--gif", action="store_true", help="an animated GIF instead of WebP")
    parser.add_argument("--lang", help="the language of the frames: de or en (default: from LANG)")


def run(args: argparse.Namespace) -> int:
    """Replays the file and writes its frames; returns the exit status (2 for a refused file).
    Frames and messages are in --lang (else the environment's LANG)."""
    lang = locales.language_of(getattr(args, "lang", None) or os.environ.get("LC_ALL")
                               or os.environ.get("LANG"))
    tr = locales.translator(lang)
    try:
        data = args.record.read_bytes()
    except OSError as error:
        print(tr(Text("hoard replay: cannot read {file}: {error}", file=str(args.record),
                      error=error.strerror or "")), file=sys.stderr)
        return 2
    try:
        replay = build_replay(loads(data))
    except RecordError as error:
        print(f"hoard replay: {args.record}: {tr(error.args[0] if error.args else '')}",
              file=sys.stderr)
        return 2
    paths = write_replay(replay, args.out, kind="gif" if args.gif else "webp",
                         stem=args.record.stem, lang=lang)
    print(tr(plural("{title}: {n} step; {frames} frames and the animation in {folder}",
                    "{title}: {n} steps; {frames} frames and the animation in {folder}",
                    len(replay.steps), title=replay.title, frames=len(paths) - 1,
                    folder=str(args.out))))
    print(paths[-1])
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hoard replay", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
