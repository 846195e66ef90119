"""Triggered abilities: which units and forts listen to what happened, and in which context their
effects run. Every ability trigger name ("on") the engine reacts to is matched here, except the
cost, tax, aura, static and COMMAND bonus abilities that `stats` and `play` read ("command_..."
abilities that react to events are matched here too).

The effect interpreter runs these effects and sets off more triggers in turn, so this module and
the interpreter's (`effects`, `damage`, `movement`, `resources`) refer to each other as modules.
"""

from __future__ import annotations

from typing import Any

from games.dragonfront import cards as C
from games.dragonfront import effects, triggers_more
from games.dragonfront.board import (
    around,
    find_unit,
    fort_at,
    has_flight_raw,
    is_alive,
    lane_of,
    listening,
    on_board,
    spaces_of,
)
from games.dragonfront.conditions import check
from games.dragonfront.context import Ctx, say_about
from games.dragonfront.state import DFState, Fort, Unit
from games.text import make_text


def trigger(st: DFState, x: Unit | Fort, on: str, ctx: Ctx, *,
            damaged: Unit | None = None) -> None:
    """Runs a unit's or fort's abilities for one trigger (conditions checked) while it stays."""
    abilities: list[dict[str, Any]] = x["ab"]  # typed: a native loop and string compares
    for a in abilities:
        held: str = a["on"]
        if held == on:
            break
    else:
        return  # the usual case: no ability of this trigger
    for a in list(x["ab"]):
        if a["on"] == on and check(st, a.get("if"), x, x["owner"], None):
            if "pw" in x and not on_board(st, x):
                return
            if "pw" not in x and x not in st.forts:
                return
            sub = Ctx(owner=a.get("seat", x["owner"]), me=x, events=ctx.events, damaged=damaged)
            effects.run_effects(st, a["do"], sub)


# -- damage ----------------------------------------------------------------------------------


def unit_damaged(st: DFState, u: Unit, n: int, ctx: Ctx) -> None:
    """A unit took `n` damage: its "damaged" abilities, then the "occupant_damaged" ones of an
    ally fort it stands on."""
    for a in [a for a in u["ab"] if a["on"] == "damaged"]:
        sub = Ctx(owner=a.get("seat", u["owner"]), me=u, events=ctx.events, dealt=n)
        effects.run_effects(st, a["do"], sub)
    for f in [f for f in st.forts if f["sp"] in u["sp"] and f["owner"] == u["owner"]
              and f["ab"]]:
        for a in f["ab"]:
            if a["on"] == "occupant_damaged" and on_board(st, u) and not has_flight_raw(u):
                effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, entrant=u,
                                                     dealt=n, events=ctx.events))


def fort_damaged(st: DFState, f: Fort, n: int, ctx: Ctx) -> None:
    """A wall took `n` damage: its "damaged" abilities."""
    for a in f["ab"]:
        if a["on"] == "damaged":
            effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, dealt=n,
                                                 events=ctx.events))


def dealt_damage(st: DFState, src: Unit, victim: Unit, n: int, ctx: Ctx) -> None:
    """A unit dealt `n` damage to an enemy unit: its "dealt_damage" abilities."""
    for a in src["ab"]:
        if a["on"] == "dealt_damage":
            effects.run_effects(st, a["do"], Ctx(owner=src["owner"], me=src, damaged=victim,
                                                 dealt=n, events=ctx.events))


def stronghold_damaged(st: DFState, seat: int, ctx: Ctx) -> None:
    """A seat's Stronghold took damage: everyone's "any/enemy/own_sh_damaged" abilities."""
    cards = C.listeners("any_sh_damaged", "enemy_sh_damaged", "own_sh_damaged")
    for x in listening(st, cards):
        for a in x["ab"]:
            on = a["on"]
            if on == "any_sh_damaged" or (on == "enemy_sh_damaged" and x["owner"] != seat) \
                    or (on == "own_sh_damaged" and x["owner"] == seat):
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, events=ctx.events))


# -- death -----------------------------------------------------------------------------------


def fort_destroyed(st: DFState, f: Fort, ctx: Ctx) -> None:
    """A fort fell: its own DEATH abilities, then everyone's "fort_destroyed" ones."""
    for a in f["ab"]:
        if a["on"] == "death":
            effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=None, victim_space=f["sp"],
                                                 twin_space=f.get("twin_sp"), events=ctx.events))
    cards = C.listeners("fort_destroyed")
    for x in listening(st, cards):
        for a in x["ab"]:
            if a["on"] == "fort_destroyed":
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, events=ctx.events))


