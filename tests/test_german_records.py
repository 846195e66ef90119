"""Hoard in German, beyond the table: the record and deck commands (leaderboard, profile, history,
replay, deck building, card lookup) answer a German reader in German through the host and the
console, with plurals, German numbers and dates, and no English sentence (the check of
`tests.test_german`: the English catalog's pieces)."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest

from bot import replay_cli
from bot.ai_pool import AiPool
from bot.console import Console
from bot.messages import Command, Reply, ReplyKind, Verb
from tests.hosting import FakeClock, open_host
from tests.test_german import english_pieces, german_game, shown

RECORD_LINES = (
    "/leaderboard", "/profile", "/history", "/history export=1", "/replay", "/replay verb=next", "/replay verb=last",
    "/replay 99", "/replay nonsense", "/profile nobody", "/deck", "/deck frobnicate",
    "/deck new ghoul-rush eclipse", "/deck new ghoul-rush eclipse", "/deck add zzz",
    "/deck add Grim Angel", "/deck remove Grim Angel", "/deck list", "/deck show", "/deck code",
    "/deck import DF1-nonsense", "/deck delete nope", "/deck new bad! eclipse", "/card",
    "/card zzz-no-such-card", "/addbot schrecklich",
)
"""What a German reader asks after a game: every record and deck command, answers and refusals."""


def english_in(lines: list[str]) -> list[str]:
    pieces = english_pieces()
    return sorted({p for p in pieces for line in lines if p in line})


def button_labels(replies: list[Reply]) -> list[str]:
    return [b.label for r in replies for b in r.buttons]


async def german_records(tmp_path: Path) -> tuple[list[str], list[Reply]]:
    """Plays a German Drakones game to its end, then sends every record and deck command as the
    German player; returns every text shown and the replies of the record commands."""
    await german_game(tmp_path, "drakones")
    host = await open_host(tmp_path / "h.db")
    lines: list[str] = []
    replies: list[Reply] = []
    try:
        for line in RECORD_LINES:
            word, *args = line[1:].split()
            answer = await host.handle(Command("c1", "anna", "Anna", Verb(word), tuple(args),
                                               locale="de", guild_locale="de"))
            for reply in answer:
                assert reply.lang == "de", (line, reply.text)
                lines += shown(reply) + [b.label for b in reply.buttons]
            replies += answer
    finally:
        await host.close()
    return lines, replies


def test_record_and_deck_commands_answer_in_german(tmp_path: Path) -> None:
    """Leaderboard, profile, history, the replay viewer and every deck reply and refusal read
    German: no English catalog sentence, counts as plurals, numbers and dates the German way."""
    lines, replies = asyncio.run(german_records(tmp_path))
    assert not english_in(lines), f"English in German records: {english_in(lines)[:10]}"
    text = "\n".join(lines)
    assert "Rangliste Drakones" in text and "Profil von Anna" in text and "Letzte Partien" in text
    assert "(1 Partie, " in text and "in der letzten Partie" in text  # the singular, not "1 games"
    assert re.search(r"\(#1, \d\d\.\d\d\.\d{4}\)", text), "a German date (Babel)"
    assert re.search(r"\b1\.\d{3}\?", text), "a rating with the German thousands separator"
    assert "Computer 1 (normal)" in text and "Wiederholung: Drakones #1" in text
    assert "Schritt 1 von " in text and "Schritt 2 von " in text and "Partie vorbei" in text
    assert "Es gibt keine Partie #99." in text and "Neues Deck ghoul-rush" in text
    assert "Du hast schon ein Deck namens ghoul-rush" in text and "Deine Decks:" in text
    assert "Die Stufe ist leicht, normal oder schwer" in text and "Ein Deckname hat 1 bis" in text
    assert "Animation" in button_labels(replies)
    refusals = [r for r in replies if r.kind is ReplyKind.ERROR]
    assert len(refusals) >= 9 and all(r.private_to == "anna" for r in refusals)


def test_english_readers_keep_english_records(tmp_path: Path) -> None:
    """The same commands in English read English (one plural and the Babel date checked)."""
    async def scenario() -> str:
        await german_game(tmp_path, "drakones")
        host = await open_host(tmp_path / "h.db")
        try:
            out = []
            for verb in (Verb.LEADERBOARD, Verb.PROFILE, Verb.HISTORY):
                for reply in await host.handle(Command("c1", "anna", "Anna", verb, locale="en")):
                    assert reply.lang == "en"
                    out += shown(reply)
            return "\n".join(out)
        finally:
            await host.close()

    text = asyncio.run(scenario())
    assert "Drakones leaderboard" in text and "(1 game, " in text and "over the last game" in text
    assert re.search(r"\(#1, [A-Z][a-z]{2} \d{1,2}, \d{4}\)", text), text


def test_a_german_console_transcript_of_records_and_decks(tmp_path: Path) -> None:
    """The console in German (`--lang de`): its own notes (the replay's files, images, refusals
    of a bad line) and every record and deck reply read German."""
    async def scenario() -> str:
        out = io.StringIO()
        host = await open_host(tmp_path / "c.db", FakeClock(), ai_pool=AiPool(inline=True))
        console = Console(host, tmp_path / "out", out=out, auto_hand=False, lang="de")
        try:
            await console.run_line("@anna /join drakones")
            await console.run_line("@anna /addbot schwer")
            await console.run_line("@anna /start")
            for _ in range(500):
                table = await host._table("console")
                if table.live is None or table.outcome() is not None:
                    break
                seat = table.to_play()[0]
                legal = table.game.legal_actions(table.live.state, seat)
                await console.run_line(f"@{table.seats[seat].user} {len(legal)}")
            for line in RECORD_LINES:
                await console.run_line(f"@anna {line}")
            await console.run_line("anna without an at sign")
        finally:
            await host.close()
        return out.getvalue()

    transcript = asyncio.run(scenario())
    lines = [line for line in transcript.splitlines() if not line.startswith("> ")]
    assert not english_in(lines), f"English in the German console: {english_in(lines)[:10]}"
    assert "[privat an anna] == Wiederholung: Drakones #1 ==" in transcript
    assert "Computer 1 (schwer)" in transcript and "[Datei: " in transcript
    assert "Beginn die Zeile mit @Name" in transcript


def test_hoard_replay_speaks_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`hoard replay FILE --lang de` writes the frames and says so in German (and refuses a
    damaged file in German)."""
    async def export() -> bytes:
        await german_game(tmp_path, "drakones")
        host = await open_host(tmp_path / "h.db")
        try:
            replies = await host.handle(Command("c1", "anna", "Anna", Verb.HISTORY,
                                                ("export=1",), locale="de"))
        finally:
            await host.close()
        data = replies[0].file
        assert data is not None
        return data

    record = tmp_path / "game.json"
    record.write_bytes(asyncio.run(export()))
    assert replay_cli.main([str(record), "--out", str(tmp_path / "out"), "--lang", "de"]) == 0
    said = capsys.readouterr().out
    assert "Wiederholung: Drakones #1: " in said and " Schritte; " in said and "Bilder" in said
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "hoard-record"}', encoding="utf-8")
    assert replay_cli.main([str(broken), "--lang", "de"]) == 2
    assert "Diese Aufzeichnung hat keine Formatversion" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", ["1. anna — Fraktion: Finsternis", "2. bob — Fraktion: Dornen",
            "1. anna — Drachenmatte: Schwarzer Drache"]),
    ("en", ["1. anna — faction: Eclipse", "2. bob — faction: Thorns",
            "1. anna — mat: Black Dragon"]),
])
def test_the_lobby_names_a_chosen_faction_and_mat_as_players_know_them(
        tmp_path: Path, lang: str, expected: list[str]) -> None:
    """A faction or dragon mat chosen by its typed value (`eclipse`, `black`) reads in the lobby
    as its printed name in the table's language, not as the lower-case value."""
    async def scenario() -> str:
        out = io.StringIO()
        host = await open_host(tmp_path / f"{lang}.db")
        console = Console(host, tmp_path / "out", out=out, auto_hand=False, lang=lang)
        try:
            for line in ("@anna /join dragonfront faction=eclipse", "@bob /join",
                         "@bob /option faction thorns", "#r2 @anna /join rivalwing",
                         "#r2 @anna /option mat black"):
                await console.run_line(line)
        finally:
            await host.close()
        return out.getvalue()

    transcript = asyncio.run(scenario())
    for line in expected:
        assert line in transcript, (line, transcript)
    assert "eclipse" not in transcript.replace("faction=eclipse", "")
