"""Drakones, RivalWing and Dragon Front on Discord end to end, each played to its result through the
lobby's buttons, the boards' Hand button and the private panels' menus (Drachenherz: see
test_discord_e2e). A scripted opening checks each game's own moments; the rest of the game is the
moves the game's computer player would choose, taken through the menus as a person would."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from games.dragonfront import cards as DRAGONFRONT_CARDS
from games.drakones.cards import CARDS as DRAKONES_CARDS
from games.rivalwing.cards import name_of
from tests.discord_standin import Interaction, Message, User
from tests.discord_standin.harness import Harness, play_by_menus, shows_its_image
from tests.test_discord_e2e import ALICE, BOB, CAROL, assert_public_clean, run

BOB = dataclasses.replace(BOB, locale="en-US")
"""These games are read in English (a German Bob plays in tests/test_german_discord.py)."""

PAGING = ("◀ Previous", "Next ▶")
PLAYERS = [ALICE, BOB]


def seed_games(h: Harness, seed: int) -> None:
    """Makes the host's game seeds (and so the deal and the computer's moves) repeatable."""
    assert h.bot is not None
    h.bot.host._seeds = random.Random(seed)


def live_state(h: Harness) -> Any:
    """Returns the engine state of the channel's game (for assertions only, never to play)."""
    assert h.bot is not None
    table = h.bot.host._tables[str(h.channel)]
    assert table.live is not None
    return table.live.state


def public_view(h: Harness) -> dict[str, Any]:
    """Returns what everyone may see of the channel's game: `view(state, None)`."""
    assert h.bot is not None
    table = h.bot.host._tables[str(h.channel)]
    return table.game.view(live_state(h), None)


def menu(hand: Message) -> list[str]:
    """Returns the labels of the entries at the hand's current menu level (buttons and options)."""
    labels = []
    for comp in hand.iter_components():
        if comp["type"] == 3:
            labels += [o["label"] for o in comp["options"]]
        elif comp.get("label") not in ("Back", "↻ Refresh", *PAGING):
            labels.append(comp["label"])
    return labels


async def choose(h: Harness, user: User, hand: Message, label: str) -> Interaction:
    """Picks the entry `label` at the hand's current menu level: a button or a select option."""
    for _ in range(5):
        for comp in hand.iter_components():
            if comp["type"] == 2 and comp.get("label") == label:
                return await h.click(user, hand, comp["custom_id"])
            if comp["type"] == 3:
                for option in comp["options"]:
                    if option["label"] == label:
                        return await h.select(user, hand, comp["custom_id"], [option["value"]])
        following = [c for c in hand.iter_components() if c.get("label") == "Next ▶"]
        if not following:
            break
        await h.click(user, hand, following[0]["custom_id"])
    raise AssertionError(f"{label!r} is not offered to {user.name}: {menu(hand)} ({hand.content})")


async def move(h: Harness, user: User, hand: Message, *labels: str,
               path: tuple[str, ...] | None = None, handover: bool = False) -> Message:
    """Takes one move through the panel's menus; checks the board is edited in place (or, on a
    handover, that a new board replaced the old one) and the panel says what was played.

    `path` is the whole label path when the first levels were already chosen.
    """
    boards = h.boards()
    old = boards[-1]
    edits = old.edits
    for label in labels:
        await choose(h, user, hand, label)
    board = h.board()
    if handover:
        assert len(h.boards()) == len(boards) + 1, f"no new board after {labels}"
        assert old.custom_ids() == [], "the superseded board kept its buttons"
    else:
        assert board is old and board.edits > edits, f"the board was not edited after {labels}"
    assert shows_its_image(board), "a board without its image"
    played = " › ".join(path or labels)
    assert hand.content.startswith(f"You played: {played}."), hand.content
    return board


def description(board: Message) -> str:
    """Returns a board message's event text."""
    return board.embeds[0].get("description") or ""


async def open_table(h: Harness, game: str, *, option: str | None = None) -> None:
    """Alice opens the lobby with /join; Bob joins and Alice starts by the lobby's buttons."""
    await h.slash(ALICE, "join", game=game, **({"option": option} if option else {}))
    await h.press(BOB, h.lobby(), "Join")


