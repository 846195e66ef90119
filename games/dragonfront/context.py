"""The effect context: who acts, what an effect refers to, and the events told so far."""

from __future__ import annotations

from games.core import Event
from games.dragonfront.state import Fort, Target, Unit


class Ctx:
    """Who is acting and what an effect refers to (the chosen target, the trap's entrant, ...).

    A trigger runs its effects in a fresh context that shares the events list of the one that
    set it off, so every event of an action lands in one list. A plain class with its own
    `__init__`, not a dataclass: one is made for every trigger, and compiled (setup.py) a
    written `__init__` is native code where a dataclass's generated one stays interpreted."""

    __slots__ = ("dealt", "damaged", "entrant", "events", "fort_cost", "killer", "me", "origin",
                 "other", "owner", "picked", "target", "twin_space", "victim", "victim_space")

    def __init__(self, owner: int, *, me: Unit | Fort | None = None, target: Target | None = None,
                 other: Target | None = None, entrant: Unit | None = None,
                 damaged: Unit | None = None, victim: Unit | None = None,
                 killer: Unit | None = None, origin: list[int] | None = None,
                 victim_space: int | None = None, twin_space: int | None = None,
                 picked: Target | None = None, dealt: int = 0, fort_cost: int = 0,
                 events: list[Event] | None = None) -> None:
        self.owner = owner
        self.me = me
        """The unit or fort whose ability runs (None for a spell or a death effect)."""
        self.target = target
        """The spell's chosen target: a unit, a fort, a ("lane" | "row", n) line or ("space", n)."""
        self.other = other
        """The second unit of a spell that chooses two."""
        self.entrant = entrant
        """The unit that stepped onto a trap, arrived in a lane or was pushed."""
        self.damaged = damaged
        """The unit this unit just hit."""
        self.victim = victim
        """The unit whose death set the effect off."""
        self.killer = killer
        """The unit that killed the dead unit (for a DEATH effect), even if it fell too."""
        self.origin = origin
        """The spaces a unit that just moved came from."""
        self.victim_space = victim_space
        """Where the dead unit or fort stood."""
        self.twin_space = twin_space
        """The other half's space when the dead fort was a GIANT fort."""
        self.picked = picked
        """The thing "each" and "pick" are at now."""
        self.dealt = dealt
        """How much damage set the effect off, or the last "damage" effect dealt."""
        self.fort_cost = fort_cost
        """The cost of the first fort a "destroy" effect removed."""
        self.events: list[Event] = [] if events is None else events


def say(ctx: Ctx, text: str, audience: tuple[int, ...] | None = None) -> None:
    """Adds an event for an audience (None = everyone)."""
    ctx.events.append(Event(text, audience))


def say_about(ctx: Ctx, u: Unit, text: str) -> None:
    """Tells an event about a unit: only its owner hears of a unit hidden by STEALTH."""
    ctx.events.append(Event(text, (u["owner"],) if u.get("hidden") else None))
