"""Hoard's message catalogs and the one function that translates a text into a language.

The catalogs are gettext catalogs in this folder (`<lang>/LC_MESSAGES/hoard.po`, compiled to
`hoard.mo`), kept up to date with Babel (see the README); at run time the standard library's
`gettext` reads the `.mo` files. English is the source language and the fallback: a message
missing from a catalog, or a language without one, comes out in English.

`translate(text, lang)` turns a `games.text.Text` (a message id with arguments, see there) into the
language, translating its arguments first and formatting numbers the locale's way (Babel).
A plain `str` passes through unchanged.
"""

from __future__ import annotations

import datetime
import gettext
from functools import cache, partial
from pathlib import Path

from babel.dates import format_date
from babel.numbers import format_decimal

from games.text import VERBATIM, Text, Translate

LOCALE_DIR = Path(__file__).resolve().parent
DOMAIN = "hoard"
DEFAULT = "en"
LANGUAGES: tuple[str, ...] = ("en", "de")
"""The languages with a catalog (English needs none); the first is the fallback."""
KEYWORDS: dict[str, tuple[object, ...] | None] = {
    "Text": None, "make_text": None, "T": None, "plural": (1, 2), "term": ((1, "c"), 2)}
"""The marking functions pybabel extracts (`-k` in tools/catalogs.sh): games.text's `Text`,
`make_text`, `plural` and `term`, and bot.discord_i18n's `T` for slash-command descriptions."""


def language_of(locale: str | None) -> str:
    """Returns Hoard's language for a locale ("de", "de-DE", "de_AT.UTF-8" -> "de"); else English."""
    if not locale:
        return DEFAULT
    code = locale.replace("-", "_").split(".")[0].split("_")[0].lower()
    return code if code in LANGUAGES else DEFAULT


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """Returns the gettext catalog of a language (an empty one, which gives English, if none)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def number(value: int | float, lang: str) -> str:
    """Formats a number the locale's way (Babel): 1,234 in English, 1.234 in German."""
    return str(format_decimal(value, locale=lang))


def date(value: datetime.date, lang: str) -> str:
    """Formats a date the locale's way (Babel): Dec 1, 2026 in English, 01.12.2026 in German."""
    return str(format_date(value, format="medium", locale=lang))


def translate(text: str, lang: str) -> str:
    """Returns `text` in `lang`: a `Text` is looked up in the catalog and filled with its arguments
    (each translated too); a plain `str` is returned as it is."""
    if not isinstance(text, Text):
        return text
    template = _template(text, catalog(lang))
    if not text.args and text.n is None:
        return template
    args = {key: _argument(value, lang) for key, value in text.args.items()}
    if text.n is not None:
        args["n"] = number(text.n, lang)
    return template.format(**args)


@cache
def translator(lang: str) -> Translate:
    """Returns a one-argument function that translates into `lang`."""
    return partial(translate, lang=lang)


def gettext_(lang: str, msgid: str) -> str:
    """Looks up a plain message id (no arguments) in a language's catalog."""
    return catalog(lang).gettext(msgid)


def _template(text: Text, books: gettext.NullTranslations) -> str:
    if text.context == VERBATIM:
        return text.msgid
    if text.plural_id is not None:
        n = text.n if text.n is not None else 1
        if text.context:
            return books.npgettext(text.context, text.msgid, text.plural_id, n)
        return books.ngettext(text.msgid, text.plural_id, n)
    if text.context:
        return books.pgettext(text.context, text.msgid)
    return books.gettext(text.msgid)


def _argument(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return number(value, lang) if lang != DEFAULT else str(value)
    if isinstance(value, datetime.date):
        return date(value, lang)
    if isinstance(value, str):
        return translate(value, lang)
    return str(value)
