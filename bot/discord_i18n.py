"""Slash commands in the reader's language: discord.py's Translator served from Hoard's catalogs.

Descriptions are marked with `T("...")` and looked up as they are; command, option and choice
*names* are looked up in a context (`command-name`, `option-name`, `choice-name`), so that "join"
the command and "join" a word in a sentence can differ. Discord sends every locale it knows; the
ones Hoard has no catalog for get no localisation (Discord then shows the English).
"""

from __future__ import annotations

from typing import Any

from discord import Locale, app_commands

import locales

NAME_CONTEXTS: dict[app_commands.TranslationContextLocation, str] = {
    app_commands.TranslationContextLocation.command_name: "command-name",
    app_commands.TranslationContextLocation.group_name: "command-name",
    app_commands.TranslationContextLocation.parameter_name: "option-name",
    app_commands.TranslationContextLocation.choice_name: "choice-name",
}


def localise(message: str, lang: str, location: app_commands.TranslationContextLocation) -> str | None:
    """Returns the catalog's translation of a command's string, or None when it has none."""
    if lang == locales.DEFAULT:
        return None
    books = locales.catalog(lang)
    context = NAME_CONTEXTS.get(location)
    found = books.pgettext(context, message) if context else books.gettext(message)
    return found if found != message else None


class HoardTranslator(app_commands.Translator):
    """Gives slash-command names, descriptions and choices their catalog translations."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContext[Any, Any]
    ) -> str | None:
        lang = locales.language_of(locale.value)
        if lang == locales.DEFAULT or not locale.value.lower().startswith(lang):
            return None
        return localise(string.message, lang, context.location)


def T(text: str) -> app_commands.locale_str:  # noqa: N802 - reads like gettext's _()
    """Marks a description as translatable (pybabel extracts it: `-k T`)."""
    return app_commands.locale_str(text)
