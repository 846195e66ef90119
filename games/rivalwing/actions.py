"""RivalWing actions: one small value type whose code is the whole action.

Codes (fields separated by ':'; sides F/L/R/B, locations add W and C; card kinds as in cards.json):
`atk:<seat>|self|arma` choose a target; `add:<kind>[:<side>[:<arc side>]]` add a hit card
(`addc:` also spends a Combo); `fd:<side>` Focused Dive; `dv:<hit>` Dive Attack +2; `wa:<hit>` Melee
Wing Attack; `dust` attacking Dusting; `mg:<kind>[:...]` slotted attack magic; `aim:<hit>:<loc>`
Called Shot; `arma:<seat>:<side>` Armageddon; `decl` declare; `restart`; `mag:<kind>:<slot>` place
magic and end the turn (`magm:` place more); `dis:<kind>` discard and end the turn (`dism:` discard
more); `end` end the turn; `pass`; `d:<kind>[:...]` a defense card; `dend`
done defending; `none` take the hits; `sp:<kind>[:...]` play a special; `rm:<slot>[:<magic slot>]`
remove a special; `tout` the host's turn timeout.
"""

from __future__ import annotations

import re

from games.core import MAX_CODE_LENGTH, BadActionCode
from games.text import Text

_PREFIXES = frozenset({
    "atk", "add", "addc", "fd", "dv", "wa", "dust", "mg", "aim", "arma", "decl", "restart", "mag",
    "dis", "dism", "magm", "end", "pass", "d", "dend", "none", "sp", "rm", "tout",
})
_CODE = re.compile(r"^[a-zA-Z0-9.+:]+$")


class Act(str):
    """One RivalWing action: its code. A str subclass, so listed options are ready actions and
    listing the legal ones copies references instead of building objects.

    A listed action also carries its menu label (see `listed`); one made from a code alone has
    `label` None.
    """

    label: tuple[str, ...] | None = None

    @property
    def code(self) -> str:
        """Returns the code as a plain string."""
        return str.__str__(self)

    def encode(self) -> str:  # type: ignore[override]  # the action contract, not str.encode
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Act({str.__repr__(self)})"

    @property
    def parts(self) -> list[str]:
        """Returns the code split into its fields."""
        return self.split(":")


def listed(code: str, label: tuple[str, ...] | None) -> Act:
    """Returns an action for an option list, with its menu label (None: it follows from the code,
    as for Refresh)."""
    act = Act(code)
    act.label = label
    return act


def decode(code: str) -> Act:
    """Parses an action code; raises BadActionCode when it cannot be one of RivalWing's."""
    if not isinstance(code, str) or not code or len(code) > MAX_CODE_LENGTH or not _CODE.match(code):
        raise BadActionCode(Text("'{code}' is not a RivalWing move.", code=str(code)))
    if code.split(":", 1)[0] not in _PREFIXES:
        raise BadActionCode(Text("'{code}' is not a RivalWing move.", code=code))
    return Act(code)
