"""The record and deck commands on a German Discord server through the stand-in: leaderboard,
profile, history, the public replay viewer and its buttons, deck building, /card and the option
autocomplete read German, and not one English sentence is in any message, embed or button."""

from __future__ import annotations

from pathlib import Path

from tests.discord_standin import User
from tests.discord_standin.harness import Harness, play_by_menus
from tests.test_discord_e2e import run, seed_games
from tests.test_german import english_pieces

ANNA, BERND = User(2001, "Anna", locale="de"), User(2002, "Bernd", locale="de")


def replay_viewer(h: Harness) -> object:
    found = [m for m in h.standin.public(h.channel)
             if m.embeds and m.embeds[0].get("title", "").startswith("Wiederholung")]
    assert len(found) == 1, "one viewer, titled in German"
    return found[0]


@run
async def test_a_german_server_reads_its_records_and_decks_in_german(tmp_path: Path) -> None:
    """After a German game: every record and deck reply, refusal, embed and button is German."""
    async with Harness(tmp_path / "h.db") as h:
        h.standin.guild_locale = "de"
        seed_games(h, 5)
        await h.slash(ANNA, "join", game="drachenherz")
        await h.press(BERND, h.lobby(), "Beitreten")
        await h.press(ANNA, h.lobby(), "Start")
        await play_by_menus(h, [ANNA, BERND], seed=5)
        mark = max(h.standin.messages)  # what the game showed is checked in test_german_discord
        await h.slash(ANNA, "leaderboard")
        await h.slash(BERND, "profile", user=ANNA)
        await h.slash(ANNA, "history")
        await h.slash(ANNA, "history", export=1)
        await h.slash(ANNA, "history", export=42)
        await h.slash(BERND, "replay")
        viewer = replay_viewer(h)
        await h.press(ANNA, viewer, "▶")  # type: ignore[arg-type]
        await h.press(ANNA, viewer, "⏭")  # type: ignore[arg-type]
        await h.press(BERND, viewer, "Animation")  # type: ignore[arg-type]
        await h.slash(ANNA, "deck new", name="ghoul-rush", faction="Eclipse")
        await h.slash(ANNA, "deck new", name="ghoul-rush", faction="Eclipse")
        await h.slash(ANNA, "deck list")
        await h.slash(ANNA, "deck import", code="DF1-garbage")
        await h.slash(BERND, "card", name="zzzz-no-card")
        await h.slash(ANNA, "card", name="drakones:horse-archer")
        options = await h.standin.autocomplete(ANNA, h.channel, "join", "option",
                                               game="drakones", option="")
        await h.settle()
        shown = {m.id: m.text() for m in h.standin.messages.values() if m.id > mark}
        text = "\n".join(shown.values())
        assert "Rangliste Drachenherz" in text and "Profil von Anna" in text
        assert "Letzte Partien" in text and "Es gibt keine Partie #42." in text
        assert "Schritt 2 von" in viewer.text() or "Partie vorbei" in viewer.text()  # type: ignore[attr-defined]
        assert "Neues Deck ghoul-rush" in text and "Du hast schon ein Deck namens" in text
        assert "Deine Decks:" in text and "Keine Karte eines Spiels" in text
        found = sorted({p for p in english_pieces() if p in text})
        assert not found, f"English in German records on Discord: {found[:10]}"
        labels = [c["name"] for c in options.choices]
        assert "Zurückschlagen: an" in labels and "Zurückschlagen: aus" in labels
        assert {c["value"] for c in options.choices} >= {"strike_back=on", "strike_back=off"}
        assert h.standin.errors == []


@run
async def test_slash_choices_have_german_names(tmp_path: Path) -> None:
    """/addbot's level choices carry German name_localizations; their values stay English."""
    async with Harness(tmp_path / "h.db") as h:
        command = next(c for c in h.standin.command_puts[0][1] if c["name"] == "addbot")
        choices = command["options"][0]["choices"]
        assert [c["value"] for c in choices] == ["easy", "normal", "hard"]
        assert [c.get("name_localizations", {}).get("de") for c in choices] == [
            "leicht", None, "schwer"]