def unit_died(st: DFState, u: Unit, ctx: Ctx, fallen: dict[int, Unit]) -> None:
    """A unit died (and left the board): its DEATH abilities, its killer's EXECUTE, everyone's
    "died" abilities, and those of the forts it stood on. `fallen` holds the units that died
    with it, so a killer that fell in the same fight still executes."""
    base = u["sp"][0]
    owner = u["owner"]
    killer = (fallen.get(u["killer"]) or find_unit(st, u["killer"])) if u.get("killer") else None
    for a in u["ab"]:
        if a["on"] == "death" and check(st, a.get("if"), u, owner, None):
            effects.run_effects(st, a["do"], Ctx(owner=owner, me=None, victim_space=base, victim=u,
                                                 killer=killer, events=ctx.events))
    _executed(st, u, base, ctx, fallen)
    if _commands(st, owner, "command_survivor_on_death"):
        for a in u["ab"]:
            if a["on"] == "survivor":
                effects.run_effects(st, a["do"], Ctx(owner=owner, me=u, victim=u,
                                                     events=ctx.events))
    _died(st, u, ctx)
    for f in list(st.forts):
        if f["sp"] in u["sp"] and not has_flight_raw(u):
            for a in f["ab"]:
                if a["on"] == "occupant_died":
                    effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f,
                                                         events=ctx.events))


def _executed(st: DFState, u: Unit, base: int, ctx: Ctx, fallen: dict[int, Unit]) -> None:
    killer = u.get("killer")
    if killer is None:
        return
    k = find_unit(st, killer) or fallen.get(killer)
    if k is None or k["owner"] == u["owner"]:
        return
    for a in k["ab"]:
        if a["on"] == "execute":
            effects.run_effects(st, a["do"], Ctx(owner=k["owner"], me=k, victim=u,
                                                 victim_space=base, events=ctx.events))
    triggers_more.ally_executed(st, k, ctx)
    for a in _commands(st, k["owner"], "command_execute"):
        effects.run_effects(st, a["do"], Ctx(owner=k["owner"], me=k, victim=u,
                                             victim_space=base, events=ctx.events))


def _commands(st: DFState, seat: int, on: str) -> list[dict]:
    """The COMMAND abilities of one kind of the champion waiting on a seat's Stronghold."""
    champ = st.players[seat]["champion"]
    return [a for a in C.card(champ)["abilities"] if a["on"] == on] if champ else []


def _died(st: DFState, u: Unit, ctx: Ctx) -> None:
    """Everyone's "any/ally/enemy_died" abilities (units' and forts'), the dead unit in the
    context."""
    owner = u["owner"]
    for x in [*st.units, *st.forts]:
        for a in x["ab"]:
            on = a["on"]
            if (on == "any_died" or (on == "ally_died" and x["owner"] == owner)
                    or (on == "enemy_died" and x["owner"] != owner)) and is_alive(st, x) \
                    and check(st, a.get("if"), x, x["owner"], None):
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, victim=u,
                                                     events=ctx.events))


def survived(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit took damage and lived: its SURVIVOR abilities."""
    for a in u["ab"]:
        if a["on"] == "survivor" and on_board(st, u):
            effects.run_effects(st, a["do"], Ctx(owner=u["owner"], me=u, events=ctx.events))


# -- arriving and moving ---------------------------------------------------------------------


def arrived(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit was deployed: enemy forts and units watching its lane, and its owner's "own_spawn"
    abilities."""
    lanes = {lane_of(s) for s in u["sp"]}
    cards = C.listeners("enemy_spawn_lane", "enemy_champion_spawn", "own_spawn")
    for x in listening(st, cards):
        for a in list(x["ab"]):
            watching = a["on"] == "enemy_spawn_lane" and x["owner"] != u["owner"] \
                and on_board(st, u) and lanes & {lane_of(s) for s in spaces_of(x)}
            watching = watching or (a["on"] == "enemy_champion_spawn" and u["champ"]
                                    and x["owner"] != u["owner"] and is_alive(st, x))
            if watching or (a["on"] == "own_spawn" and x["owner"] == u["owner"] and x is not u):
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, entrant=u,
                                                     events=ctx.events))


def spring_traps(st: DFState, u: Unit, spaces: list[int], ctx: Ctx) -> None:
    """A ground unit stepped onto `spaces`: the enemy forts there spring their TRAP abilities."""
    for s in spaces:
        f = fort_at(st, s)
        if f is not None and f["owner"] != u["owner"] and on_board(st, u):
            for a in f["ab"]:
                if a["on"] == "trap" and f in st.forts:
                    say_about(ctx, u, make_text("{card} springs {trap}.", card=C.name(u["card"]),
                                           trap=C.name(f["card"])))
                    effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, entrant=u,
                                                         events=ctx.events))


