"""The effect context: who acts, what an effect refers to, and the events told so far."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import Event
from games.dragonfront.state import Fort, Target, Unit


@dataclass(slots=True)
class Ctx:
    """Who is acting and what an effect refers to (the chosen target, the trap's entrant, ...).

    A trigger runs its effects in a fresh context that shares the events list of the one that
    set it off, so every event of an action lands in one list."""

    owner: int
    me: Unit | Fort | None = None
    """The unit or fort whose ability runs (None for a spell or a death effect)."""
    target: Target | None = None
    """The spell's chosen target: a unit, a fort, a ("lane" | "row", n) line or ("space", n)."""
    other: Target | None = None
    """The second unit of a spell that chooses two."""
    entrant: Unit | None = None
    """The unit that stepped onto a trap, arrived in a lane or was pushed."""
    damaged: Unit | None = None
    """The unit this unit just hit."""
    victim: Unit | None = None
    """The unit whose death set the effect off."""
    killer: Unit | None = None
    """The unit that killed the dead unit (for a DEATH effect), even if it fell too."""
    origin: list[int] | None = None
    """The spaces a unit that just moved came from."""
    victim_space: int | None = None
    """Where the dead unit or fort stood."""
    twin_space: int | None = None
    """The other half's space when the dead fort was a GIANT fort."""
    picked: Target | None = None
    """The thing "each" and "pick" are at now."""
    dealt: int = 0
    """How much damage set the effect off, or the last "damage" effect dealt."""
    fort_cost: int = 0
    """The cost of the first fort a "destroy" effect removed."""
    events: list[Event] = field(default_factory=list)


def say(ctx: Ctx, text: str, audience: tuple[int, ...] | None = None) -> None:
    """Adds an event for an audience (None = everyone)."""
    ctx.events.append(Event(text, audience))


def say_about(ctx: Ctx, u: Unit, text: str) -> None:
    """Tells an event about a unit: only its owner hears of a unit hidden by STEALTH."""
    ctx.events.append(Event(text, (u["owner"],) if u.get("hidden") else None))
