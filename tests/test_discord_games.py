"""Drakones, RivalWing and Dragon Front on Discord end to end: played by Hand and the menus, never by
code."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from games.dragonfront import cards as DRAGONFRONT_CARDS
from games.drakones.cards import CARDS as DRAKONES_CARDS
from games.rivalwing.cards import name_of
from tests.discord_standin import Interaction, Message, User
from tests.discord_standin.harness import Harness
from tests.test_discord_e2e import ALICE, BOB, CAROL, assert_public_clean, run

PAGING = ("◀ Previous", "Next ▶")


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
        elif comp.get("label") not in ("Back", *PAGING):
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


async def choose_path(h: Harness, user: User, hand: Message, *labels: str) -> Interaction:
    """Walks the menus label by label; the last one takes the move."""
    ix = None
    for label in labels:
        ix = await choose(h, user, hand, label)
    assert ix is not None
    return ix


async def move(h: Harness, user: User, hand: Message, *labels: str,
               path: tuple[str, ...] | None = None) -> Message:
    """Takes one move through the hand's menus and checks a new board replaced the old one.

    `path` is the whole label path when the first levels were already chosen.
    """
    boards = h.boards()
    await choose_path(h, user, hand, *labels)
    assert len(h.boards()) == len(boards) + 1, f"no new board after {labels}"
    assert boards[-1].custom_ids() == [], "the superseded board kept its buttons"
    board = h.board()
    assert board.attachments, "a board without its image"
    assert board.embeds[0]["image"]["url"] == f"attachment://{board.attachments[0].filename}"
    played = " › ".join(path or labels)
    assert hand.content.startswith(f"You played: {played}."), hand.content
    return board


async def resign_and_see_the_computer_win(h: Harness) -> None:
    """Alice resigns publicly; the result is announced and the final board has no controls."""
    ix = await h.slash(ALICE, "resign")
    assert not h.standin.original(ix).is_ephemeral
    result = next(m for m in h.standin.public(h.channel)
                  if m.embeds and m.embeds[0].get("title") == "Result")
    assert "Computer 1 wins" in result.embeds[0]["description"]
    final = h.board()
    fields = {f["name"]: f["value"] for f in final.embeds[0]["fields"]}
    assert "Computer 1 wins" in fields["Result"]
    assert final.custom_ids() == [] and final.pinged == ()


def description(board: Message) -> str:
    """Returns a board message's event text."""
    return board.embeds[0].get("description") or ""


class DrakonesSecrets:
    """Alice's Drakones hand must stay private: no public message names a card only she has seen.

    A title counts as shown once it stood on a side or in a discard pile (a card played and taken
    back, or one the computer played, may be named); titles that are part of a shown title (Pikeman
    in Horse Pikeman) are not checked, so a match is always a leak.
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
        assert secret, "nothing left to check"
        for msg in self.h.standin.public(self.h.channel):
            body = msg.text()
            assert not [t for t in secret if t in body], f"a hand card went public: {body}"
        assert_public_clean(self.h)


@run
async def test_drakones_against_the_computer_through_the_menus(tmp_path: Path) -> None:
    """Play a card onto a space, undo, end the turn, attack, all by menus; /resign ends the game."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 1)
        await h.slash(ALICE, "join", game="drakones")
        await h.slash(ALICE, "addbot")
        await h.slash(ALICE, "start")
        secrets = DrakonesSecrets(h)
        board = h.board()
        assert "Computer 1 ended the turn" in description(board) and board.pinged == (ALICE.id,)
        secrets.check()
        before = public_view(h)

        hand = await h.open_hand(ALICE)
        assert hand.attachments and menu(hand) == ["Play", "Draw a card (2 actions)", "End turn"]
        await choose(h, ALICE, hand, "Play")
        assert "Cavalry Tower" in menu(hand) and hand.content == "Choose: Play"
        await choose(h, ALICE, hand, "Cavalry Tower")
        assert menu(hand) == [f"Space {n}" for n in range(1, 7)]
        board = await move(h, ALICE, hand, "Space 1", path=("Play", "Cavalry Tower", "Space 1"))
        assert "Alice played Cavalry Tower on space 1" in description(board)
        assert public_view(h)["players"][0]["side"][0]["name"] == "Cavalry Tower"
        assert "Undo" in menu(hand)
        secrets.check()

        board = await move(h, ALICE, hand, "Undo")
        assert "took back" in description(board) and board.pinged == (ALICE.id,)
        after = public_view(h)
        assert after["players"] == before["players"] and after["actions"] == before["actions"]
        assert "Undo" not in menu(hand)

        await move(h, ALICE, hand, "Play", "Cavalry Tower", "Space 1")
        board = await move(h, ALICE, hand, "End turn")
        assert "Alice ended the turn" in description(board)
        assert "Computer 1 played" in description(board)
        assert board.pinged == (ALICE.id,)
        secrets.check()

        hand = await h.open_hand(ALICE)  # a fresh hand from the new board, as a player would
        await choose(h, ALICE, hand, "Attack")
        assert menu(hand) == ["Cavalry Tower (space 1)"]
        await choose(h, ALICE, hand, "Cavalry Tower (space 1)")
        targets = menu(hand)
        assert "Swordsman (space 2)" in targets and len(targets) >= 2
        board = await move(h, ALICE, hand, "Swordsman (space 2)",
                           path=("Attack", "Cavalry Tower (space 1)", "Swordsman (space 2)"))
        assert "Cavalry Tower" in description(board) and "Swordsman" in description(board)
        await move(h, ALICE, hand, "End turn")
        secrets.check()

        await resign_and_see_the_computer_win(h)
        secrets.check()
        assert h.standin.errors == []


