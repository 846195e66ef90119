"""Game option names and values as players read them (the lobby, /rules, a profile's favourite).

Options are stored and typed in English (`strike_back=on`); what a player reads goes through the
catalog: an option's name in the context `game-option`, the values every game shares (on, off,
random) in `option-value`. Other values (a faction, a dragon mat code) are names and stay as they
are. The marks below let pybabel find the words.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core import GameInfo
from games.text import Text, term

OPTION_NAMES = {
    "strike_back": term("game-option", "strike back"), "faction": term("game-option", "faction"),
    "mat": term("game-option", "mat"), "deck": term("game-option", "deck"),
}
"""Every game's option names (a new game's option reads as its name until it is listed here)."""
OPTION_VALUES = {
    "on": term("option-value", "on"), "off": term("option-value", "off"),
    "random": term("option-value", "random"),
}


def option_name(name: str) -> str:
    """Returns an option's name to translate ("strike_back" -> "strike back")."""
    return OPTION_NAMES.get(name, name.replace("_", " "))


def option_value(value: str, labels: Iterable[tuple[str, str]] = ()) -> str:
    """Returns an option's value to translate: on, off and random are words, a labelled choice
    reads as its label (a faction's printed name, a mat's name), the rest as typed."""
    if value in OPTION_VALUES:
        return OPTION_VALUES[value]
    return dict(labels).get(value, value)


def labels_of(info: GameInfo, name: str | None = None) -> tuple[tuple[str, Text], ...]:
    """Returns the choice labels of the game's option `name` (of all its options when None)."""
    return tuple(pair for o in info.options if name in (None, o.name) for pair in o.labels)
