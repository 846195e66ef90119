"""The rules of RivalWing as functions over the state: setup, who owes a decision, the legal
options (worked out once per position), applying one, timeouts, withdrawal, the end and scoring.

The sub-steps live in their own modules: `build` (building an attack), `resolve` (declaring and
resolving it, the turn flow), `defense` (the defense window) and `specials` (special cards).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from games.core import (
    SERIES_OPTION,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Termination,
    series_rotation,
)
from games.rivalwing.actions import Act, listed
from games.rivalwing.build import (
    BREATH_FLAG,
    HIT_ALWAYS_FLAG,
    HIT_WINGS_FLAG,
    MAGIC_FLAG,
    HandInfo,
    apply_build,
    arma_targets,
    build_options,
    cancel_build,
    magic_can_start,
    new_build,
    ready_magic,
    take,
)
from games.rivalwing.cards import DECK_SIZE, MAT_IDS, NAME_OF, kind_name, name_of
from games.rivalwing.defense import apply_defense_step, defense_options
from games.rivalwing.resolve import (
    DEFENSE_SECONDS,
    TURN_SECONDS,
    advance,
    declare,
    discard_leftovers,
    end_turn,
    resolve_window,
    start_turn,
)
from games.rivalwing.specials import apply_special, refresh_label, special_options
from games.rivalwing.state import (
    DEAL,
    REASONS,
    EventCache,
    RWState,
    element,
    has_wings,
    knock_out,
    new_dragon,
    open_window,
    shuffle,
)
from games.rng import Rng
from games.text import Text, seat_ref

Option = Act
"""A listed action; its label may be None when it follows from the code (Refresh)."""
TURN_PHASES = ("action", "build", "discard", "place")
"""The phases in which the active player owes the turn's decision."""


class RWTermination(Termination):
    """How a RivalWing duel ends."""

    LAST_STANDING = "last dragon standing"
    ROUND_LIMIT = "round limit"
    ROUND_LIMIT_TIED = "round limit, tied"


class Decision(NamedTuple):
    """The decision owed now: by whom, which kind ("turn" or "defense") and its time limit."""

    seat: int
    kind: str
    seconds: int


# -- setup ----------------------------------------------------------------------------------------

def new_duel(seed: int, players: int, options: dict[str, Any],
             resolve: Callable[[str, str | None], str]) -> RWState:
    """Deals a duel: mats (per seat, "random" drawn from the RNG), a random dealer (rotated in a
    series, R11), the deck(s) shuffled and five cards each; the first player draws to six.

    `resolve` checks one mat value against the option spec (the Game's `resolve_option`).
    """
    options = dict(options)
    rotation = series_rotation(options, players)
    options.pop(SERIES_OPTION, None)
    for key in options:
        if key != "mat":
            raise ValueError(Text("{game} has no option '{name}'.", game="RivalWing", name=key))
    rng = Rng(seed)
    chosen = options.get("mat")
    if chosen is None or isinstance(chosen, str):
        chosen = [chosen] * players
    if len(chosen) != players:
        raise ValueError(Text("mat needs one value per seat ({players}); got {count}.",
                              players=players, count=len(chosen)))
    mats = []
    for value in chosen:
        value = resolve("mat", value)
        mats.append(rng.choice(MAT_IDS) if value == "random" else value)
    dealer = rng.below(players)
    if rotation is not None:
        dealer = rotation
    first = (dealer + 1) % players
    deck = list(range(DECK_SIZE * (1 if players <= 4 else 2)))
    shuffle(rng, deck)
    state = RWState(players=players, rng=rng, mats=mats, dealer=dealer, first=first,
                    round_limit=30 + 3 * players, deck=deck,
                    hands=[[] for _ in range(players)],
                    dragons=[new_dragon(m) for m in mats])
    for i in range(players):
        seat = (first + i) % players
        for _ in range(DEAL):
            state.hands[seat].append(state.deck.pop())
    start_turn(state, first, [])
    return state


# -- who and when ---------------------------------------------------------------------------------

