"""More triggered abilities, for pieces that watch the whole board: a spell cast ("own_spell",
"foe_spell", and the waiting champion's "command_foe_spell"), an enemy activating ("foe_action"),
a unit in a fort's lane taking damage ("lane_damage"), an ally's kill ("ally_execute"), the
enemy earning mana ("foe_income"), a wall struck from next to it ("struck_adjacent") and an ally
entering enemy territory (the waiting champion's "command_ally_enters").

The watched unit is the context's `entrant`. Each function is called where the event happens
(`play`, `combat`, `damage`, `rules`, `triggers`).
"""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront import effects
from games.dragonfront.board import lane_of, listening, spaces_of
from games.dragonfront.conditions import check
from games.dragonfront.context import Ctx
from games.dragonfront.state import DFState, Fort, Unit


def _watchers(st: DFState, on: str, seat: int | None = None) -> list[tuple[Unit | Fort, dict]]:
    """The (piece, ability) pairs listening to `on` (of one seat when given); only the pieces
    of cards that can hold such an ability are looked through (`cards.listeners`)."""
    cards = C.listeners(on)
    return [(x, a) for x in listening(st, cards)
            for a in x["ab"] if a["on"] == on and (seat is None or x["owner"] == seat)]


def _run(st: DFState, x: Unit | Fort, a: dict, ctx: Ctx, entrant: Unit | None) -> None:
    alive = x in st.units if "pw" in x else x in st.forts
    if alive and st.result is None and check(st, a.get("if"), x, x["owner"], None):
        effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, entrant=entrant,
                                             events=ctx.events))


def _command(st: DFState, seat: int, on: str, ctx: Ctx) -> None:
    """Runs the waiting champion's COMMAND abilities listening to `on`."""
    champ = st.players[seat]["champion"]
    if champ:
        for a in C.card(champ)["abilities"]:
            if a["on"] == on:
                effects.run_effects(st, a["do"], Ctx(owner=seat, events=ctx.events))


def spell_cast(st: DFState, seat: int, ctx: Ctx) -> None:
    """A seat cast a spell: its pieces' "own_spell", the foe's "foe_spell" and COMMAND ones."""
    for x, a in _watchers(st, "own_spell", seat):
        _run(st, x, a, ctx, None)
    for x, a in _watchers(st, "foe_spell", 1 - seat):
        _run(st, x, a, ctx, None)
    _command(st, 1 - seat, "command_foe_spell", ctx)


def activated(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit was activated: the enemy pieces' "foe_action" abilities, about it."""
    for x, a in _watchers(st, "foe_action", 1 - u["owner"]):
        if u in st.units:
            _run(st, x, a, ctx, u)


def lane_damaged(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit took damage: the "lane_damage" abilities of the forts in its lanes."""
    lanes = {lane_of(s) for s in u["sp"]}
    for f in list(st.forts):
        if lane_of(f["sp"]) in lanes:
            for a in f["ab"]:
                if a["on"] == "lane_damage":
                    _run(st, f, a, ctx, u)


def ally_executed(st: DFState, killer: Unit, ctx: Ctx) -> None:
    """A unit killed an enemy: its side's "ally_execute" abilities, about the killer."""
    for x, a in _watchers(st, "ally_execute", killer["owner"]):
        _run(st, x, a, ctx, killer)


def foe_income(st: DFState, seat: int, ctx: Ctx) -> None:
    """A seat earned its turn's mana: the other seat's "foe_income" abilities."""
    for x, a in _watchers(st, "foe_income", 1 - seat):
        _run(st, x, a, ctx, None)


def struck(st: DFState, f: Fort, att: Unit, dist: int, ctx: Ctx) -> None:
    """A wall was hit: its "struck_adjacent" abilities when the attacker stood next to it (even
    if the hit broke it)."""
    if dist == 1:
        for a in f["ab"]:
            if a["on"] == "struck_adjacent" and att in st.units:
                effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, entrant=att,
                                                     events=ctx.events))


def ally_entered_enemy(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit entered enemy territory: its side's waiting champion's COMMAND abilities."""
    _command(st, u["owner"], "command_ally_enters", ctx)


def in_lane_of(st: DFState, x: Unit | Fort, u: Unit) -> bool:
    """Tells whether a unit stands in one of a piece's lanes."""
    return bool({lane_of(s) for s in spaces_of(x)} & {lane_of(s) for s in u["sp"]})