@run
async def test_rivalwing_defender_is_pinged_and_defends_through_the_menus(tmp_path: Path) -> None:
    """Alice attacks Bob by menus; the board pings Bob, who defends from his Hand in her turn."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 16)
        await h.slash(ALICE, "join", game="rivalwing")
        await h.slash(BOB, "join")
        await h.slash(ALICE, "start")
        assert h.board().pinged == (ALICE.id,)
        idle = await h.open_hand(BOB)  # out of turn: his hand, nothing to decide yet
        assert idle.attachments and idle.custom_ids() == [] and "Nothing to decide" in idle.content

        hand = await h.open_hand(ALICE)
        assert menu(hand)[0] == "Attack › Bob"
        await move(h, ALICE, hand, "Attack › Bob", path=("Attack", "Bob"))
        await move(h, ALICE, hand, "Add", "Melee Left – Tail")
        board = await move(h, ALICE, hand, "Declare attack")
        assert "Alice attacks at Bob: Melee Left – Tail" in description(board)
        assert f"<@{BOB.id}>" in board.content and board.pinged == (BOB.id,)
        assert board.custom_ids() == [board.component(label="Hand")["custom_id"]]

        ix = await h.click(CAROL, board, board.component(label="Hand")["custom_id"])
        refusal = h.standin.original(ix)
        assert refusal.is_ephemeral and refusal.visible_to == CAROL.id
        assert "not playing" in refusal.content
        assert h.board() is board, "a stranger's click changed the table"
        waiting = await h.open_hand(ALICE)
        assert waiting.custom_ids() == [], "the attacker has nothing to decide in the window"

        defence = await h.open_hand(BOB)
        assert defence.attachments and menu(defence) == ["Defend", "Take the hits"]
        await choose(h, BOB, defence, "Defend")
        options = menu(defence)
        assert options == ["Defense Scales › Defense Scales Left › #1 Melee Left – Tail (Left 5)",
                           "Seizure › #1 Melee Left – Tail (Left 5)"]
        board = await move(h, BOB, defence, options[0], path=("Defend", *options[0].split(" › ")))
        assert board.pinged == (BOB.id,) and "Done defending" in menu(defence)
        board = await move(h, BOB, defence, "Done defending")
        text = description(board)
        assert "Bob defends with Defense Scales Left" in text and "3 absorbed" in text
        assert "Attack › Alice" in menu(defence), "then it is Bob's turn"

        assert "Seizure" in [name_of(c) for c in live_state(h).hands[1]]
        for msg in h.standin.public(h.channel):  # the defence Bob did not use stays his secret
            assert "Seizure" not in msg.text()
        assert_public_clean(h)
        assert h.standin.errors == []


class DragonFrontSecrets:
    """Alice's Dragon Front hand stays private: no public message names a card she has held unseen.

    Every card she has been dealt (those mulliganed away too) counts until it stands on the grid; names
    inside a shown name are not checked, so a match is always a leak.
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
        assert secret, "nothing left to check"
        for msg in self.h.standin.public(self.h.channel):
            body = msg.text()
            assert not [n for n in secret if n in body], f"a hand card went public: {body}"
        assert_public_clean(self.h)


