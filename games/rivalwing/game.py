"""The RivalWing engine object: contract methods, turn options and dispatch."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.core import (
    SERIES_OPTION,
    Event,
    Game,
    GameInfo,
    GameOver,
    IllegalAction,
    NotYourTurn,
    OptionSpec,
    Outcome,
    Termination,
    series_rotation,
)
from games.rivalwing import actions as acts
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
from games.rivalwing.cards import (
    DECK_SIZE,
    KINDS,
    MAT_IDS,
    MATS,
    NAME_OF,
    kind_name,
    name_of,
)
from games.rivalwing.defense import apply_defense_step, defense_options
from games.rivalwing.resolve import (
    DEFENSE_SECONDS,
    TURN_SECONDS,
    advance,
    declare,
    discard_leftovers,
    end_turn,
    start_turn,
)
from games.rivalwing.specials import apply_special, refresh_label, special_options
from games.rivalwing.state import (
    DEAL,
    EventCache,
    RWState,
    element,
    has_wings,
    knock_out,
    new_dragon,
    shuffle,
)
from games.rivalwing.view import shuffle_hidden, text_board, view_of
from games.rng import Rng

log = logging.getLogger(__name__)

Option = Act
"""A listed action; its label may be None when it follows from the code (Refresh)."""
TURN_PHASES = ("action", "build", "discard", "place")

SUMMARY = (
    "A dragon duel for 2 to 8 players. Each turn draw to 6, then attack, place magic face down, or "
    "discard. Attacks combine Melee, Breath (in your dragon's own element), Maneuvers and ready "
    "magic; the target answers with one defense type. Scales absorb, breached sides send damage "
    "to the Core, and the last dragon conscious wins. Series points: 5 for the win, 2 per "
    "knockout, 1 per dragon outlasted."
)


_ATTACK = [listed(f"atk:{t}", ("Attack", f"{{p{t}}}")) for t in range(8)]
END: Option = listed("end", ("End turn",))
_ARMA: Option = listed("atk:arma", ("Attack", "Armageddon (every other dragon)"))
_SELF: Option = listed("atk:self", ("Attack", "Myself (Heal or Swap)"))
_PASS: Option = listed("pass", ("Pass",))
_OTHERS = [[tuple((p + i) % n for i in range(1, n)) for p in range(n)] for n in range(9)]
"""Per seat count and seat, the other seats in turn order from its left."""
_DISCARDS = EventCache(lambda p, kind: Event(f"{{p{p}}} discards {kind_name(kind)}."))
_LABELS: dict[int, tuple[RWState, int, dict[str, tuple[str, ...]]]] = {}


@lru_cache(maxsize=4096)
def _place_step(kind: str, j: int, old: str | None, more: bool) -> tuple[Option, ...]:
    """Returns the options that place magic of `kind` in slot j (holding card `old`)."""
    name = KINDS[kind]["name"]
    where = f"Slot {j + 1} " + ("(empty)" if old is None else f"(replace {old})")
    out: tuple[Option, ...] = (listed(f"mag:{kind}:{j}", ("Place magic", name, where)),)
    if more:
        out += (listed(f"magm:{kind}:{j}", ("Place more magic", name, where)),)
    return out


class RWTermination(Termination):
    """How a RivalWing duel ends."""

    LAST_STANDING = "last dragon standing"
    ROUND_LIMIT = "round limit"
    ROUND_LIMIT_TIED = "round limit, tied"


class RivalWing(Game[RWState, Act]):
    """RivalWing v3.0 with the Hoard rulings (rules/rivalwing.md)."""

    info = GameInfo(
        name="rivalwing", title="RivalWing", min_players=2, max_players=8, max_actions=20000,
        score_min=0, score_max=26, summary=SUMMARY,
        options=(OptionSpec("mat", (*MAT_IDS, "random"), "random",
                            "Your dragon mat: " + ", ".join(
                                f"{m} ({MATS[m]['name']})" for m in MAT_IDS), per_seat=True),),
        aliases=("rival", "rw"), turn_seconds=TURN_SECONDS, rotates_in_series=True)

    # -- setup ------------------------------------------------------------------------------------

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> RWState:
        self.check_players(players)
        options = dict(options or {})
        rotation = series_rotation(options, players)  # R11: the dealer rotates between duels
        options.pop(SERIES_OPTION, None)
        for key in options:
            if key != "mat":
                raise ValueError(f"RivalWing has no option '{key}'.")
        rng = Rng(seed)
        chosen = options.get("mat")
        if chosen is None or isinstance(chosen, str):
            chosen = [chosen] * players
        if len(chosen) != players:
            raise ValueError(f"mat needs one value per seat ({players}); got {len(chosen)}.")
        mats = []
        for value in chosen:
            value = self.resolve_option("mat", value)
            mats.append(rng.choice(MAT_IDS) if value == "random" else value)
        dealer = rng.below(players)
        if rotation is not None:
            dealer = rotation
        first = (dealer + 1) % players
        decks = 1 if players <= 4 else 2
        deck = list(range(DECK_SIZE * decks))
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

    # -- who and what ------------------------------------------------------------------------------

    def to_play(self, state: RWState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase == "defense":
            return (state.attack["window"]["seat"],)
        return (state.active,)

    def options(self, state: RWState, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """Returns (code, label) for every legal action of `seat`."""
        return [(act, refresh_label(act) if act.label is None else act.label)
                for act in self._cached_options(state, seat)]

    def _cached_options(self, state: RWState, seat: int) -> list[Option]:
        """Returns the listed actions of `seat` now, worked out once per state version (callers
        must not mutate the list). A None label is worked out by `options`."""
        memo = state.memo
        if memo is None or memo[0] != state.version or memo[1] != seat:
            return self._options(state, seat)
        return memo[2]

    def _options(self, state: RWState, seat: int) -> list[Option]:
        """Works out the listed actions of `seat` and remembers them for this state version."""
        out: list[Option] = []
        state.memo = (state.version, seat, out)
        phase = state.phase
        if phase == "over" or not 0 <= seat < state.players:
            return out
        if not state.dragons[seat]["conscious"]:
            return out
        if seat == state.active and phase in TURN_PHASES:
            info = HandInfo(state.hands[seat])
            if phase == "action":
                self._action_options(state, seat, out, info)
            elif phase == "discard":
                info.add_discards(out)
                out.append(END)
            elif phase == "build":
                build_options(state, seat, out, info)
            else:
                self._place_options(state, seat, out, info.magic)
                out.append(END)
        else:
            info = None
            if phase == "defense" and state.attack["window"]["seat"] == seat:
                defense_options(state, seat, out)
        special_options(state, seat, out, info)
        return out

    def legal_actions(self, state: RWState, seat: int) -> list[Act]:
        return self._cached_options(state, seat)[:]

    @staticmethod
    def _action_options(state: RWState, p: int, out: list[Option], info: HandInfo) -> None:
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
            RivalWing._place_options(state, p, out, info.magic)
        info.add_discards(out)
        if not info.hand:
            out.append(_PASS)

    @staticmethod
    def _place_options(state: RWState, p: int, out: list[Option], magic: list[str]) -> None:
        slots = state.dragons[p]["slots"]
        if not slots:
            return
        placed = state.placed
        more = len(slots) - len(placed) > 1
        for kind in magic:
            for j, (card, _turn) in enumerate(slots):
                if j not in placed:
                    out.extend(_place_step(kind, j, None if card is None else NAME_OF[card], more))

    # -- applying ---------------------------------------------------------------------------------

    def active(self, state: RWState) -> int | None:
        return None if state.phase == "over" else state.active

    def players(self, state: RWState) -> int:
        return state.players

    def _may_act(self, state: RWState, seat: int) -> bool:
        """Any seat with listed actions (specials from outside `to_play`), or one owed a timeout."""
        if self._cached_options(state, seat):
            return True
        wait = self.waiting(state)
        return wait is not None and wait["seat"] == seat

    def _find_legal(self, state: RWState, seat: int, action: Act) -> Act | None:
        """Finds the listed action by its code; the host-only timeout `tout` only when one is owed."""
        code = action if action.__class__ is Act else action.encode()
        if code == "tout":
            return Act(code) if self.timeout_action(state, seat).code == "tout" else None
        acts = self._cached_options(state, seat)
        return acts[acts.index(code)] if code in acts else None

    def _apply(self, state: RWState, seat: int, action: Act) -> list[Event]:
        state.version += 1
        events: list[Event] = []
        parts = action.split(":")
        head = parts[0]
        p = state.active
        if head in ("dis", "dism"):
            state.discard.append(take(state, p, parts[1]))
            state.phase = "discard"
            events.append(_DISCARDS[p, parts[1]])
            if head == "dis":
                end_turn(state, events)
        elif head in ("sp", "rm"):
            apply_special(state, seat, parts, events)
        elif head in ("d", "dend", "none"):
            apply_defense_step(state, seat, parts, events)
        elif head == "atk":
            if parts[1] == "arma":
                state.build = new_build(None, arma=True)
                card = dict(ready_magic(state, p, set()))["arma"]
                state.build["magic"].append({"card": card, "kind": "arma"})
            else:
                state.build = new_build(None if parts[1] == "self" else int(parts[1]))
            state.phase = "build"
        elif head == "decl":
            declare(state, events)
        elif head in ("add", "addc", "fd", "dv", "wa", "dust", "mg", "aim", "arma", "restart"):
            apply_build(state, p, parts, events)
        elif head in ("mag", "magm"):
            kind, j = parts[1], int(parts[2])
            slot = state.dragons[p]["slots"][j]
            old = slot[0]
            slot[0], slot[1] = take(state, p, kind), state.dragons[p]["turns"]
            if old is not None:
                state.discard.append(old)
            state.placed.append(j)
            state.phase = "place"
            events.append(Event(f"{{p{p}}} places a magic card face down in slot {j + 1}"
                                + (f", discarding {name_of(old)}." if old is not None else ".")))
            events.append(Event(f"(It is {kind_name(kind)}.)", (p,)))
            if head == "mag":
                end_turn(state, events)
        elif head in ("end", "pass"):
            if head == "pass":
                events.append(Event(f"{{p{p}}} passes."))
            end_turn(state, events)
        elif head == "tout":
            cancel_build(state)
            events.append(Event(f"{{p{p}}} runs out of time and passes."))
            end_turn(state, events, timed_out=True)
        return events

    # -- timeouts and withdrawal ------------------------------------------------------------------

    def waiting(self, state: RWState) -> dict[str, Any] | None:
        """Returns which decision is owed now, by whom, and its time limit (R10)."""
        if state.phase == "over":
            return None
        if state.phase == "defense":
            return {"seat": state.attack["window"]["seat"], "kind": "defense",
                    "seconds": DEFENSE_SECONDS}
        return {"seat": state.active, "kind": "turn", "seconds": TURN_SECONDS}

    def timeout_action(self, state: RWState, seat: int) -> Act:
        """Returns what happens when `seat` runs out of time: no defense, or a pass (R10)."""
        wait = self.waiting(state)
        if wait is None or wait["seat"] != seat:
            raise NotYourTurn("That seat owes no decision now.")
        return Act("none") if wait["kind"] == "defense" else Act("tout")

    def resign(self, state: RWState, seat: int) -> list[Event]:
        """Withdraws a dragon (/resign): unconscious at once, credited to its last damager (R10)."""
        if state.phase == "over":
            raise GameOver("The duel is over.")
        dragon = state.dragons[seat]
        if not dragon["conscious"]:
            raise IllegalAction("That dragon is already out of the duel.")
        state.version += 1
        events: list[Event] = []
        if state.build is not None and seat in (state.active, state.build["target"]):
            cancel_build(state)
            if state.phase == "build":
                state.phase = "action"
        knock_out(state, seat, dragon["last_damager"], events, withdrawn=True)
        if state.phase == "over":
            discard_leftovers(state)
            return events
        if state.phase == "defense" and state.attack["window"]["seat"] == seat:
            state.attack["window"]["plays"] = []
            from games.rivalwing.resolve import resolve_window
            resolve_window(state, events)
            advance(state, events)
        elif seat == state.active and state.phase in TURN_PHASES:
            end_turn(state, events)
        return events

    # -- results ----------------------------------------------------------------------------------

    def outcome(self, state: RWState) -> Outcome | None:
        if state.result is None:
            return None
        reason = state.result["reason"]
        return Outcome(tuple(state.result["winners"]), RWTermination(reason), reason)

    def score(self, state: RWState, seat: int) -> int:
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

    # -- codes, labels, views ---------------------------------------------------------------------

    def decision_seconds(self, state: RWState) -> int:
        wait = self.waiting(state)
        return TURN_SECONDS if wait is None else int(wait["seconds"])

    def decode(self, code: str) -> Act:
        return acts.decode(code)

    def label(self, state: RWState, action: Act) -> tuple[str, ...]:
        code = action if action.__class__ is Act else action.encode()
        if code == "tout":
            return ("Time out",)
        memo = _LABELS.get(id(state))
        if memo is None or memo[0] is not state or memo[1] != state.version:
            labels: dict[str, tuple[str, ...]] = {}
            for seat in range(state.players - 1, -1, -1):
                labels.update(self.options(state, seat))
            if len(_LABELS) > 16:
                _LABELS.clear()
            memo = _LABELS[id(state)] = (state, state.version, labels)
        return memo[2].get(code, (code,))

    def to_json(self, state: RWState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> RWState:
        return RWState.from_json(data)

    def copy(self, state: RWState) -> RWState:
        return RWState.from_json(state.to_json())

    def _view(self, state: RWState, seat: int | None) -> dict[str, Any]:
        v = view_of(state, seat)
        v["to_play"] = list(self.to_play(state))
        v["waiting"] = self.waiting(state)
        v["scores"] = [self.score(state, s) for s in range(state.players)]
        return v

    def text(self, view: dict[str, Any], names: Sequence[str]) -> str:
        return text_board(view, names)

    def shuffle_hidden(self, state: RWState, observer: int | None, seed: int) -> RWState:
        return shuffle_hidden(state, observer, seed)

    def choose_option(self, name: str, players: int, seed: int) -> str:
        """Returns the computer player's pick for a per-seat option (its dragon mat)."""
        from games.rivalwing.ai import choose_mat
        if name != "mat":
            raise ValueError(f"RivalWing has no option '{name}'.")
        return choose_mat(players)
