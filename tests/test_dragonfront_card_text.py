"""Dragon Front's generated card texts: the English is the card file's, every phrase is in the
German catalog, and the German reads differently from the English (card names stay printed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

import locales
from games.dragonfront import cards as C
from games.dragonfront.card_text import describe, mode_texts, text_of
from games.text import VERBATIM, Text


def _phrases(text: object) -> Iterator[Text]:
    """Every translatable phrase of a text tree (the VERBATIM joins only hold phrases)."""
    if not isinstance(text, Text):
        return
    if text.context != VERBATIM:
        yield text
    for value in text.args.values():
        yield from _phrases(value)


@pytest.fixture(scope="module")
def german() -> dict[tuple[str | None, str], bool]:
    """The German catalog's message keys, each with whether it has a translation."""
    path = locales.LOCALE_DIR / "de" / "LC_MESSAGES" / f"{locales.DOMAIN}.po"
    with path.open("rb") as handle:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): bool(m.string)
                for m in read_po(handle) if m.id}


def test_generated_english_is_the_card_files_text() -> None:
    """The text built from each card's encoding is, in English, exactly its `text` in the card file
    (which the converter writes with the same function)."""
    wrong = [cid for cid, card in C.cards().items() if str(describe(card)) != card["text"]]
    assert not wrong, wrong[:10]


def test_every_phrase_of_every_card_is_in_the_german_catalog(
        german: dict[tuple[str | None, str], bool]) -> None:
    """No card text falls back to English: each of its phrases (derived words such as "entrant
    has flight" included) has a German translation."""
    missing = {phrase.msgid for cid in C.cards()
               for text in (text_of(cid), *mode_texts(C.card(cid)))
               for phrase in _phrases(text) if not german.get((phrase.context, phrase.msgid))}
    assert not missing, sorted(missing)[:20]


def test_german_card_texts_are_german() -> None:
    """Cards with a sentence read differently in German; keywords are German too."""
    assert locales.translate(text_of("ToF005"), "de") == "MAUER"
    plague = locales.translate(text_of("ToF003"), "de")
    assert plague.startswith("Wenn ein Feind dieses Feld betritt: 2 Schaden für den Eindringling")
    assert "Animated Stygian" in plague, "card names stay as printed"
    same = [cid for cid, card in C.cards().items()
            if " " in card["text"] and locales.translate(text_of(cid), "de") == card["text"]]
    assert not same, same[:10]


def test_choose_one_options_are_translated_one_by_one() -> None:
    """A CHOOSE ONE card's options are phrases of their own (the menus offer them one by one)."""
    options = [locales.translate(t, "de") for t in mode_texts(C.card("StU012"))]
    assert options == ["+3 Champion-Marken", "Ziehe 1"]
    assert locales.translate(text_of("StU012"), "de") == "Wähle: +3 Champion-Marken ODER Ziehe 1"


def test_a_spells_capital_survives_copy_and_pickle() -> None:
    """A spell's sentence keeps its capital through a deep copy and a pickle (views are copied)."""
    import copy
    import pickle

    text = text_of("EcS014")
    assert str(text) == "Destroy the target"
    for again in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert str(again) == "Destroy the target"
        assert locales.translate(again, "de") == "Zerstöre das Ziel"
