"""Settings from the environment (or a `.env` file beside the working directory); none live in code.

Every setting is listed, with a comment, in `.env.example`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


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

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Builds settings from `env` (default: the process environment)."""
        env = dict(os.environ) if env is None else env
        guild = env.get("HOARD_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"HOARD_GUILD_ID must be a number, got '{guild}'.")
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            db_path=Path(env.get("HOARD_DB", "hoard.db")),
            out_dir=Path(env.get("HOARD_OUT", "hoard-out")),
            guild_id=int(guild) if guild else None,
            api_base=env.get("HOARD_DISCORD_API", "").strip() or None,
            log_level=env.get("HOARD_LOG_LEVEL", "INFO").upper(),
        )