async def finish(h: Harness, users: list[User], *, seed: int, every: int = 0,
                 check: Any = None) -> None:
    """Plays the game to its result by menus and checks the channel: one board per handover."""
    deciders: list[int] = []

    def noted(user: User, panel: Message) -> None:
        deciders.append(user.id)
        if check is not None and every and len(deciders) % every == 0:
            check()

    await play_by_menus(h, users, seed=seed, on_move=noted)
    before = len([b for b in h.boards() if b.id < h.board().id])
    handovers = sum(1 for a, b in zip(deciders, deciders[1:], strict=False) if a != b)
    result = h.results()[-1]
    assert shows_its_image(result) and "Rematch" in [c.get("label") for c in result.iter_components()]
    assert all(not b.custom_ids() for b in h.boards()), "boards of a finished game keep no buttons"
    assert len(h.created()) <= handovers + before + 3, (len(h.created()), handovers)
    assert h.standin.errors == []


class DrakonesSecrets:
    """Alice's Drakones hand must stay private: no public message names a card only she has seen.

    A title counts as shown once it stood on a side or in a discard pile (a card played and taken
    back may be named); titles that are part of a shown title (Pikeman in Horse Pikeman) are not
    checked, so a match is always a leak.
    """

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.shown: set[str] = set()

    def check(self) -> None:
        view = public_view(self.h)
        for player in view["players"]:
            self.shown |= {DRAKONES_CARDS[c["card"]].title for c in player["side"] if c is not None}
            self.shown |= {DRAKONES_CARDS[c].title for c in player["discard"]}
        held = {DRAKONES_CARDS[c].title for c in live_state(self.h).players[0].hand}
        secret = {t for t in held if not any(t in shown for shown in self.shown)}
        for msg in self.h.public():
            body = msg.text()
            assert not [t for t in secret if t in body], f"a hand card went public: {body}"
        assert_public_clean(self.h)


@run
async def test_drakones_by_buttons_to_the_end(tmp_path: Path) -> None:
    """A turn of Drakones is one board edited in place (play a card, undo it, play again); ending
    the turn posts the next player's board; then the game is played to its result with Alice's
    hand kept secret throughout."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 1)
        await open_table(h, "drakones")
        lobby = h.lobby()
        select = next(c for c in lobby.iter_components() if c["type"] == 3)
        await h.select(BOB, lobby, select["custom_id"], ["off"])
        assert "strike back off" in lobby.text()
        await h.press(ALICE, lobby, "Start")
        secrets = DrakonesSecrets(h)
        mover = h.to_move(PLAYERS)[0]
        other = BOB if mover is ALICE else ALICE
        board = h.board()
        assert board.pinged == (mover.id,)
        before = public_view(h)

        hand = await h.open_hand(mover)
        assert hand.attachments and menu(hand) == ["Play", "Draw a card (2 actions)", "End turn"]
        await choose(h, mover, hand, "Play")
        card = menu(hand)[0]
        await choose(h, mover, hand, card)
        assert menu(hand) == [f"Space {n}" for n in range(1, 7)]
        board = await move(h, mover, hand, "Space 1", path=("Play", card, "Space 1"))
        assert f"played {card} on space 1" in description(board) and "Undo" in menu(hand)
        secrets.check()
        board = await move(h, mover, hand, "Undo")
        assert "took back" in description(board) and board.pinged == (mover.id,)
        assert public_view(h)["players"] == before["players"]
        assert "Undo" not in menu(hand)
        await move(h, mover, hand, "Play", card, "Space 1")
        board = await move(h, mover, hand, "End turn", handover=True)
        assert board.pinged == (other.id,) and "ended the turn" in description(board)
        assert "Waiting for" in hand.content and menu(hand) == []
        secrets.check()
        await finish(h, PLAYERS, seed=1, every=15, check=secrets.check)


@run
async def test_rivalwing_defender_is_pinged_to_defend_and_the_duel_ends(tmp_path: Path) -> None:
    """Alice attacks Bob by menus; a new board pings Bob "to defend", he defends from his panel in
    her turn, and the duel is played to its result."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 16)
        await open_table(h, "rivalwing")
        await h.press(ALICE, h.lobby(), "Start")
        assert h.board().pinged == (ALICE.id,)
        idle = await h.open_hand(BOB)  # out of turn: his hand, nothing to decide yet
        assert idle.attachments and menu(idle) == [] and "Waiting for Alice" in idle.content

        hand = await h.open_hand(ALICE)
        assert menu(hand)[0] == "Attack › Bob"
        await move(h, ALICE, hand, "Attack › Bob", path=("Attack", "Bob"))
        await move(h, ALICE, hand, "Add", "Melee Left – Tail")
        board = await move(h, ALICE, hand, "Declare attack", handover=True)
        assert "Alice attacks at Bob: Melee Left – Tail" in description(board)
        assert "Bob to defend (Alice's turn)." in description(board)
        assert f"<@{BOB.id}>" in board.content and board.pinged == (BOB.id,)
        assert board.custom_ids() == [board.component(label="Hand")["custom_id"]]
        assert "Waiting for Bob" in hand.content

        ix = await h.press(CAROL, board, "Hand")
        refusal = h.standin.original(ix)
        assert refusal.is_ephemeral and "not playing" in refusal.content and h.board() is board

        ix = await h.press(BOB, idle, "↻ Refresh")  # his old panel, shown again with the window
        assert h.standin.original(ix) is idle and menu(idle) == ["Defend", "Take the hits"]
        defence = idle
        await choose(h, BOB, defence, "Defend")
        options = menu(defence)
        assert options == ["Defense Scales › Defense Scales Left › #1 Melee Left – Tail (Left 5)",
                           "Seizure › #1 Melee Left – Tail (Left 5)"]
        await move(h, BOB, defence, options[0], path=("Defend", *options[0].split(" › ")))
        assert "Done defending" in menu(defence)
        board = await move(h, BOB, defence, "Done defending")  # Bob decides on: his turn next
        text = description(board)
        assert "Bob defends with Defense Scales Left" in text and "3 absorbed" in text
        assert "Attack › Alice" in menu(defence), "then it is Bob's turn"
        assert "Seizure" in [name_of(c) for c in live_state(h).hands[1]]
        for msg in h.public():  # the defence Bob did not use stays his secret
            assert "Seizure" not in msg.text()
        assert_public_clean(h)
        await finish(h, PLAYERS, seed=16)


