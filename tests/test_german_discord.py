"""A German Drachenherz game through the Discord stand-in: a German server, German players, and
not one English sentence in any message, embed, button or menu they see."""

from __future__ import annotations

from pathlib import Path

from tests.discord_standin import User
from tests.discord_standin.harness import Harness, play_by_menus
from tests.test_discord_e2e import run
from tests.test_german import english_pieces

ANNA, BERND = User(2001, "Anna", locale="de"), User(2002, "Bernd", locale="de")


@run
async def test_a_german_server_plays_drachenherz_in_german(tmp_path: Path) -> None:
    """Lobby, boards, private panels and the result of a whole game read German."""
    async with Harness(tmp_path / "h.db") as h:
        h.standin.guild_locale = "de"
        seen: dict[int, str] = {}

        def read(*_: object) -> None:
            for message in h.standin.messages.values():
                seen[message.id] = seen.get(message.id, "") + "\n" + message.text()

        await h.slash(ANNA, "join", game="drachenherz")
        await h.press(BERND, h.lobby(), "Beitreten")
        read()
        await h.press(ANNA, h.lobby(), "Start")
        await play_by_menus(h, [ANNA, BERND], seed=5, on_move=read)
        read()
        result = h.results()[-1]
        assert "Revanche" in [c.get("label") for c in result.iter_components()]
        text = "\n".join(seen.values())
        assert "Drachenherz beginnt" in text and "Deine Hand" in text
        found = sorted({p for p in english_pieces() if p in text})
        assert not found, f"English on a German server: {found[:10]}"
        assert h.standin.errors == []
