"""The `hoard` command: the local console without a token, Discord with one.

    hoard                 Discord when DISCORD_TOKEN is set, else the local console
    hoard console [...]   always the local console (--script FILE, --out DIR, --db PATH)
    hoard discord         always Discord (needs DISCORD_TOKEN)
    hoard replay RECORD   a record file (from /history export) as frames and an animation (--out DIR)
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import logging.handlers
import sys
from collections.abc import Coroutine, Sequence
from typing import Any

from bot import replay_cli
from bot.config import Settings, load_dotenv
from bot.console import add_arguments, run_console
from bot.store import StoreError
from games.native import stale_warning

log = logging.getLogger(__name__)


def setup_logging(level: str, *, quiet: bool) -> None:
    """Logs to stderr (warnings only in the console, so the game stays readable), starting with
    a warning when compiled engine modules are older than their sources (`games.native`)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel("WARNING" if quiet else level)
    logging.getLogger("discord.http").setLevel(logging.WARNING)
    stale = stale_warning()
    if stale is not None:
        log.warning("%s", stale)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hoard", description="Dragon card games for Discord.")
    sub = parser.add_subparsers(dest="mode")
    add_arguments(sub.add_parser("console", help="play a channel in this terminal"))
    sub.add_parser("discord", help="connect to Discord (needs DISCORD_TOKEN)")
    replay_cli.add_arguments(sub.add_parser(
        "replay", help="write a record file's replay: frames and an animation"))
    args = parser.parse_args(argv)
    if args.mode == "replay":
        setup_logging("WARNING", quiet=True)
        return replay_cli.run(args)
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ValueError as error:
        parser.error(str(error))
    mode = args.mode or ("discord" if settings.token else "console")
    setup_logging(settings.log_level, quiet=mode == "console")
    if mode == "discord" and not settings.token:
        parser.error("DISCORD_TOKEN is not set (see .env.example).")
    return run_guarded(_run(mode, args, settings))


def run_guarded(main: Coroutine[Any, Any, None]) -> int:
    """Runs Hoard's main coroutine; a database that cannot be used (at start, or failing while
    running) ends it with one line naming the database and the cause, and exit status 2."""
    try:
        asyncio.run(main)
    except StoreError as error:
        print(f"hoard: {error}", file=sys.stderr)
        return 2
    return 0


async def _run(mode: str, args: argparse.Namespace, settings: Settings) -> None:
    if mode == "discord":
        from bot.discord_app import run_discord

        await run_discord(settings)
        return
    await run_console(
        getattr(args, "db", None) or settings.database,
        getattr(args, "out", None) or settings.out_dir,
        getattr(args, "script", None),
        auto_hand=not getattr(args, "no_auto_hand", False),
        lang=getattr(args, "lang", None),
    )


if __name__ == "__main__":
    raise SystemExit(main())