def to_play(state: RWState) -> tuple[int, ...]:
    """Returns the seat owing a decision: the defender in a window, else the active player."""
    if state.phase == "over":
        return ()
    if state.phase == "defense":
        return (open_window(state)["seat"],)
    return (state.active,)


def owed(state: RWState) -> Decision | None:
    """Returns the decision owed now and its time limit (R10), None once the duel is over."""
    if state.phase == "over":
        return None
    if state.phase == "defense":
        return Decision(open_window(state)["seat"], "defense", DEFENSE_SECONDS)
    return Decision(state.active, "turn", TURN_SECONDS)


def timeout_action(state: RWState, seat: int) -> Act:
    """Returns what the rules do when `seat` runs out of time: no defense, or a pass (R10)."""
    decision = owed(state)
    if decision is None or decision.seat != seat:
        raise NotYourTurn(Text("That seat owes no decision now."))
    return Act("none") if decision.kind == "defense" else Act("tout")


# -- legal options --------------------------------------------------------------------------------

def options(state: RWState, seat: int) -> list[Option]:
    """Returns the listed actions of `seat` now, worked out once per position: the memo on the
    state is dropped by every change (`forget`). Callers must not mutate the list."""
    listed_now = state.memo.get(seat)
    if listed_now is None:
        return _work_out(state, seat)
    return listed_now


def legal_actions(state: RWState, seat: int) -> list[Option]:
    """Returns a copy of the listed actions of `seat` now (the Game's `legal_actions`)."""
    listed_now = state.memo.get(seat)
    return (_work_out(state, seat) if listed_now is None else listed_now)[:]


def forget(state: RWState) -> None:
    """Drops the option memo; every change of the state goes through here."""
    state.memo = {}


def labelled(state: RWState, seat: int) -> list[tuple[str, tuple[str, ...]]]:
    """Returns (code, label) for every legal action of `seat`."""
    return [(act, refresh_label(act) if act.label is None else act.label)
            for act in options(state, seat)]


def label(state: RWState, action: Act) -> tuple[str, ...]:
    """Returns the label path of an action listed for some seat now (the lowest seat's), else
    its code; the host-only timeout reads "Time out"."""
    if action == "tout":
        return (Text("Time out"),)
    for seat in range(state.players):
        acts = options(state, seat)
        if action in acts:
            act = acts[acts.index(action)]
            return refresh_label(act) if act.label is None else act.label
    return (action.code,)


def find_listed(state: RWState, seat: int, action: Act) -> Act | None:
    """Returns the listed action equal to `action`; the timeout `tout` only when one is owed."""
    if action == "tout":
        return Act("tout") if timeout_action(state, seat) == "tout" else None
    acts = options(state, seat)
    return acts[acts.index(action)] if action in acts else None


def may_act(state: RWState, seat: int) -> bool:
    """Any seat with listed actions (specials from outside `to_play`), or one owed a timeout."""
    if options(state, seat):
        return True
    decision = owed(state)
    return decision is not None and decision.seat == seat


def _work_out(state: RWState, seat: int) -> list[Option]:
    """Works out the listed actions of `seat` and remembers them until the state changes."""
    out: list[Option] = []
    state.memo[seat] = out
    phase = state.phase
    if phase == "over" or not 0 <= seat < state.players:
        return out
    if not state.dragons[seat]["conscious"]:
        return out
    info: HandInfo | None = None
    if seat == state.active and phase in TURN_PHASES:
        info = HandInfo(state.hands[seat])
        if phase == "action":
            _action_options(state, seat, out, info)
        elif phase == "discard":
            info.add_discards(out)
            out.append(END)
        elif phase == "build":
            build_options(state, seat, out, info)
        else:
            _place_options(state, seat, out, info.magic)
            out.append(END)
    elif phase == "defense" and open_window(state)["seat"] == seat:
        defense_options(state, seat, out)
    special_options(state, seat, out, info)
    return out


