"""Players remembered, on Discord end to end: ratings, history and its record export, the replay
viewer (also after a restart), decks shared by code and played, /card, and /addbot hard."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest
from PIL import Image

from bot import records
from tests.discord_standin import User
from tests.discord_standin.harness import Harness, play_by_menus
from tests.discord_standin.server import Interaction, Message
from tests.test_discord_e2e import ALICE, BOB, CAROL, PLAYERS, run, seed_games

CHAMPION = "EcC004"
"""Grim Angel, the champion Alice puts into her deck."""


def answer(h: Harness, ix: Interaction, user: User) -> Message:
    """Returns the (ephemeral) message that answered the user's command."""
    msg = h.standin.original(ix)
    assert msg is not None, "the command was answered"
    if ix.followups:
        msg = h.standin.messages[ix.followups[-1]]
    assert msg.visible_to == user.id, "only the caller sees it"
    return msg


def viewer(h: Harness) -> Message:
    found = [m for m in h.standin.public(h.channel)
             if m.embeds and m.embeds[0].get("title", "").startswith("Replay of")]
    assert len(found) == 1, "one viewer message"
    return found[0]


async def two_play_drachenherz(h: Harness) -> None:
    seed_games(h, 5)
    await h.slash(ALICE, "join", game="drachenherz")
    await h.press(BOB, h.lobby(), "Join")
    await h.press(ALICE, h.lobby(), "Start")
    await play_by_menus(h, PLAYERS)


@run
async def test_leaderboard_profile_history_and_export_on_discord(tmp_path: Path) -> None:
    """After a game: the leaderboard, a profile and the history answer privately in embeds, and
    /history export attaches a record file; a player who never played is refused."""
    async with Harness(tmp_path / "h.db") as h:
        await two_play_drachenherz(h)
        board = answer(h, await h.slash(ALICE, "leaderboard"), ALICE)
        embed = board.embeds[0]
        assert embed["title"] == "Drachenherz leaderboard"
        assert " 1. " in embed["description"] and "Alice" in embed["description"]
        assert "Bob" in embed["description"]
        profile = answer(h, await h.slash(BOB, "profile", user=ALICE), BOB)  # Bob reads German
        assert profile.embeds[0]["title"] == "Profil von Alice"
        assert profile.embeds[0]["fields"][0]["name"] == "Drachenherz"
        assert "Wertung " in profile.embeds[0]["fields"][0]["value"]
        history = answer(h, await h.slash(BOB, "history"), BOB)
        assert history.embeds[0]["description"].startswith("#1 Drachenherz, ")
        export = answer(h, await h.slash(ALICE, "history", export=1), ALICE)
        files = {a.filename: a.data for a in export.attachments}
        assert list(files) == ["hoard-drachenherz-1.json"]
        assert records.loads(files["hoard-drachenherz-1.json"]).names == ["Alice", "Bob"]
        never = answer(h, await h.slash(ALICE, "profile", user=CAROL), ALICE)
        assert never.content == "Carol has not finished a rated game in this server yet."
        unknown = answer(h, await h.slash(ALICE, "history", export=42), ALICE)
        assert unknown.content == "There is no game #42."
        assert h.standin.errors == []


@run
async def test_the_replay_viewer_steps_in_place_and_survives_a_restart(tmp_path: Path) -> None:
    """/replay posts a public viewer; ▶ ⏭ ◀ edit it in place, also after the bot restarted;
    Animation posts the whole game as an animated WebP; bad ids are refused privately."""
    async with Harness(tmp_path / "h.db") as h:
        await two_play_drachenherz(h)
        await h.slash(CAROL, "replay")
        shown = viewer(h)
        assert not shown.is_ephemeral and shown.image_attachment() is not None
        assert [c["label"] for c in shown.iter_components()] == ["⏮", "◀", "▶", "⏭", "Animation"]
        steps = int(shown.embeds[0]["description"].split(" of ")[1].split()[0])
        assert shown.embeds[0]["description"].startswith(f"Step 1 of {steps} · the start")
        ix = await h.press(CAROL, shown, "▶")
        assert h.standin.original(ix) is shown and "Step 2 of" in shown.embeds[0]["description"]
        await h.press(BOB, shown, "⏭")
        assert f"Step {steps} of {steps}" in shown.embeds[0]["description"]
        assert "Game over" in shown.embeds[0]["description"]
        await h.restart()
        await h.press(ALICE, shown, "◀")
        assert f"Step {steps - 1} of {steps}" in shown.embeds[0]["description"]
        await h.press(ALICE, shown, "Animation")
        movies = [m for m in h.standin.public(h.channel)
                  if any(a.filename.endswith(".webp") and a.filename.startswith("replay-")
                         for a in m.attachments) and m is not shown]
        assert len(movies) == 1
        data = movies[0].attachments[0].data
        assert len(data) < 8 << 20 and Image.open(io.BytesIO(data)).n_frames == steps
        for game_id, text in ((99, "Es gibt keine Partie #99."),):  # Bob reads German
            refused = answer(h, await h.slash(BOB, "replay", game_id=game_id), BOB)
            assert refused.content == text
        with sqlite3.connect(tmp_path / "h.db") as conn:
            conn.execute("INSERT INTO games(channel, game, seed, players, options, seats, started, "
                         "finished, result, guild) SELECT channel, game, seed, players, options, "
                         "seats, started, finished, result, '42' FROM games WHERE id = 1")
        foreign = answer(h, await h.slash(BOB, "replay", game_id=2), BOB)
        assert foreign.content == "Partie #2 wurde nicht auf diesem Server gespielt."
        await h.press(ALICE, h.results()[-1], "Rematch")
        await h.press(BOB, h.results()[-1], "Rematch")
        running = answer(h, await h.slash(BOB, "replay", game_id=3), BOB)
        assert running.content.startswith("Partie #3 läuft noch")
        assert len([m for m in h.standin.public(h.channel) if m.embeds and m.embeds[0].get(
            "title", "").startswith("Replay of")]) == 1, "refusals post nothing"
        assert h.standin.errors == []


