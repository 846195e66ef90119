"""The table's commands: seats, starting, the private hand, giving up, status and the timer."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games
import locales
from bot.discord_i18n import T
from bot.messages import Verb
from bot.option_texts import option_name, option_value
from bot.table import MAX_TIMER, MIN_TIMER
from games.levels import LEVEL_NAMES
from games.text import Text

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.discord_app import HoardBot


def game_choices() -> list[app_commands.Choice[str]]:
    """The registered games as choices of a slash option (at most Discord's 25)."""
    return [app_commands.Choice(name=g.info.title[:100], value=g.info.name)
            for g in games.all_games()][:25]


LANGUAGE_CHOICES = [app_commands.Choice(name="Deutsch", value="de"),
                    app_commands.Choice(name="English", value="en")]
"""The table languages, each named in itself (as language pickers do)."""


def with_games(func: Any) -> Any:
    choices = game_choices()
    return app_commands.choices(game=choices)(func) if choices else func


class TableCog(commands.Cog, name="Table"):
    """/join, /leave, /addbot, /start, /hand, /resign, /status and /timer."""

    def __init__(self, bot: HoardBot) -> None:
        self.bot = bot

    @app_commands.command(name="join", description=T("Take a seat at this channel's table (the first join picks the game)."))
    @app_commands.guild_only()
    @app_commands.describe(game=T("The game to play (only the first player chooses)."),
                           option=T("A game option as name=value, e.g. a faction."),
                           deck=T("One of your saved decks (see /deck)."),
                           lang=T("The table's language (default: the server's)."))
    @app_commands.choices(lang=LANGUAGE_CHOICES)
    @with_games
    async def join(self, interaction: discord.Interaction, game: str | None = None,
                   option: str | None = None, deck: str | None = None,
                   lang: str | None = None) -> None:
        args = [a for a in (game, *(option or "").split()) if a]
        if deck:
            args.append(f"deck={deck}")
        if lang:
            args.append(f"lang={lang}")
        await self.bot.run_command(interaction, Verb.JOIN, args)

    @join.autocomplete("deck")
    async def join_deck(self, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        from bot.cogs.decks import deck_names

        return await deck_names(self.bot, interaction, current)

    @join.autocomplete("option")
    async def join_option(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        chosen = games.find(interaction.namespace.game or "")
        tr = locales.translator(locales.language_of(interaction.locale.value))
        found: dict[str, str] = {}
        for g in [chosen] if chosen else games.all_games():
            for spec in g.info.options:
                for value in (*spec.choices, *(("random",) if spec.per_seat else ())):
                    text = f"{spec.name}={value}"
                    label = tr(Text("{option}: {value}", option=option_name(spec.name),
                                    value=option_value(value, spec.labels)))
                    wanted = current.lower()
                    if (wanted in text.lower() or wanted in label.lower()) and text not in found:
                        found[text] = label
        return [app_commands.Choice(name=label[:100], value=text[:100])
                for text, label in list(found.items())[:25]]

    @app_commands.command(name="leave", description=T("Leave this channel's table."))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.run_command(interaction, Verb.LEAVE)

    @app_commands.command(name="addbot", description=T("Add a computer player to the table."))
    @app_commands.guild_only()
    @app_commands.describe(level=T("How strongly it plays (default: normal)."))
    @app_commands.choices(level=[app_commands.Choice(name=name, value=name) for name in LEVEL_NAMES])
    async def addbot(self, interaction: discord.Interaction, level: str | None = None) -> None:
        await self.bot.run_command(interaction, Verb.ADDBOT, [level] if level else [])

    @app_commands.command(name="start", description=T("Start the game with everyone seated."))
    @app_commands.guild_only()
    @app_commands.describe(timer=T("Seconds per decision for this game."),
                           thread=T("Play in a thread made from the lobby message."))
    async def start(self, interaction: discord.Interaction,
                    timer: app_commands.Range[int, MIN_TIMER, MAX_TIMER] | None = None,
                    thread: bool | None = None) -> None:
        args = [f"timer={timer}"] if timer is not None else []
        if thread is not None:
            args.append(f"thread={'true' if thread else 'false'}")
        await self.bot.run_command(interaction, Verb.START, args)

    @app_commands.command(name="hand", description=T("Show your hand and your choices (only you see it)."))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.bot.run_command(interaction, Verb.HAND)

    @app_commands.command(name="resign", description=T("Give up the current game."))
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.bot.run_command(interaction, Verb.RESIGN)

    @app_commands.command(name="status", description=T("Show this table: players, whose turn, the board."))
    @app_commands.guild_only()
    @app_commands.describe(post=T("Show it to the whole channel instead of only to you."))
    async def status(self, interaction: discord.Interaction, post: bool = False) -> None:
        await self.bot.run_command(interaction, Verb.STATUS, ["post=true"] if post else [])

    @app_commands.command(name="language", description=T("Set the language of this channel's table."))
    @app_commands.guild_only()
    @app_commands.describe(lang=T("The language of the table's messages and images."))
    @app_commands.choices(lang=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, lang: str) -> None:
        await self.bot.run_command(interaction, Verb.LANGUAGE, [lang])

    @app_commands.command(name="timer", description=T("Set the seconds each player has for a decision."))
    @app_commands.guild_only()
    @app_commands.describe(seconds=T("Seconds per decision."))
    async def timer(self, interaction: discord.Interaction,
                    seconds: app_commands.Range[int, MIN_TIMER, MAX_TIMER]) -> None:
        await self.bot.run_command(interaction, Verb.TIMER, [str(seconds)])


async def setup(bot: HoardBot) -> None:
    await bot.add_cog(TableCog(bot))
