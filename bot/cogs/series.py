"""Series of games: /match X (the first to X wins) and /sumof X (X games, the highest total)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_i18n import T
from bot.messages import Verb
from bot.table import SERIES_LIMIT

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.discord_app import HoardBot


class SeriesCog(commands.Cog, name="Series"):
    """/match and /sumof."""

    def __init__(self, bot: HoardBot) -> None:
        self.bot = bot

    @app_commands.command(name="match", description=T("Play a match: the first to win X games wins."))
    @app_commands.guild_only()
    @app_commands.describe(x=T("How many games must be won (1-99)."))
    async def match(self, interaction: discord.Interaction,
                    x: app_commands.Range[int, 1, SERIES_LIMIT]) -> None:
        await self.bot.run_command(interaction, Verb.MATCH, [str(x)])

    @app_commands.command(name="sumof", description=T("Play X games and add up the scores."))
    @app_commands.guild_only()
    @app_commands.describe(x=T("How many games to play (1-99)."))
    async def sumof(self, interaction: discord.Interaction,
                    x: app_commands.Range[int, 1, SERIES_LIMIT]) -> None:
        await self.bot.run_command(interaction, Verb.SUMOF, [str(x)])


async def setup(bot: HoardBot) -> None:
    await bot.add_cog(SeriesCog(bot))
