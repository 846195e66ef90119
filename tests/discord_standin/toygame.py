"""Embers: a tiny hidden-hand game on the engine contract, so the Discord tests never lack a game.

Two players are dealt `hand` cards each from Embers 1-99 (unique). In turn, a player plays an Ember
on pile 1, 2 or 3, or passes. Playing on pile 3 (the dragon pile) opens a defence window: the other
player, out of turn, either douses it (it scores nothing) or lets it burn. Each player makes three
plays or passes; the higher total of scoring Embers wins. `install()` registers it (and its
renderer) for the process, beside whatever real games exist.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

import games.registry
from games.core import BadActionCode, Event, Game, GameInfo, OptionSpec, Outcome, Termination
from games.rng import Rng

NAME = "embers"
TURNS = 3


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    pile: int

    def encode(self) -> str:
        return f"play:{self.card}:{self.pile}"


@dataclass(frozen=True, slots=True)
class Simple:
    code: str

    def encode(self) -> str:
        return self.code


class EmbersTermination(Termination):
    SCORE = "score"


class Embers(Game[dict[str, Any], Any]):
    """The toy game's rules."""

    info = GameInfo(
        name=NAME, title="Embers", min_players=2, max_players=2, max_actions=4 * TURNS + 2,
        score_min=0, score_max=99 * TURNS,
        summary="Play Embers onto three piles; the dragon pile can be doused by your rival.",
        options=(OptionSpec("hand", ("5", "8", "40"), "5", "cards in each hand"),),
    )

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        self.check_players(players)
        size = int(self.resolve_option("hand", (options or {}).get("hand")))
        rng = Rng(seed)
        deck = list(range(1, 100))
        rng.shuffle(deck)
        hands = [sorted(deck[:size]), sorted(deck[size:2 * size])]
        return {"hands": hands, "piles": [[], [], []], "scores": [0, 0], "turns": [0, 0],
                "turn": 0, "window": None, "rng": rng.state}

    def to_play(self, state: dict[str, Any]) -> tuple[int, ...]:
        if self._over(state):
            return ()
        if state["window"] is not None:
            return (1 - state["turn"],)
        return (state["turn"],)

    def _over(self, state: dict[str, Any]) -> bool:
        return all(t >= TURNS for t in state["turns"]) and state["window"] is None

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Any]:
        if seat not in self.to_play(state):
            return []
        if state["window"] is not None:
            return [Simple("douse"), Simple("burn")]
        plays: list[Any] = [Play(c, p) for c in state["hands"][seat] for p in (1, 2, 3)]
        return [*plays, Simple("pass")]

    def _apply(self, state: dict[str, Any], seat: int, action: Any) -> list[Event]:
        if isinstance(action, Play):
            state["hands"][seat].remove(action.card)
            state["piles"][action.pile - 1].append(action.card)
            state["turns"][seat] += 1
            events = [Event(f"{{p{seat}}} plays Ember {action.card} on pile {action.pile}.")]
            if action.pile == 3:
                state["window"] = action.card
                return events
            state["scores"][seat] += action.card
            state["turn"] = 1 - seat
            return events
        if action.code == "pass":
            state["turns"][seat] += 1
            state["turn"] = 1 - seat
            return [Event(f"{{p{seat}}} passes.")]
        card = state["window"]
        state["window"] = None
        mover = 1 - seat
        if action.code == "burn":
            state["scores"][mover] += card
            state["turn"] = seat
            return [Event(f"{{p{seat}}} lets Ember {card} burn.")]
        state["turn"] = seat
        return [Event(f"{{p{seat}}} douses Ember {card}.")]

    def active(self, state: dict[str, Any]) -> int | None:
        return None if self._over(state) else state["turn"]

    def players(self, state: dict[str, Any]) -> int:
        return 2

    def _view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        players = [{"hand_size": len(h), "score": state["scores"][i], "turns": state["turns"][i]}
                   for i, h in enumerate(state["hands"])]
        out = {"players": players, "piles": state["piles"], "seat": seat, "to_play": list(self.to_play(state)),
               "over": self._over(state), "window": state["window"]}
        if seat is not None:
            out["hand"] = list(state["hands"][seat])
        return out

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if not self._over(state):
            return None
        a, b = state["scores"]
        return Outcome(() if a == b else ((0,) if a > b else (1,)), EmbersTermination.SCORE,
                       "higher total")

    def score(self, state: dict[str, Any], seat: int) -> int:
        return state["scores"][seat]

    def decode(self, code: str) -> Any:
        if code in ("pass", "douse", "burn"):
            return Simple(code)
        parts = code.split(":")
        if len(parts) == 3 and parts[0] == "play" and parts[1].isdigit() and parts[2] in ("1", "2", "3"):
            return Play(int(parts[1]), int(parts[2]))
        raise BadActionCode(f"'{code}' is not an Embers move.")

    def label(self, state: dict[str, Any], action: Any) -> tuple[str, ...]:
        if isinstance(action, Play):
            return ("Play", f"Ember {action.card}", "Dragon pile" if action.pile == 3 else f"Pile {action.pile}")
        return {"pass": ("Pass",), "douse": ("Douse",), "burn": ("Let it burn",)}[action.code]

    def to_json(self, state: dict[str, Any]) -> dict[str, Any]:
        return json.loads(json.dumps(state))

    def from_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return json.loads(json.dumps(data))

    def shuffle_hidden(self, state: dict[str, Any], observer: int | None, seed: int) -> dict[str, Any]:
        return self.copy(state)

    def text(self, view: dict[str, Any], names: Sequence[str]) -> str:
        lines = [f"Piles: {view['piles']}"]
        if "hand" in view:
            lines.append("Your hand: " + ", ".join(f"Ember {c}" for c in view["hand"]))
        return "\n".join(lines)


def render_board(view: dict[str, Any], *, names: Sequence[str]) -> bytes:
    """Draws the piles (public) as a small PNG."""
    image = Image.new("RGB", (320, 90), (30, 20, 20))
    draw = ImageDraw.Draw(image)
    for i, pile in enumerate(view["piles"]):
        draw.text((10, 10 + 25 * i), f"Pile {i + 1}: {pile}", fill=(250, 200, 120))
    return _png(image)


def render_hand(view: dict[str, Any], *, names: Sequence[str]) -> bytes | None:
    """Draws the viewer's own hand."""
    image = Image.new("RGB", (320, 40), (20, 30, 20))
    ImageDraw.Draw(image).text((10, 10), f"Hand: {view.get('hand')}", fill=(200, 250, 120))
    return _png(image)


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


GAME = Embers()


class _Renderer:
    """Embers' renderer, handed to the registry as an object."""

    render_board = staticmethod(render_board)
    render_hand = staticmethod(render_hand)


def choose(view: dict[str, Any], actions: Sequence[Any], seed: int) -> Any:
    """The toy computer player: any listed action, by the seed."""
    return actions[seed % len(actions)]


ENTRY = games.registry.GameEntry(game=GAME, ai=choose, renderer=_Renderer())


def install() -> None:
    """Registers Embers and its renderer for this process (idempotent)."""
    games.registry.register(ENTRY)


def uninstall() -> None:
    """Removes Embers from the registry again, so other tests see only the real games."""
    games.registry.unregister(NAME)
