"""Hoard's slash commands, one cog per feature (RoboDanny's shape): each is thin over the host."""

EXTENSIONS = ("bot.cogs.table", "bot.cogs.series", "bot.cogs.help", "bot.cogs.records",
              "bot.cogs.decks")
"""Loaded in this order by `HoardBot.setup_hook`; one that fails to load is logged and skipped."""
