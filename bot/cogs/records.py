"""Players remembered: /leaderboard, /profile, /history (and its record export) and /replay."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.table import with_games
from bot.discord_i18n import T
from bot.messages import Verb

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.discord_app import HoardBot

MAX_GAME_ID = 2**53
"""Discord's integer options stop here; game ids are far smaller."""


def _who(user: discord.User | discord.Member | None) -> list[str]:
    return [] if user is None else [f"user={user.id}", f"name={user.display_name}"]


class RecordsCog(commands.Cog, name="Records"):
    """/leaderboard, /profile, /history and /replay; the replay viewer's buttons are
    `bot.discord_views.ReplayItem`, which keep working after a restart."""

    def __init__(self, bot: HoardBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard",
                          description=T("The top 10 of a game in this server, and your own rank."))
    @app_commands.guild_only()
    @app_commands.describe(game=T("The game (default: this table's)."))
    @with_games
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.bot.run_command(interaction, Verb.LEADERBOARD, [game] if game else [])

    @app_commands.command(name="profile",
                          description=T("A player's ratings, results and streaks in every game."))
    @app_commands.guild_only()
    @app_commands.describe(user=T("The player (default: you)."))
    async def profile(self, interaction: discord.Interaction,
                      user: discord.User | None = None) -> None:
        await self.bot.run_command(interaction, Verb.PROFILE, _who(user))

    @app_commands.command(name="history", description=T("The last 10 finished games in this server."))
    @app_commands.guild_only()
    @app_commands.describe(user=T("Only games this player took part in."),
                           export=T("Export this game as a record file."))
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None,
                      export: app_commands.Range[int, 1, MAX_GAME_ID] | None = None) -> None:
        args = _who(user) + ([f"export={export}"] if export is not None else [])
        await self.bot.run_command(interaction, Verb.HISTORY, args)

    @app_commands.command(name="replay", description=T("Watch a finished game again, turn by turn."))
    @app_commands.guild_only()
    @app_commands.describe(game_id=T("The game id from /history (default: this table's last game)."))
    async def replay(self, interaction: discord.Interaction,
                     game_id: app_commands.Range[int, 1, MAX_GAME_ID] | None = None) -> None:
        await self.bot.run_command(interaction, Verb.REPLAY, [str(game_id)] if game_id else [])


async def setup(bot: HoardBot) -> None:
    await bot.add_cog(RecordsCog(bot))
