"""Which database the backend-sensitive tests run on: SQLite files (the default) or PostgreSQL.

    HOARD_TEST_DATABASE_URL=postgresql:///postgres?host=/tmp/pgsock python -m pytest tests/test_store.py ...

With the variable set, every database path a test names (`tmp_path / "h.db"`) becomes its own
schema of that PostgreSQL database, created on first use, so a test that reopens the same path
(a restart) finds the same data. When PostgreSQL is asked for and cannot be reached, the test
fails: nothing is skipped.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

DATABASE_URL = os.environ.get("HOARD_TEST_DATABASE_URL", "").strip()
_created: set[str] = set()


def on_postgres() -> bool:
    return bool(DATABASE_URL)


def schema_of(path: Path) -> str:
    return "t_" + hashlib.sha1(str(path).encode()).hexdigest()[:20]


def url_for(path: Path) -> str:
    """The PostgreSQL URL that stands for the file `path`: the same database, its own schema."""
    parts = urlsplit(DATABASE_URL)
    query = "&".join(q for q in (parts.query, urlencode({"search_path": schema_of(path)})) if q)
    return urlunsplit(parts._replace(query=query))


async def database(path: Path) -> str | Path:
    """Returns what a test opens for `path`: the path itself, or its PostgreSQL schema's URL."""
    if not DATABASE_URL:
        return path
    schema = schema_of(path)
    if schema not in _created:
        import asyncpg

        conn = await asyncpg.connect(DATABASE_URL)
        try:
            await conn.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        finally:
            await conn.close()
        _created.add(schema)
    return url_for(path)


def database_env(path: Path) -> dict[str, str]:
    """The environment a bot child needs to open `path` (call `database` first)."""
    if not DATABASE_URL:
        return {"HOARD_DB": str(path), "HOARD_DATABASE_URL": ""}
    return {"HOARD_DATABASE_URL": url_for(path)}
