"""Dragon Front in German: a whole game through the host where the player tries every kind of
move, one through the Discord stand-in, and the card and deck images read German (card names
stay as printed)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import locales
from bot import decks as D
from bot.messages import Command, Reply, ReplyKind, Verb
from renderers import card as R
from renderers.common import font
from renderers.deck import _side
from renderers.faces import faces_of
from tests.discord_standin import User
from tests.discord_standin.harness import Harness, play_by_menus
from tests.hosting import open_host
from tests.test_card_images import _overflows
from tests.test_discord_e2e import run
from tests.test_german import english_pieces, shown


async def _varied_german_game(tmp_path: Path, seed: int, *, limit: int = 1500) -> list[str]:
    """Plays a German Dragon Front game against the computer, choosing moves at random (so
    cards are played, units activated and shifted, mana banked); returns every text shown."""
    host = await open_host(tmp_path / "h.db")
    rng = random.Random(seed)
    lines: list[str] = []

    async def say(verb: Verb, *args: str, version: int | None = None) -> list[Reply]:
        replies = await host.handle(Command("c1", "anna", "Anna", verb, tuple(args), version,
                                            locale="de", guild_locale="de"))
        for reply in replies:
            assert reply.kind is not ReplyKind.ERROR, reply.text
            lines.extend(shown(reply))
        return replies

    try:
        await say(Verb.JOIN, "dragonfront")
        await say(Verb.ADDBOT)
        replies = await say(Verb.START)
        for _ in range(limit):
            if any(r.kind is ReplyKind.RESULT for r in replies):
                break
            board = [r for r in replies if r.kind is ReplyKind.BOARD][-1]
            hand = [r for r in await say(Verb.HAND) if r.kind is ReplyKind.HAND][-1]
            pick = rng.randrange(len(hand.choices))  # End turn is last: it ends the game too
            replies = await say(Verb.PLAY, str(pick + 1), version=board.version)
        else:
            raise AssertionError("the game did not end")
        await say(Verb.STATUS)
    finally:
        await host.close()
    return lines


def test_a_varied_german_game_shows_no_english_sentence(tmp_path: Path) -> None:
    """Move labels (play, activate, attack, shift, bank, discard), events, the board text and
    the result read German: no sentence piece of the English catalog is shown."""
    lines = asyncio.run(_varied_german_game(tmp_path, 5))
    text = "\n".join(lines)
    pieces = english_pieces()
    found = sorted({p for p in pieces if p in text})
    assert not found, f"English in a German Dragon Front game: {found[:10]}"
    for german in ("Ausspielen ›", "Aktivieren ›", "Festung", "Zug beenden", "Partie vorbei"):
        assert german in text, german


def test_every_german_card_face_fits_its_card() -> None:
    """Every Dragon Front card drawn for /card in German: no line wider or taller than its box,
    no word dropped, nothing English but the printed name."""
    tr = locales.translator("de")
    faces = faces_of("dragonfront")
    bad = [problem for face in faces for problem in _overflows(R.translated(face, tr))]
    assert bad == []
    garrison = R.translated(next(f for f in faces if f.key == "SiF007"), tr)
    assert garrison.type_line == "Befestigung" and garrison.text.startswith("Wähle:")
    assert ("Fraktion", "Stille") in garrison.facts


def test_german_deck_list_fits_and_reads_german() -> None:
    """The /deck show image's side panel fits in German and names the faction in German."""
    tr = locales.translator("de")
    deck = D.format_for("dragonfront").base_deck("dornen", "thorns")
    view = D.deck_view(deck)
    blocks, _ = _side(view, tr)
    texts = [block for kind, block in blocks if kind == "text"]
    for block in texts:
        f = font(block.size, bold=block.bold)
        assert all(f.getlength(line) <= block.box[2] - block.box[0] for line in block.lines)
    words = " ".join(" ".join(block.lines) for block in texts)
    assert "MANAKURVE" in words and "Einheiten" in words and "Bei Aktivierung" in words
    assert tr(view["faction"]) == "Dornen"
    assert D.render_deck(deck, tr).startswith(b"\x89PNG")


@run
async def test_a_german_server_plays_dragonfront_in_german(tmp_path: Path) -> None:
    """Through the Discord stand-in: lobby, boards, private panels (menus of moves with their
    targets) and the result of a whole Dragon Front game read German."""
    anna, bernd = User(2001, "Anna", locale="de"), User(2002, "Bernd", locale="de")
    async with Harness(tmp_path / "h.db") as h:
        h.standin.guild_locale = "de"
        seen: dict[int, str] = {}

        def read(*_: object) -> None:
            for message in h.standin.messages.values():
                seen[message.id] = seen.get(message.id, "") + "\n" + message.text()

        await h.slash(anna, "join", game="dragonfront")
        await h.press(bernd, h.lobby(), "Beitreten")
        read()
        await h.press(anna, h.lobby(), "Start")
        await play_by_menus(h, [anna, bernd], seed=3, on_move=read)
        read()
        text = "\n".join(seen.values())
        assert "Dragon Front beginnt" in text and "Festung" in text and "Ausspielen" in text
        found = sorted({p for p in english_pieces() if p in text})
        assert not found, f"English on a German server: {found[:10]}"
        assert h.standin.errors == []