@run
async def test_dragonfront_mulligan_deploy_activate_by_menus(tmp_path: Path) -> None:
    """Mulligan, deploy a unit on a space, end the turn, march it, all by menus; /resign ends it."""
    async with Harness(tmp_path / "h.db") as h:
        seed_games(h, 1)
        ix = await h.slash(ALICE, "join", game="dragonfront", option="faction=scales")
        assert "Alice joined Dragon Front" in h.standin.original(ix).content
        await h.slash(ALICE, "addbot")
        await h.slash(ALICE, "start")
        assert public_view(h)["players"][0]["faction"] == "scales"
        secrets = DragonFrontSecrets(h)
        board = h.board()
        assert "Dragon Front begins: Alice, Computer 1" in description(board)
        assert "Computer 1 replaces" in description(board) and board.pinged == (ALICE.id,)
        secrets.check()

        hand = await h.open_hand(ALICE)
        assert hand.attachments and menu(hand) == ["Mulligan"]
        await choose(h, ALICE, hand, "Mulligan")
        options = menu(hand)
        assert options[0] == "Keep all" and len(options) == 16 and "Replace card 3" in options
        dealt = list(live_state(h).players[0]["hand"])
        board = await move(h, ALICE, hand, "Replace card 3", path=("Mulligan", "Replace card 3"))
        assert "Alice replaces 1 card(s)" in description(board) and "Turn 1: Alice" in description(board)
        kept = list(live_state(h).players[0]["hand"])
        assert kept[:3] == [*dealt[:2], dealt[3]] and len(kept) == 5  # a new card, then her draw
        secrets.check()

        hand = await h.open_hand(ALICE)
        assert menu(hand)[0] == "Play" and "End turn" in menu(hand)
        await choose(h, ALICE, hand, "Play")
        assert "Dogs of War" in menu(hand) and hand.content == "Choose: Play"
        await choose(h, ALICE, hand, "Dogs of War")
        assert menu(hand) == ["A1", "B1", "C1", "D1"]
        board = await move(h, ALICE, hand, "B1", path=("Play", "Dogs of War", "B1"))
        assert "Alice deploys Dogs of War" in description(board) and board.pinged == (ALICE.id,)
        dogs = [u for u in public_view(h)["units"] if u["name"] == "Dogs of War"]
        assert len(dogs) == 1 and dogs[0]["owner"] == 0
        assert not any(entry.startswith("Activate") for entry in menu(hand)), "deployed units rest"
        secrets.check()

        board = await move(h, ALICE, hand, "End turn")
        text = description(board)
        assert "Computer 1 deploys" in text and "Turn 3: Alice to play" in text
        assert board.pinged == (ALICE.id,)
        secrets.check()

        hand = await h.open_hand(ALICE)  # a fresh hand from the new board, as a player would
        march = "Activate › Dogs of War (B1) › Move to B2"
        assert march in menu(hand)
        board = await move(h, ALICE, hand, march)
        dogs = [u for u in public_view(h)["units"] if u["name"] == "Dogs of War"]
        assert "Dogs of War advances to B2.\nDogs of War advances to B3." in description(board)
        assert dogs[0]["acted"], "SPRINT took it on to B3 in the one activation"
        await move(h, ALICE, hand, "End turn")
        secrets.check()

        await resign_and_see_the_computer_win(h)
        secrets.check()
        assert h.standin.errors == []
