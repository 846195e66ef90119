"""Deck building and card lookup: /deck new|add|remove|show|list|delete|code|import and /card."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import locales
from bot import deck_commands
from bot.discord_i18n import T
from bot.messages import Verb

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.discord_app import HoardBot

Choices = list[app_commands.Choice[str]]


def _choices(pairs: list[tuple[str, str]]) -> Choices:
    return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in pairs[:25]]


@app_commands.guild_only()
class DecksCog(commands.GroupCog, group_name="deck",
               group_description=T("Build, share and show your decks.")):
    """The /deck group; each sub-command is a line of `bot.deck_commands.run_deck`."""

    def __init__(self, bot: HoardBot) -> None:
        self.bot = bot
        super().__init__()

    async def _run(self, interaction: discord.Interaction, *words: str | None) -> None:
        await self.bot.run_command(interaction, Verb.DECK, [w for w in words if w])

    @app_commands.command(name="new", description=T("Start a deck from a faction's base deck."))
    @app_commands.describe(name=T("The deck's name, e.g. ghoul-rush."), faction=T("The faction."))
    async def new(self, interaction: discord.Interaction, name: str, faction: str) -> None:
        await self._run(interaction, "new", name, faction)

    @new.autocomplete("faction")
    async def _factions(self, interaction: discord.Interaction, current: str) -> Choices:
        return _choices([(f, f) for f in deck_commands.complete_factions(current)])

    @app_commands.command(name="add", description=T("Add a card to your current deck."))
    @app_commands.describe(card=T("The card."), deck=T("The deck (default: your current one)."))
    async def add(self, interaction: discord.Interaction, card: str, deck: str | None = None) -> None:
        await self._run(interaction, "add", card, f"deck={deck}" if deck else None)

    @app_commands.command(name="remove", description=T("Remove a card from your current deck."))
    @app_commands.describe(card=T("The card."), deck=T("The deck (default: your current one)."))
    async def remove(self, interaction: discord.Interaction, card: str,
                     deck: str | None = None) -> None:
        await self._run(interaction, "remove", card, f"deck={deck}" if deck else None)

    @add.autocomplete("card")
    async def _addable(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._cards(interaction, current, removing=False)

    @remove.autocomplete("card")
    async def _removable(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._cards(interaction, current, removing=True)

    async def _cards(self, interaction: discord.Interaction, current: str, *,
                     removing: bool) -> Choices:
        found = await deck_commands.complete_cards(
            self.bot.host.store.db, str(interaction.user.id), current, removing=removing,
            deck_name=getattr(interaction.namespace, "deck", None))
        return _choices([(c.label, c.value) for c in found])

    @app_commands.command(name="show", description=T("Show a deck as an image with its mana curve."))
    @app_commands.describe(name=T("The deck (default: your current one)."))
    async def show(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self._run(interaction, "show", name)

    @app_commands.command(name="list", description=T("List your decks."))
    async def list_decks(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "list")

    @app_commands.command(name="delete", description=T("Delete one of your decks."))
    @app_commands.describe(name=T("The deck."))
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, "delete", name)

    @app_commands.command(name="code", description=T("A deck's code, to share it."))
    @app_commands.describe(name=T("The deck (default: your current one)."))
    async def code(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self._run(interaction, "code", name)

    @app_commands.command(name="import", description=T("Save a deck from its code."))
    @app_commands.describe(code=T("The deck code."), name=T("A name for it (default: its faction)."))
    async def import_code(self, interaction: discord.Interaction, code: str,
                          name: str | None = None) -> None:
        await self._run(interaction, "import", code, name)

    @show.autocomplete("name")
    @delete.autocomplete("name")
    @code.autocomplete("name")
    async def _names(self, interaction: discord.Interaction, current: str) -> Choices:
        return await deck_names(self.bot, interaction, current)


async def deck_names(bot: HoardBot, interaction: discord.Interaction, current: str) -> Choices:
    """The user's deck names for an autocomplete."""
    names = await deck_commands.complete_deck_names(bot.host.store.db, str(interaction.user.id),
                                                    current)
    return _choices([(n, n) for n in names])


class CardCog(commands.Cog, name="Cards"):
    """/card."""

    def __init__(self, bot: HoardBot) -> None:
        self.bot = bot

    @app_commands.command(name="card", description=T("Show one card of any game, as an image."))
    @app_commands.guild_only()
    @app_commands.describe(name=T("The card's name."))
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await self.bot.run_command(interaction, Verb.CARD, [name])

    @card.autocomplete("name")
    async def _lookup(self, interaction: discord.Interaction, current: str) -> Choices:
        tr = locales.translator(locales.language_of(interaction.locale.value))
        return _choices(deck_commands.complete_card_lookup(current, tr))


async def setup(bot: HoardBot) -> None:
    await bot.add_cog(DecksCog(bot))
    await bot.add_cog(CardCog(bot))