_ATTACK = [listed(f"atk:{t}", (Text("Attack"), f"{{p{t}}}")) for t in range(8)]
END: Option = listed("end", (Text("End turn"),))
_ARMA: Option = listed("atk:arma", (Text("Attack"), Text("Armageddon (every other dragon)")))
_SELF: Option = listed("atk:self", (Text("Attack"), Text("Myself (Heal or Swap)")))
_PASS: Option = listed("pass", (Text("Pass"),))
_OTHERS = [[tuple((p + i) % n for i in range(1, n)) for p in range(n)] for n in range(9)]
"""Per seat count and seat, the other seats in turn order from its left."""


def _action_options(state: RWState, p: int, out: list[Option], info: HandInfo) -> None:
    """Appends the turn's actions (R4.3): attack targets, Place Magic, Discard, Pass."""
    flags = info.flags
    has_hit = flags & HIT_ALWAYS_FLAG or (
        (flags & BREATH_FLAG and element(state, p) is not None)
        or (flags & HIT_WINGS_FLAG and has_wings(state, p)))
    dragons = state.dragons
    magic = ready_magic(state, p) if dragons[p]["slots"] else None
    for t in _OTHERS[state.players][p]:
        if dragons[t]["conscious"] and (
                has_hit or (magic and magic_can_start(state, p, t, magic))):
            out.append(_ATTACK[t])
    if magic:
        if ("arma" in [k for k, _ in magic]) and arma_targets(state, p):
            out.append(_ARMA)
        if magic_can_start(state, p, None, magic):
            out.append(_SELF)
    if flags & MAGIC_FLAG and dragons[p]["slots"]:
        _place_options(state, p, out, info.magic)
    info.add_discards(out)
    if not info.hand:
        out.append(_PASS)


def _place_options(state: RWState, p: int, out: list[Option], magic: list[str]) -> None:
    """Appends Place Magic (and Place more magic) for each magic kind held and each slot not
    filled during this action."""
    slots = state.dragons[p]["slots"]
    if not slots:
        return
    placed = state.placed
    more = len(slots) - len(placed) > 1
    for kind in magic:
        for j, (card, _turn) in enumerate(slots):
            if j not in placed:
                out.extend(_place_step(kind, j, None if card is None else NAME_OF[card], more))


@lru_cache(maxsize=4096)
def _place_step(kind: str, j: int, old: str | None, more: bool) -> tuple[Option, ...]:
    """Returns the options that place magic of `kind` in slot j (holding card `old`)."""
    name = kind_name(kind)
    where = (Text("Slot {slot} (empty)", slot=j + 1) if old is None else
             Text("Slot {slot} (replace {card})", slot=j + 1, card=old))
    out: tuple[Option, ...] = (listed(f"mag:{kind}:{j}", (Text("Place magic"), name, where)),)
    if more:
        out += (listed(f"magm:{kind}:{j}", (Text("Place more magic"), name, where)),)
    return out


# -- applying -------------------------------------------------------------------------------------

Step = Callable[[RWState, int, list[str], list[Event]], None]
"""Applies one listed action of a kind: (state, seat, code fields, events)."""


def perform(state: RWState, seat: int, action: Act) -> list[Event]:
    """Applies a listed action in place and returns what happened."""
    state.memo = {}
    events: list[Event] = []
    parts = action.split(":")
    _STEPS[parts[0]](state, seat, parts, events)
    return events


_DISCARDS = EventCache(lambda p, kind: Event(Text("{player} discards {card}.", player=seat_ref(p),
                                                   card=kind_name(kind))))