def enemy_entered(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit entered the enemy's territory: that seat's "enemy_enters" abilities."""
    foe = 1 - u["owner"]
    triggers_more.ally_entered_enemy(st, u, ctx)
    for x in list(st.units):
        if x["owner"] == foe:
            for a in x["ab"]:
                if a["on"] == "enemy_enters":
                    effects.run_effects(st, a["do"], Ctx(owner=foe, me=x, events=ctx.events))


def moved(st: DFState, u: Unit, ctx: Ctx, origin: list[int] | None = None) -> None:
    """A unit moved (from `origin`): its "moved" abilities (conditions checked) while it stays."""
    for a in list(u["ab"]):
        if a["on"] == "moved" and on_board(st, u) and check(st, a.get("if"), u, u["owner"], None):
            effects.run_effects(st, a["do"], Ctx(owner=u["owner"], me=u, origin=origin,
                                                 events=ctx.events))


def transformed(st: DFState, u: Unit, ctx: Ctx, *, evolved: bool = False) -> None:
    """A unit evolved or respawned: everyone's "any_transformed" abilities, and on an evolution
    its allies' "ally_evolved" ones."""
    cards = C.listeners("any_transformed", "ally_evolved")
    for x in listening(st, cards):
        for a in list(x["ab"]):
            on = a["on"]
            if (on == "any_transformed" or (on == "ally_evolved" and evolved
                                            and x["owner"] == u["owner"])) and is_alive(st, x):
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, entrant=u,
                                                     events=ctx.events))


def activated(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit was activated: the "enemy_activates_adjacent" abilities of enemy forts next to it."""
    near = around(u["sp"])
    for f in list(st.forts):
        if f["owner"] != u["owner"] and f["sp"] in near:
            for a in f["ab"]:
                if a["on"] == "enemy_activates_adjacent" and f in st.forts and on_board(st, u):
                    effects.run_effects(st, a["do"], Ctx(owner=f["owner"], me=f, entrant=u,
                                                         events=ctx.events))


def nudged(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A unit was pushed or pulled: everyone's "nudged" abilities while it stays."""
    cards = C.listeners("nudged")
    for x in listening(st, cards):
        for a in list(x["ab"]):
            if a["on"] == "nudged" and on_board(st, u):
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, entrant=u,
                                                     events=ctx.events))


def reveal(st: DFState, u: Unit, ctx: Ctx) -> None:
    """A hidden unit is revealed: its "revealed" abilities run."""
    if not u["hidden"]:
        return
    u["hidden"] = False
    trigger(st, u, "revealed", ctx)


def fort_built(st: DFState, f: Fort, ctx: Ctx, *, played: bool = False) -> None:
    """A fort was built: the units' "fort_spawned" abilities, the other forts' "fort_built_row"
    ones (same row; the fort's cost in the context) and, when a seat played it from hand, that
    seat's waiting champion's "command_fort_played" COMMAND abilities."""
    for x in list(st.units):
        trigger(st, x, "fort_spawned", ctx)
    cost = C.card(f["card"])["cost"]
    for x in list(st.forts):
        for a in x["ab"]:
            if a["on"] == "fort_built_row" and x is not f and x["sp"] // 4 == f["sp"] // 4:
                effects.run_effects(st, a["do"], Ctx(owner=x["owner"], me=x, fort_cost=cost,
                                                     events=ctx.events))
    champ = st.players[f["owner"]]["champion"]
    if played and champ:
        for a in C.card(champ)["abilities"]:
            if a["on"] == "command_fort_played":
                effects.run_effects(st, a["do"], Ctx(owner=f["owner"], fort_cost=cost,
                                                     events=ctx.events))


# -- cards -----------------------------------------------------------------------------------


def discarded(st: DFState, seat: int, cid: str, ctx: Ctx) -> None:
    """Runs what a discard sets off: the card's own "when discarded" effect, then discard triggers."""
    for a in C.card(cid)["abilities"]:
        if a["on"] == "discarded":
            effects.run_effects(st, a["do"], Ctx(owner=seat, events=ctx.events))
    for x in [*st.units, *st.forts]:
        for a in list(x["ab"]):
            on = a["on"]
            if (on == "any_discard" or (on == "own_discard" and x["owner"] == seat)) \
                    and check(st, a.get("if"), x, x["owner"], None) and is_alive(st, x):
                effects.run_effects(st, a["do"], Ctx(owner=a.get("seat", x["owner"]), me=x,
                                                     events=ctx.events))
