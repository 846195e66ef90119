"""What goes into the host and what comes out: transport-free commands and replies.

The Discord adapter and the local console translate their input into a `Command` and render each
`Reply` their own way (a message with an embed, file and buttons; or printed text and a PNG file).
Nothing here knows about discord.py.

A public reply that a committed change owes the channel (a lobby update, a board, a result, a timer
warning) carries `outbox`, the id of the row the host wrote in the same transaction as the change;
the transport marks it delivered once the channel shows it (`Host.delivered`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


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
    """List the caller's legal actions without the hand image (a menu step on the private panel)."""
    OPTION = "option"
    """Set one game option of the caller's seat: args are (name, value)."""
    REMATCH = "rematch"
    """Ask for another game with the same seats and options; it starts once every person asked."""
    NEXT = "next"
    """Start the next game of a series."""
    LANGUAGE = "language"
    """Set the table's language: args[0] is a language code ("de", "en")."""
    LEADERBOARD = "leaderboard"
    """The top of a game in this guild and the caller's rank: args [game]."""
    PROFILE = "profile"
    """A player's ratings and results: args [user=<id>] [name=<display name>]."""
    HISTORY = "history"
    """The guild's last finished games: args [user=<id>] [export=<game id>]."""
    REPLAY = "replay"
    """A finished game's replay: args [game id] [step=<n>] [verb=<first|prev|next|last|anim>]."""
    DECK = "deck"
    """Deck building: args are the sub-command and its words (`new name faction`, `code`, ...)."""
    CARD = "card"
    """Look up one card of any game: args are its name."""


LOOKUPS = frozenset({Verb.LEADERBOARD, Verb.PROFILE, Verb.HISTORY, Verb.REPLAY, Verb.DECK,
                     Verb.CARD})
"""Verbs that read or change a user's records, not the channel's table (no table lock)."""


def split_options(args: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """Splits a record or deck command's arguments into words and name=value options (a word
    holding "=" whose left side is no name, such as a deck code, stays a word)."""
    words: list[str] = []
    options: dict[str, str] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep and key.strip().isidentifier():
            options[key.strip().lower()] = value.strip()
        elif arg.strip():
            words.append(arg.strip())
    return words, options

@dataclass(frozen=True, slots=True)
class Command:
    """One request from one user in one channel.

    `version` is the table version a public control was drawn for: a click at another version is
    refused as stale. `stamp` is the clicker's choice stamp a private menu was drawn for: it stays
    valid while that seat's own choices stay the same, whatever other seats do meanwhile.
    """

    channel: str
    user: str
    name: str
    verb: Verb
    args: tuple[str, ...] = ()
    version: int | None = None
    stamp: str | None = None
    locale: str | None = None
    """The user's locale ("de", "en-US"): private replies are in its language."""
    guild_locale: str | None = None
    """The guild's (server's) locale: a table's language unless /language or lang= set one."""
    guild: str | None = None
    """The server the channel belongs to (ratings, history and replays are per guild); None in
    the console, which plays one local guild."""


LOCAL_GUILD = "local"
"""The guild of a command that names none (the console)."""


class ReplyKind(StrEnum):
    LOBBY = "lobby"
    """The table's one lobby message: game, options, seats and the lobby controls."""
    BOARD = "board"
    """The turn's public board: `fresh` posts a new message with the mention, else the current
    board message is edited in place."""
    HAND = "hand"
    """A player's private panel: their cards, notes and move choices (or whom they wait for)."""
    RESULT = "result"
    """A finished game: the final board, the result and the Rematch / Next game controls."""
    WARNING = "warning"
    """A timer warning that mentions the players who still owe a decision."""
    INFO = "info"
    """A plain message (an acknowledgement, the rules)."""
    ERROR = "error"
    """A refusal: shown only to the user who asked; nothing changed."""


class Control(StrEnum):
    """The public buttons a lobby or result message offers (the transport draws them)."""

    JOIN = "join"
    ADDBOT = "addbot"
    LEAVE = "leave"
    START = "start"
    REMATCH = "rematch"
    NEXT = "next"


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action offered to a user: its code and its human label path."""

    code: str
    label: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OptionMenu:
    """A game option a seated player may set from the lobby (their own, or the table's)."""

    name: str
    choices: tuple[str, ...]
    per_seat: bool
    help: str = ""
    labels: tuple[tuple[str, str], ...] = ()
    """How choices read where they differ from their values (the game's labels, translated)."""


@dataclass(frozen=True, slots=True)
class Button:
    """A button that carries its own custom_id (a replay viewer's ⏮ ◀ ▶ ⏭ and Animation)."""

    label: str
    custom_id: str
    disabled: bool = False


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
    """User ids to notify: those who newly owe a decision (pings fire only on new messages)."""
    choices: tuple[Choice, ...] = ()
    """HAND: the legal actions of `private_to`."""
    table: str = ""
    version: int | None = None
    """The table version the reply shows (boards: the position; goes into public custom_ids)."""
    waiting_on: tuple[str, ...] = field(default=())
    """User ids the game waits on (named on the board; a Hand button is offered)."""
    over: bool = False
    """On a board: the game has ended (no controls)."""
    fresh: bool = False
    """BOARD, RESULT, LOBBY: a new message rather than an edit of the current one."""
    outbox: int | None = None
    """The outbox row this public reply delivers (None: nothing is owed, e.g. a /status post)."""
    stamp: str = ""
    """HAND: the choice stamp that goes into the panel's custom_ids."""
    notice: str = ""
    """HAND: a line about the last click ("You played: ...", "Your choices changed ...")."""
    controls: tuple[Control, ...] = ()
    """LOBBY, RESULT: the public buttons to offer."""
    menus: tuple[OptionMenu, ...] = ()
    """LOBBY: the option selects to offer."""
    in_thread: bool = False
    """BOARD, RESULT: the table plays in a thread made from its lobby message."""
    lang: str = "en"
    """The language the reply is written in (its buttons and menus are drawn in it too)."""
    buttons: tuple[Button, ...] = ()
    """INFO: buttons with their own custom_ids (a replay viewer); the transport draws them."""
    file: bytes | None = None
    """A file to attach as it is (a record file, an animation), named `file_name`."""
    file_name: str = ""

    @property
    def is_private(self) -> bool:
        return self.private_to is not None

    def to_json(self) -> dict[str, Any]:
        """Returns the reply without its image, as JSON-ready data (the outbox payload)."""
        data = asdict(self)
        data.pop("image")
        data.pop("file")
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], *, image: bytes | None = None,
                  outbox: int | None = None) -> Reply:
        """Rebuilds a reply from `to_json` data."""
        values = dict(data)
        values["kind"] = ReplyKind(values["kind"])
        values["fields"] = tuple((str(k), str(v)) for k, v in values.get("fields", ()))
        values["choices"] = tuple(Choice(c["code"], tuple(c["label"]))
                                  for c in values.get("choices", ()))
        values["menus"] = tuple(OptionMenu(m["name"], tuple(m["choices"]), bool(m["per_seat"]),
                                           m.get("help", ""),
                                           tuple((str(v), str(t)) for v, t in m.get("labels", ())))
                              for m in values.get("menus", ()))
        values["controls"] = tuple(Control(c) for c in values.get("controls", ()))
        values["buttons"] = tuple(Button(b["label"], b["custom_id"], bool(b["disabled"]))
                                  for b in values.get("buttons", ()))
        for name in ("mentions", "waiting_on"):
            values[name] = tuple(values.get(name, ()))
        values["image"] = image
        values["outbox"] = outbox
        return cls(**values)