def _discard(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    """Discards one card; `dis` ends the turn, `dism` lets the player discard more."""
    p = state.active
    state.discard.append(take(state, p, parts[1]))
    state.phase = "discard"
    events.append(_DISCARDS[p, parts[1]])
    if parts[0] == "dis":
        end_turn(state, events)


def _place(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    """Places a magic card face down in a slot (the replaced card is discarded); `mag` ends the
    turn, `magm` lets the player place more."""
    p = state.active
    kind, j = parts[1], int(parts[2])
    slot = state.dragons[p]["slots"][j]
    old = slot[0]
    slot[0], slot[1] = take(state, p, kind), state.dragons[p]["turns"]
    if old is not None:
        state.discard.append(old)
    state.placed.append(j)
    state.phase = "place"
    events.append(Event(
        Text("{player} places a magic card face down in slot {slot}.", player=seat_ref(p),
             slot=j + 1) if old is None else
        Text("{player} places a magic card face down in slot {slot}, discarding {card}.",
             player=seat_ref(p), slot=j + 1, card=name_of(old))))
    events.append(Event(Text("(It is {card}.)", card=kind_name(kind)), (p,)))
    if parts[0] == "mag":
        end_turn(state, events)


def _choose_target(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    """Starts building an attack on a dragon, on yourself, or as Armageddon."""
    p = state.active
    if parts[1] == "arma":
        state.build = new_build(None, arma=True)
        card = dict(ready_magic(state, p, set()))["arma"]
        state.build["magic"].append({"card": card, "kind": "arma"})
    else:
        state.build = new_build(None if parts[1] == "self" else int(parts[1]))
    state.phase = "build"


def _declare(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    declare(state, events)


def _end(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    """Ends the turn (after Discard more / Place more magic), or passes with an empty hand."""
    if parts[0] == "pass":
        events.append(Event(Text("{player} passes.", player=seat_ref(state.active))))
    end_turn(state, events)


def _time_out(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    """The turn timeout: a half-built attack goes back to the hand, and the turn passes."""
    cancel_build(state)
    events.append(Event(Text("{player} runs out of time and passes.", player=seat_ref(state.active))))
    end_turn(state, events, timed_out=True)


_STEPS: dict[str, Step] = {
    "dis": _discard, "dism": _discard, "sp": apply_special, "rm": apply_special,
    "d": apply_defense_step, "dend": apply_defense_step, "none": apply_defense_step,
    "atk": _choose_target, "decl": _declare,
    **{head: apply_build for head in  # listed for the active seat only
       ("add", "addc", "fd", "dv", "wa", "dust", "mg", "aim", "arma", "restart")},
    "mag": _place, "magm": _place, "end": _end, "pass": _end, "tout": _time_out,
}


# -- withdrawal, the end, scoring -----------------------------------------------------------------

def withdraw(state: RWState, seat: int) -> list[Event]:
    """Withdraws a dragon (/resign): unconscious at once, credited to its last damager (R10)."""
    if state.phase == "over":
        raise GameOver(Text("The duel is over."))
    dragon = state.dragons[seat]
    if not dragon["conscious"]:
        raise IllegalAction(Text("That dragon is already out of the duel."))
    forget(state)
    events: list[Event] = []
    if state.build is not None and seat in (state.active, state.build["target"]):
        cancel_build(state)
        if state.phase == "build":
            state.phase = "action"
    knock_out(state, seat, dragon["last_damager"], events, withdrawn=True)
    if state.phase == "over":
        discard_leftovers(state)
        return events
    if state.phase == "defense" and open_window(state)["seat"] == seat:
        open_window(state)["plays"] = []
        resolve_window(state, events)
        advance(state, events)
    elif seat == state.active and state.phase in TURN_PHASES:
        end_turn(state, events)
    return events


def outcome(state: RWState) -> Outcome | None:
    """Returns the outcome once the duel is over."""
    if state.result is None:
        return None
    reason = state.result["reason"]
    return Outcome(tuple(state.result["winners"]), RWTermination(reason), REASONS.get(reason, reason))


def score(state: RWState, seat: int) -> int:
    """Returns the series points of R11: 5 win (2 if tied), 2 per knockout, 1 per dragon
    outlasted; a withdrawn dragon scores 0."""
    if state.dragons[seat]["withdrawn"]:
        return 0
    ko = state.knockouts
    pts = 2 * sum(1 for _s, by, _w in ko if by == seat)
    fallen = [s for s, _by, _w in ko]
    pts += fallen.index(seat) if seat in fallen else len(fallen)
    if state.result is not None:
        if seat in state.result["winners"]:
            pts += 5
        elif seat in state.result["tied"]:
            pts += 2
    return pts
