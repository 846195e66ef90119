"""Settings from the environment (or a `.env` file beside the working directory); none live in code.

Every setting is listed, with a comment, in `.env.example`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar


def load_dotenv(path: Path = Path(".env")) -> None:
    """Reads KEY=VALUE lines from `path` into the environment, never overriding what is set."""
    if not path.is_file():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


@dataclass(frozen=True, slots=True)
class Settings:
    """Hoard's configuration."""

    token: str | None
    """DISCORD_TOKEN: the bot token; without it Hoard runs the local console."""
    db_path: Path
    """HOARD_DB: the SQLite database file."""
    out_dir: Path
    """HOARD_OUT: where the console writes board images."""
    guild_id: int | None
    """HOARD_GUILD_ID: sync slash commands to this guild only (instant, for development)."""
    api_base: str | None
    """HOARD_DISCORD_API: another Discord-compatible REST base URL (a proxy, or the test stand-in)."""
    log_level: str
    """HOARD_LOG_LEVEL: logging level name."""
    database_url: str = ""
    """HOARD_DATABASE_URL: `sqlite:///path/hoard.db` or `postgresql://user@host/db`; when empty,
    the SQLite file HOARD_DB."""
    idle_seconds: float = 600.0
    """HOARD_IDLE_SECONDS: a table untouched this long leaves memory (reloaded when used)."""
    max_tables: int = 5000
    """HOARD_MAX_TABLES: at most this many tables stay in memory (least recently used leave)."""
    shard_count: int | None = None
    """HOARD_SHARD_COUNT: run discord.py's AutoShardedClient with this many shards in all."""
    shard_ids: tuple[int, ...] | None = None
    """HOARD_SHARD_IDS: the shards this process runs (comma-separated; default all of them)."""

    @property
    def database(self) -> str:
        """What the store opens: the database URL, else the SQLite file."""
        return self.database_url or str(self.db_path)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Builds settings from `env` (default: the process environment)."""
        env = dict(os.environ) if env is None else env
        guild = env.get("HOARD_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"HOARD_GUILD_ID must be a number, got '{guild}'.")
        shard_count, shard_ids = _shards(env)
        return cls(
            database_url=env.get("HOARD_DATABASE_URL", "").strip(),
            idle_seconds=_number(env, "HOARD_IDLE_SECONDS", 600.0, float),
            max_tables=_number(env, "HOARD_MAX_TABLES", 5000, int),
            shard_count=shard_count, shard_ids=shard_ids,
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            db_path=Path(env.get("HOARD_DB", "hoard.db")),
            out_dir=Path(env.get("HOARD_OUT", "hoard-out")),
            guild_id=int(guild) if guild else None,
            api_base=env.get("HOARD_DISCORD_API", "").strip() or None,
            log_level=env.get("HOARD_LOG_LEVEL", "INFO").upper(),
        )


N = TypeVar("N", int, float)


def _number(env: dict[str, str], key: str, default: N, kind: type[N]) -> N:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise ValueError(f"{key} must be a number, got '{raw}'.") from None
    if value <= 0:
        raise ValueError(f"{key} must be above 0, got '{raw}'.")
    return value


def _shards(env: dict[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """Reads HOARD_SHARD_COUNT and HOARD_SHARD_IDS (the ids need the count, and fall below it)."""
    count_text = env.get("HOARD_SHARD_COUNT", "").strip()
    ids_text = env.get("HOARD_SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ValueError("HOARD_SHARD_IDS needs HOARD_SHARD_COUNT (the shards in all).")
        return None, None
    count = _number(env, "HOARD_SHARD_COUNT", 1, int)
    if not ids_text:
        return count, None
    try:
        ids = tuple(int(part) for part in ids_text.split(",") if part.strip())
    except ValueError:
        raise ValueError(f"HOARD_SHARD_IDS must be numbers like 0,1; got '{ids_text}'.") from None
    if not ids or any(not 0 <= i < count for i in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"HOARD_SHARD_IDS must name distinct shards from 0 to {count - 1}; "
                         f"got '{ids_text}'.")
    return count, ids
