"""Hoard in German: whole games through the host read German, with no English sentence left.

"English" is judged against the catalog itself: every literal piece of two or more words of an
English message id (the text between its placeholders) that the German catalog does not also
contain must be absent from everything a German player is shown.
"""

from __future__ import annotations

import asyncio
import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import locales
from bot.messages import Command, Reply, ReplyKind, Verb
from tests.hosting import open_host

PO = locales.LOCALE_DIR / "de" / "LC_MESSAGES" / f"{locales.DOMAIN}.po"
GERMAN_GAMES = ("drachenherz", "drakones", "rivalwing", "dragonfront")
"""The games whose every text goes through the catalog (all four)."""


def _pieces(template: str) -> list[str]:
    return [literal for literal, *_ in string.Formatter().parse(template) if literal]


def english_pieces() -> set[str]:
    """Returns the English catalog's sentence pieces that a German text must not contain."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    english, german = set(), []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        german += strings
        for template in ids:
            for piece in _pieces(template):
                words = re.findall(r"[A-Za-z]{2,}", piece)
                if len(words) >= 2:
                    english.add(piece.strip())
    return {p for p in english if not any(p in g for g in german)}


def shown(reply: Reply) -> list[str]:
    """Every text of a reply a player reads: title, text, notice, fields and menu labels."""
    texts = [reply.title, reply.text, reply.notice]
    texts += [part for field in reply.fields for part in field]
    texts += [" › ".join(choice.label) for choice in reply.choices]
    return [t for t in texts if t]


def english_words(context: str) -> set[str]:
    """Returns the words of a game's English names (its catalog context: cards, sides, elements)
    that no German text contains, such as "Rear" or "Claw": a name left untranslated is one word
    too short for `english_pieces`."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    words, german = set(), set()
    for message in catalog:
        if message.id and message.context == context:
            words.update(re.findall(r"[A-Za-z]{4,}", message.id))
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in strings:
            german.update(re.findall(r"\w+", text))
    return words - german


async def german_game(tmp_path: Path, game: str, *, limit: int = 3000, bots: int = 1,
                      seed: int | None = None) -> list[str]:
    """Plays a German game against `bots` computers to its end; returns every text shown.

    Anna takes her last choice each time, or with a `seed` a random one (more kinds of moves)."""
    pick = random.Random(seed)
    host = await open_host(tmp_path / "h.db")
    lines: list[str] = []

    async def say(verb: Verb, *args: str, version: int | None = None) -> list[Reply]:
        replies = await host.handle(Command("c1", "anna", "Anna", verb, tuple(args), version,
                                            locale="de", guild_locale="de"))
        for reply in replies:
            assert reply.kind is not ReplyKind.ERROR, reply.text
            assert reply.lang == "de"
            lines.extend(shown(reply))
        return replies

    try:
        await say(Verb.JOIN, game)
        for _ in range(bots):
            await say(Verb.ADDBOT)
        replies = await say(Verb.START)
        for _ in range(limit):
            if any(r.kind is ReplyKind.RESULT for r in replies):
                break
            board = [r for r in replies if r.kind is ReplyKind.BOARD][-1]
            hand = [r for r in await say(Verb.HAND) if r.kind is ReplyKind.HAND][-1]
            assert hand.choices, hand.notice
            choice = len(hand.choices) if seed is None else pick.randint(1, len(hand.choices))
            replies = await say(Verb.PLAY, str(choice), version=board.version)
        else:
            raise AssertionError("the game did not end")
        await say(Verb.RULES)
        await say(Verb.STATUS)
    finally:
        await host.close()
    return lines


@pytest.mark.parametrize("game", GERMAN_GAMES)
def test_a_german_game_shows_no_english_sentence(tmp_path: Path, game: str) -> None:
    """A whole game, its lobby, rules and result read in German: no English catalog sentence."""
    lines = asyncio.run(german_game(tmp_path, game))
    pieces = english_pieces()
    found = sorted({p for p in pieces for line in lines if p in line})
    assert not found, f"English in a German {game} game: {found[:10]}"
    text = "\n".join(lines)
    assert "Partie" in text and "beginnt" in text


def test_english_pieces_catch_english() -> None:
    """The check is not empty: the English lobby line is caught, its German one is not."""
    pieces = english_pieces()
    assert any(p in "Nobody is seated yet: **Join** (/join) to take a seat." for p in pieces)
    assert not any(p in "Noch sitzt niemand: **Beitreten** (/join), um Platz zu nehmen."
                   for p in pieces)


@pytest.mark.parametrize(("bots", "seed"), [(1, 5), (3, 8)])
def test_a_german_rivalwing_duel_names_everything_in_german(tmp_path: Path, bots: int,
                                                            seed: int) -> None:
    """A RivalWing duel of two, and one of four with three computers, where Anna picks her moves
    at random (attacks, defenses, magic and specials, not only the last choice): no English
    sentence, and none of the English card, side or element names."""
    lines = asyncio.run(german_game(tmp_path, "rivalwing", bots=bots, seed=seed))
    pieces = english_pieces()
    found = sorted({p for p in pieces for line in lines if p in line})
    assert not found, f"English in a German RivalWing duel: {found[:10]}"
    words = english_words("rivalwing")
    assert {"Rear", "Claw", "Wings", "Scales"} <= words
    seen = {w for line in lines for w in re.findall(r"[A-Za-z]+", line)}
    assert not seen & words, f"English names in a German RivalWing duel: {sorted(seen & words)}"
    text = "\n".join(lines)
    for german in ("greift", "verteidig", "Nahkampf", "Kern", "gewinnt"):
        assert german in text, german
