"""Help: /rules explains a game and Hoard's commands, privately."""

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


class HelpCog(commands.Cog, name="Help"):
    """/rules."""

    def __init__(self, bot: HoardBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description=T("Explain a game's rules and Hoard's commands."))
    @app_commands.guild_only()
    @app_commands.describe(game=T("The game to explain (default: this table's)."))
    @with_games
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.bot.run_command(interaction, Verb.RULES, [game] if game else [])


async def setup(bot: HoardBot) -> None:
    await bot.add_cog(HelpCog(bot))