@run
async def test_rivalwing_for_three_with_a_computer_to_the_end(tmp_path: Path) -> None:
    """Two people and a computer dragon: the computer's turns are folded into the boards; the duel
    ends with a result."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 5)
        await open_table(h, "rivalwing")
        await h.press(BOB, h.lobby(), "Add computer")
        assert "3. Computer 1 (normal) — computer" in h.lobby().text()
        await h.press(BOB, h.lobby(), "Start")
        await finish(h, PLAYERS, seed=5)
        assert "Computer 1" in h.results()[-1].text()


class DragonFrontSecrets:
    """Alice's Dragon Front hand stays private: no public message names a card she has held unseen.

    Every card she has been dealt (those mulliganed away too) counts until it stands on the grid;
    names inside a shown name are not checked, so a match is always a leak.
    """

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.held: set[str] = set()
        self.shown: set[str] = set()

    def check(self) -> None:
        view = public_view(self.h)
        self.shown |= {piece["name"] for piece in (*view["units"], *view["forts"])}
        self.held |= {DRAGONFRONT_CARDS.name(c) for c in live_state(self.h).players[0]["hand"]}
        secret = {n for n in self.held if not any(n in shown for shown in self.shown)}
        for msg in self.h.public():
            body = msg.text()
            assert not [n for n in secret if n in body], f"a hand card went public: {body}"
        assert_public_clean(self.h)


@run
async def test_dragonfront_mulligans_at_once_then_plays_to_the_end(tmp_path: Path) -> None:
    """Both players mulligan at once: Alice's choice leaves Bob's open menu valid (his own choices
    did not change) and edits the one board; then the game is played to its result."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 1)
        await open_table(h, "dragonfront", option="faction=scales")
        lobby = h.lobby()
        select = next(c for c in lobby.iter_components() if c["type"] == 3)
        await h.select(BOB, lobby, select["custom_id"], ["thorns"])
        assert "1. Alice — faction: Scales" in lobby.text() and "2. Bob — faction: Thorns" in lobby.text()
        await h.press(BOB, lobby, "Start")
        assert [p["faction"] for p in public_view(h)["players"]] == ["scales", "thorns"]
        secrets = DragonFrontSecrets(h)
        board = h.board()
        assert "Dragon Front begins: Alice, Bob" in description(board)
        assert set(board.pinged) == {ALICE.id, BOB.id}, "both decide at once, both are pinged"
        secrets.check()

        bob = await h.open_hand(BOB)
        await choose(h, BOB, bob, "Mulligan")  # Bob's menu is open one level down
        alice = await h.open_hand(ALICE)
        assert alice.attachments and menu(alice) == ["Mulligan"]
        await choose(h, ALICE, alice, "Mulligan")
        options = menu(alice)
        assert options[0] == "Keep all" and "Replace card 3" in options
        board = await move(h, ALICE, alice, "Keep all", path=("Mulligan", "Keep all"))
        assert "Waiting for Bob" in alice.content
        await choose(h, BOB, bob, "Replace card 3")
        assert "choices changed" not in bob.content, "Alice's move left Bob's menu valid"
        assert bob.content.startswith("You played: Mulligan › Replace card 3.")
        secrets.check()  # later, spells cast and cards discarded are named publicly, as they should
        await finish(h, PLAYERS, seed=1)