@run
async def test_a_deck_is_built_shared_by_code_and_played_on_discord(tmp_path: Path) -> None:
    """Alice builds a deck (autocomplete for the faction and the card) and shares its code; Bob
    imports it; both join Dragon Front with deck: and play to the result."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 2)
        factions = await h.standin.autocomplete(ALICE, h.channel, "deck new", "faction",
                                                name="ghoul-rush", faction="ecl")
        await h.settle()
        assert [c["value"] for c in factions.choices] == ["Eclipse"]
        made = answer(h, await h.slash(ALICE, "deck new", name="ghoul-rush", faction="Eclipse"), ALICE)
        assert made.content.startswith("New deck ghoul-rush") or "New deck ghoul-rush" in made.text()
        assert made.attachments, "the deck is shown as an image"
        cards = await h.standin.autocomplete(ALICE, h.channel, "deck add", "card", card="Grim An")
        await h.settle()
        grim = next(c for c in cards.choices if c["name"].startswith("Grim Angel"))
        added = answer(h, await h.slash(ALICE, "deck add", card=grim["value"]), ALICE)
        assert "Grim Angel is now the champion" in added.content
        coded = answer(h, await h.slash(ALICE, "deck code"), ALICE)
        code = coded.content.split()[1]
        assert code.startswith("DF1-")
        imported = answer(h, await h.slash(BOB, "deck import", code=code, name="borrowed"), BOB)
        assert "borrowed importiert. Spielbereit." in imported.text()  # Bob reads German
        missing = answer(h, await h.slash(BOB, "join", game="dragonfront", deck="nope"), BOB)
        assert "Du hast kein Deck für Dragon Front namens nope" in missing.content
        assert not [m for m in h.standin.public(h.channel) if m.embeds], "the refusal posted nothing"
        names = await h.standin.autocomplete(BOB, h.channel, "join", "deck", deck="bor")
        await h.settle()
        assert [c["value"] for c in names.choices] == ["borrowed"]
        await h.slash(ALICE, "join", game="dragonfront", deck="ghoul-rush")
        await h.slash(BOB, "join", deck="borrowed")
        assert "1. Alice — deck ghoul-rush" in h.lobby().text()
        assert "2. Bob — deck borrowed" in h.lobby().text()
        await h.press(ALICE, h.lobby(), "Start")
        assert h.bot is not None
        table = h.bot.host._tables[str(h.channel)]
        assert table.live is not None
        public = table.game.view(table.live.state, None)
        assert [p["champion"]["card"] for p in public["players"]] == [CHAMPION, CHAMPION]
        await play_by_menus(h, PLAYERS, seed=2)
        assert h.results(), "the game ended"
        bad = answer(h, await h.slash(BOB, "deck import", code="DF1-garbage"), BOB)
        assert bad.content and "Traceback" not in bad.content
        assert h.standin.errors == []


@run
async def test_card_lookup_posts_the_card_for_everyone(tmp_path: Path) -> None:
    """/card offers names of every game by autocomplete and posts the card's image publicly."""
    async with Harness(tmp_path / "h.db") as h:
        found = await h.standin.autocomplete(ALICE, h.channel, "card", "name", name="Horse")
        await h.settle()
        archer = next(c for c in found.choices if c["name"] == "Horse Archer (Drakones)")
        await h.slash(ALICE, "card", name=archer["value"])
        posted = [m for m in h.standin.public(h.channel) if m.attachments]
        assert len(posted) == 1 and not posted[0].is_ephemeral
        assert "Horse Archer (Drakones)" in posted[0].text()
        image = Image.open(io.BytesIO(posted[0].attachments[0].data))
        assert image.width > 200 and image.height > 200
        nothing = answer(h, await h.slash(BOB, "card", name="zzzz-no-card"), BOB)
        assert nothing.content and len(h.standin.public(h.channel)) == 1


@run
async def test_addbot_hard_from_the_choice_list_plays_a_game(tmp_path: Path) -> None:
    """/addbot offers easy, normal and hard; a hard computer shows its level in the lobby, the
    board and the result, and plays (in the worker pool) to the end."""
    async with Harness(tmp_path / "h.db") as h:
        command = next(c for c in h.standin.command_puts[0][1] if c["name"] == "addbot")
        assert [c["value"] for c in command["options"][0]["choices"]] == ["easy", "normal", "hard"]
        seed_games(h, 4)
        await h.slash(ALICE, "join", game="drachenherz")
        await h.slash(ALICE, "addbot", level="hard")
        assert "2. Computer 1 (hard) — computer" in h.lobby().text()
        await h.press(ALICE, h.lobby(), "Start")
        assert "Computer 1 (hard)" in h.board().text()
        await play_by_menus(h, [ALICE])
        assert "Computer 1 (hard)" in h.results()[-1].text()
        assert h.bot is not None and h.bot.host.ai.is_running
        games_row = sqlite3.connect(tmp_path / "h.db").execute("SELECT seats FROM games").fetchone()
        assert json.loads(games_row[0])[1]["level"] == "hard"


@pytest.fixture(autouse=True)
def _quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOARD_AI_SECONDS", "0.02")
