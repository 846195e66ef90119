"""The message catalogs: every marked text has a German translation, none fuzzy, the .mo is current."""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import locales

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in locales.LANGUAGES if lang != locales.DEFAULT]
Key = tuple[str | None, str]


def extracted() -> dict[Key, str | tuple[str, str]]:
    """Extracts every marked text from the code and data, as `tools/catalogs.sh` does."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {**DEFAULT_KEYWORDS, **{k: v for k, v in locales.KEYWORDS.items()}}
    found: dict[Key, str | tuple[str, str]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords):
        msgid = message if isinstance(message, str) else message[0]
        found[(context, msgid)] = message
    return found


def catalog(lang: str):  # noqa: ANN201 - babel's Catalog is untyped
    with (locales.LOCALE_DIR / lang / "LC_MESSAGES" / f"{locales.DOMAIN}.po").open("rb") as handle:
        return read_po(handle)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.fixture(scope="module")
def marked() -> dict[Key, str | tuple[str, str]]:
    return extracted()


def test_extraction_finds_the_texts(marked: dict[Key, str | tuple[str, str]]) -> None:
    """The extractor sees the code's and the data files' texts (a broken babel.cfg finds none)."""
    assert len(marked) > 15
    assert (None, "Leave this channel's table.") in marked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_text_is_translated(lang: str,
                                         marked: dict[Key, str | tuple[str, str]]) -> None:
    """Every text pybabel extracts has a translation that is not fuzzy (run tools/catalogs.sh)."""
    books = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m
             for m in catalog(lang) if m.id}
    missing = sorted(f"{c + '|' if c else ''}{i}" for c, i in marked if (c, i) not in books)
    assert not missing, f"not in the {lang} catalog (run tools/catalogs.sh): {missing[:20]}"
    untranslated = sorted(f"{c + '|' if c else ''}{i}" for (c, i) in marked
                          if books[(c, i)].fuzzy or not all(
                              [books[(c, i)].string] if isinstance(books[(c, i)].string, str)
                              else books[(c, i)].string))
    assert not untranslated, f"untranslated or fuzzy in {lang}: {untranslated[:20]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang: str) -> None:
    """A translation fills exactly the fields of its English template ({player}, {n}, ...)."""
    wrong = []
    for message in catalog(lang):
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(fields(i) for i in ids))
        wrong += [(ids[0], s) for s in strings if not fields(s) <= wanted | {"n"}
                  or (len(ids) == 1 and fields(s) != wanted)]
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalog_is_current(lang: str) -> None:
    """The committed .mo gives every translation of the .po (run pybabel compile)."""
    mo = locales.LOCALE_DIR / lang / "LC_MESSAGES" / f"{locales.DOMAIN}.mo"
    with mo.open("rb") as handle:
        books = gettext.GNUTranslations(handle)
    stale = []
    for message in catalog(lang):
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            got = (books.pgettext(message.context, message.id) if message.context
                   else books.gettext(message.id))
            if got != message.string:
                stale.append(message.id)
        else:
            for n, form in ((1, message.string[0]), (2, message.string[-1])):
                got = (books.npgettext(message.context, *message.id, n) if message.context
                       else books.ngettext(*message.id, n))
                if got != form:
                    stale.append(message.id[0])
    assert not stale, f"{lang}.mo is out of date (pybabel compile): {stale[:10]}"


def test_po_header_declares_plural_forms() -> None:
    """Each catalog says how its plurals work (gettext picks forms by this rule)."""
    for lang in TRANSLATED:
        text = (locales.LOCALE_DIR / lang / "LC_MESSAGES" / f"{locales.DOMAIN}.po").read_text(
            encoding="utf-8")
        assert re.search(r"Plural-Forms: nplurals=\d+; plural=", text)
