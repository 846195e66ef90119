"""What goes into the host and what comes out: transport-free commands and replies.

The Discord adapter and the local console translate their input into a `Command` and render each
`Reply` their own way (a message with an embed, file and buttons; or printed text and a PNG file).
Nothing here knows about discord.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Verb(StrEnum):
    """Every command a player can give; slash commands and buttons map onto these."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    MATCH = "match"
    SUMOF = "sumof"
    ADDBOT = "addbot"
    HAND = "hand"
    RESIGN = "resign"
    RULES = "rules"
    STATUS = "status"
    TIMER = "timer"
    PLAY = "play"
    """Take an action: args[0] is an action code or the number of a listed action."""
    MOVES = "moves"
    """List the caller's legal actions (the console's menu; Discord's Hand button)."""


@dataclass(frozen=True, slots=True)
class Command:
    """One request from one user in one channel.

    `version` is the state version a button was drawn for; a click whose version is not the
    table's current one is refused as stale.
    """

    channel: str
    user: str
    name: str
    verb: Verb
    args: tuple[str, ...] = ()
    version: int | None = None


class ReplyKind(StrEnum):
    BOARD = "board"
    """The table's public message: the board image, status fields and public controls."""
    HAND = "hand"
    """A player's private cards and move choices."""
    INFO = "info"
    """A plain message (lobby changes, events, rules)."""
    ERROR = "error"
    """A refusal: shown only to the user who asked; nothing changed."""
    RESULT = "result"
    """A game or series result."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action offered to a user: its code and its human label path."""

    code: str
    label: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reply:
    """One message to show. `private_to` (a user id) makes it visible to that user only."""

    channel: str
    kind: ReplyKind
    text: str
    private_to: str | None = None
    title: str = ""
    fields: tuple[tuple[str, str], ...] = ()
    image: bytes | None = None
    image_name: str = "board.png"
    mentions: tuple[str, ...] = ()
    """User ids to ping (the player now to move, or a defender owed a decision)."""
    choices: tuple[Choice, ...] = ()
    """Legal actions for `private_to` (or public actions when `private_to` is None)."""
    table: str = ""
    version: int | None = None
    """The state version the choices belong to (goes into every custom_id)."""
    waiting_on: tuple[str, ...] = field(default=())
    """User ids the game waits on (a "Hand"/"Choose" button is offered to them)."""
    over: bool = False
    """On a board: the game has ended (no controls)."""

    @property
    def is_private(self) -> bool:
        return self.private_to is not None
