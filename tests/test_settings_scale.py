"""Settings for the database, memory bounds and shards: read from the environment, refused with
a message naming the variable when they make no sense."""

from __future__ import annotations

import pytest

from bot.config import Settings
from bot.discord_app import HoardBot, ShardedHoardBot, bot_class
from bot.store import is_postgres, sqlite_path


def test_the_database_url_wins_over_hoard_db_which_keeps_working() -> None:
    """HOARD_DB alone names the SQLite file; HOARD_DATABASE_URL, when set, is what is opened."""
    assert Settings.from_env({"HOARD_DB": "x/h.db"}).database == "x/h.db"
    url = "postgresql://hoard@db/hoard"
    assert Settings.from_env({"HOARD_DB": "x/h.db", "HOARD_DATABASE_URL": url}).database == url
    assert is_postgres(url) and not is_postgres("sqlite:///tmp/h.db")
    assert str(sqlite_path("sqlite:///tmp/h.db")) == "/tmp/h.db"
    assert str(sqlite_path("sqlite:rel/h.db")) == "rel/h.db"


def test_memory_bounds_and_shards_are_read_and_checked() -> None:
    """Numbers come through; shard ids need a count and must fall below it."""
    settings = Settings.from_env({"HOARD_IDLE_SECONDS": "30", "HOARD_MAX_TABLES": "7",
                                  "HOARD_SHARD_COUNT": "4", "HOARD_SHARD_IDS": "1,3"})
    assert (settings.idle_seconds, settings.max_tables) == (30.0, 7)
    assert (settings.shard_count, settings.shard_ids) == (4, (1, 3))
    assert bot_class(settings) is ShardedHoardBot and bot_class(Settings.from_env({})) is HoardBot
    for env, named in [({"HOARD_SHARD_IDS": "0"}, "HOARD_SHARD_COUNT"),
                       ({"HOARD_SHARD_COUNT": "2", "HOARD_SHARD_IDS": "2"}, "HOARD_SHARD_IDS"),
                       ({"HOARD_SHARD_COUNT": "2", "HOARD_SHARD_IDS": "0,0"}, "HOARD_SHARD_IDS"),
                       ({"HOARD_SHARD_COUNT": "two"}, "HOARD_SHARD_COUNT"),
                       ({"HOARD_MAX_TABLES": "0"}, "HOARD_MAX_TABLES")]:
        with pytest.raises(ValueError, match=named):
            Settings.from_env(env)
