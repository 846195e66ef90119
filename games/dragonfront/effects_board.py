"""Effects on the board beyond the core set: every fort replaced by Scorched Lands (forts built
by effects are `effects_forts`' "build"), units leaping ahead or sent to a fort, revealing hidden
units, one unit summoned on a random space, damage that pays out per kill, mana for both seats or
for a unit's owner, running a side's turn abilities out of turn, and a champion going back to its
Stronghold.

Places are named by "at" (not "to", which is a selector). Importing this module registers its
operations in `effects.OPS`.
"""

from __future__ import annotations

from typing import Final

from games.dragonfront import cards as C
from games.dragonfront import damage, movement, resources, triggers
from games.dragonfront import effects as E
from games.dragonfront.amounts import amount
from games.dragonfront.board import (
    fort_at,
    fwd,
    is_wall,
    new_unit,
    place_unit,
    spawn_row,
    unit_at,
)
from games.dragonfront.context import Ctx, say
from games.dragonfront.effects import Effect, Op, _units
from games.dragonfront.effects_forts import place_fort
from games.dragonfront.state import DFState
from games.dragonfront.targets import resolve
from games.text import make_text, seat_ref

# -- building forts --------------------------------------------------------------------------


def _replace_forts(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Destroys every fort, then builds a fort of e["card"] on each space one stood on."""
    spaces: list[int] = []
    for f in list(st.forts):
        if f in st.forts:
            spaces.append(f["sp"])
            damage.destroy_fort(st, f, ctx)
            if f.get("twin_sp") is not None:
                spaces.append(f["twin_sp"])
    damage.resolve_deaths(st, ctx)
    for sp in sorted(set(spaces)):
        place_fort(st, e["card"], ctx.owner, sp, ctx)


# -- moving and revealing --------------------------------------------------------------------


def _leap(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Moves each unit two rows ahead, through whatever stands in between, when the landing
    spaces hold no unit and no wall."""
    for t in _units(st, e, ctx):
        new = [s + 8 * fwd(t["owner"]) for s in t["sp"]]
        if all(0 <= s < 16 for s in new) and all(movement.free_for(st, s, t) for s in new):
            movement.enter(st, t, new, ctx)


def _advance(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Moves each unit one row ahead (its owner's way); when it moved, a new unit of e["leave"]
    takes the space it left."""
    for t in _units(st, e, ctx):
        old = list(t["sp"])
        if movement.nudge(st, t, 4 * fwd(t["owner"]), ctx):
            for sp in old:
                if unit_at(st, sp) is None:
                    place_unit(st, new_unit(st, e["leave"], ctx.owner, [sp]))


def _swap(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The selected unit and the spell's second chosen unit switch places (each enters the
    other's space)."""
    found, b = _units(st, e, ctx), ctx.other
    a = found[0] if found else None
    if a is None or not isinstance(b, dict) or b not in st.units or a is b:
        return
    a_sp, b_sp = list(a["sp"]), list(b["sp"])
    a["sp"] = b_sp  # both stand swapped before either's arrival sets anything off
    movement.enter(st, b, a_sp, ctx)
    if a in st.units:
        movement.enter(st, a, b_sp, ctx)


def _to_open_fort(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Sends each non-giant unit to a random other fort with no unit on it (walls excluded)."""
    for t in _units(st, e, ctx):
        spots = [f["sp"] for f in st.forts if f["sp"] not in t["sp"] and not is_wall(f)
                 and unit_at(st, f["sp"]) is None]
        if spots and not t["giant"]:
            movement.enter(st, t, [st.rng.choice(spots)], ctx)


def _reveal(st: DFState, e: Effect, ctx: Ctx) -> None:
    for t in _units(st, e, ctx):
        if t["hidden"]:
            say(ctx, make_text("{card} of {player} is revealed.", card=C.name(t["card"]),
                          player=seat_ref(t["owner"])))
            triggers.reveal(st, t, ctx)


# -- new units -------------------------------------------------------------------------------


def _summon_random(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Puts one new unit of e["card"] on a random open space of the owner's Spawn Row."""
    row = spawn_row(ctx.owner)
    spots = [row * 4 + c for c in range(4) if unit_at(st, row * 4 + c) is None
             and not is_wall(fort_at(st, row * 4 + c))]
    if spots:
        place_unit(st, new_unit(st, e["card"], ctx.owner, [st.rng.choice(spots)]))


def _champ_bonus(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The owner's champion, still waiting on the Stronghold, will arrive with +pw/+hp more."""
    bonus = st.players[ctx.owner].setdefault("champ_bonus", [0, 0])
    bonus[0] += e.get("pw", 0)
    bonus[1] += e.get("hp", 0)


def _devour_fort(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The unit destroys the fort on its space and gains +X/+X, X the fort's cost."""
    me = ctx.me
    f = fort_at(st, me["sp"][0]) if me is not None and "pw" in me and me in st.units else None
    if me is None or f is None:
        return
    gain = C.card(f["card"])["cost"]
    damage.destroy_fort(st, f, ctx)
    me["pw"] += gain
    me["hp"] += gain


def _return_champion(st: DFState, e: Effect, ctx: Ctx) -> None:
    """DEATH of a champion: it goes back to its owner's Stronghold, to be called again."""
    v = ctx.victim
    if v is not None and v["champ"]:
        st.players[v["owner"]]["champion"] = v["card"]
        say(ctx, make_text("{card} returns to {player}'s Stronghold.", card=C.name(v["card"]),
                      player=seat_ref(v["owner"])))


def _copy_foe_deck(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Adds a copy of a random card of the opponent's deck to the owner's hand."""
    deck = st.players[1 - ctx.owner]["deck"]
    if deck:
        resources.add_to_hand(st, ctx.owner, st.rng.choice(deck), ctx)


# -- damage and mana -------------------------------------------------------------------------


def _damage_per_kill(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Deals n to everything selected at once, then runs e["per_kill"] once per unit it killed."""
    hit = [t for t in resolve(st, e["to"], ctx) if isinstance(t, dict) and "pw" in t]
    n = amount(st, e.get("n", 1), ctx)
    with damage.end_held(st):
        for t in hit:
            damage.damage_unit(st, t, n, ctx, source=ctx.me)
    damage.resolve_deaths(st, ctx)
    for _ in range(sum(1 for t in hit if t not in st.units)):
        E.run_effects(st, e["per_kill"], ctx)


def _mana_both(st: DFState, e: Effect, ctx: Ctx) -> None:
    n = amount(st, e.get("n", 1), ctx)
    for seat in (ctx.owner, 1 - ctx.owner):
        resources.gain_mana(st, seat, n)


def _owner_mana(st: DFState, e: Effect, ctx: Ctx) -> None:
    """The owner of each unit selected gains n mana."""
    n = amount(st, e.get("n", 1), ctx)
    for t in _units(st, e, ctx):
        resources.gain_mana(st, t["owner"], n)


def _run_turn_abilities(st: DFState, e: Effect, ctx: Ctx) -> None:
    """Runs the START OF TURN and END OF TURN abilities of the owner's other units and forts."""
    for on in ("start", "end"):
        for x in [*st.units, *st.forts]:
            if x["owner"] == ctx.owner and x is not ctx.me and st.result is None:
                triggers.trigger(st, x, on, ctx)
                damage.resolve_deaths(st, ctx)


_OPS: Final[dict[str, Op]] = {
    "replace_forts": _replace_forts,
    "leap": _leap,
    "swap": _swap,
    "advance": _advance,
    "copy_foe_deck": _copy_foe_deck,
    "to_open_fort": _to_open_fort,
    "reveal": _reveal,
    "summon_random": _summon_random,
    "return_champion": _return_champion,
    "champ_bonus": _champ_bonus,
    "devour_fort": _devour_fort,
    "damage_per_kill": _damage_per_kill,
    "mana_both": _mana_both,
    "owner_mana": _owner_mana,
    "run_turn_abilities": _run_turn_abilities,
}
"""The board operations."""

E.OPS.update(_OPS)
