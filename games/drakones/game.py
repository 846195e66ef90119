"""The Drakones game object: setup, views, labels, text board and the engine contract around `rules`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Event, Game, GameInfo, OptionSpec, Outcome, Termination
from games.drakones import actions as A
from games.drakones import rules
from games.drakones.cards import CARDS, COLOURS, DECKS
from games.drakones.state import State
from games.rng import Rng

HAND_SIZE = 6
MAX_TURNS = 2 * (67 - HAND_SIZE) + 2
"""Every turn draws from its player's deck and cards never go back into a deck."""

INFO = GameInfo(
    name="drakones",
    title="Drakones",
    min_players=2,
    max_players=2,
    max_actions=MAX_TURNS * (rules.TURN_STEP_CAP + 1),
    score_min=0,
    score_max=1,
    summary=(
        "Two armies of dragons, horsemen and foot soldiers face off across six spaces each. "
        "Play three cards a turn (units, towers, walls and spells), attack for free by the "
        "sword-pike-bow table, hide behind walls and ignite the bolt to strike at once. After four "
        "rounds an empty side leaves its base open: hit it with infantry, cavalry and a dragon in "
        "one turn to win. Whoever cannot draw at the start of a turn loses."
    ),
    options=(
        OptionSpec("strike_back", ("on", "off"), "on",
                   "Attacked units that can hit their attacker strike back."),
    ),
    aliases=("drakon",),
    turn_seconds=300,
)


def _who(seat: int) -> str:
    return "{p" + str(seat) + "}"


class DrakonesTermination(Termination):
    """How a game of Drakones ends."""

    BASE = "base"
    """The open enemy base was hit by infantry, cavalry and a dragon in one turn."""
    DECK = "deck"
    """A player could not draw at the start of a turn."""


_REASONS = {
    "base": "{{p{w}}} broke the enemy base",
    "deck": "{{p{l}}} could not draw at the start of a turn",
}


class Drakones(Game[State, A.Action]):
    """Drakones for two players, White (seat 0, Base 1) against Dark (seat 1, Base 2)."""

    info = INFO

    # -- setup and flow -------------------------------------------------------------------------

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        options = dict(options or {})
        strike = self.resolve_option("strike_back", options.get("strike_back"))
        rng = Rng(seed)
        decks = []
        for colour in COLOURS:
            deck = list(DECKS[colour][1])
            rng.shuffle(deck)
            decks.append(deck)
        first = rng.below(2)
        state = State(rng, rules.new_players(decks), first, first, strike_back=strike == "on")
        for p in state.players:
            for _ in range(HAND_SIZE):
                p.hand.append(p.deck.pop())
        t = rules.Turn(state)
        t.say(f"{_who(first)} begins.")
        rules.start_turn(state, first, t)
        return state

    def to_play(self, state: State) -> tuple[int, ...]:
        return () if state.winner is not None else (state.current,)

    def legal_actions(self, state: State, seat: int) -> list[A.Action]:
        return rules.legal(state, seat)

    def active(self, state: State) -> int | None:
        return None if state.winner is not None else state.current

    def players(self, state: State) -> int:
        return 2

    def _find_legal(self, state: State, seat: int, action: A.Action) -> A.Action | None:
        return action if rules.is_legal(state, seat, action) else None

    def _apply(self, state: State, seat: int, action: A.Action) -> list[Event]:
        t = rules.Turn(state)
        rules.perform(state, seat, action, t)
        return t.events

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        reason = _REASONS[state.reason].format(w=state.winner, l=1 - state.winner)
        return Outcome((state.winner,), DrakonesTermination(state.reason), reason)

    def score(self, state: State, seat: int) -> int:
        return 1 if state.winner == seat else 0

    def decode(self, code: str) -> A.Action:
        return A.decode(code)

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> State:
        return State.from_json(data)

    def copy(self, state: State) -> State:
        return state.clone()

    # -- hidden information ---------------------------------------------------------------------

    def _view(self, state: State, seat: int | None) -> dict[str, Any]:
        players = []
        for s, p in enumerate(state.players):
            side = []
            for i, slot in enumerate(p.side):
                if slot is None:
                    side.append(None)
                    continue
                info = CARDS[slot.card]
                side.append({
                    "card": slot.card, "name": info.name, "kind": info.kind, "class": info.cls,
                    "weapon": info.weapon, "ability": info.ability, "arriving": slot.arriving,
                    "bolt": slot.bolt, "new": slot.new, "used": slot.used, "hits": slot.hits,
                    "cover": rules.in_cover(p.side, i),
                    "ready": s == state.current and rules.is_ready(slot),
                })
            players.append({
                "seat": s, "colour": DECKS[COLOURS[s]][0], "base": s + 1,
                "deck": len(p.deck), "hand": len(p.hand), "discard": list(p.discard),
                "side": side, "marks": list(p.marks),
                "open": state.winner is None and rules.base_open(state, s),
                "fallen": state.reason == "base" and state.winner == 1 - s,
            })
        mine = state.players[seat] if seat is not None else None
        return {
            "game": "drakones", "seat": seat, "players": players,
            "to_play": list(self.to_play(state)), "over": state.winner is not None,
            "winner": state.winner, "reason": state.reason, "current": state.current,
            "first": state.first, "turn": state.turn, "round": state.round, "lock": state.lock,
            "actions": state.actions, "strike_back": state.strike_back,
            "can_undo": bool(state.undo_log) and state.winner is None,
            "moves_left": max(0, rules.MOVE_CAP - state.moves),
            "steps_left": max(0, rules.TURN_STEP_CAP - state.steps),
            "recent": list(state.recent),
            "hand": sorted(mine.hand) if mine is not None else None,
            "spied": list(mine.spied) if mine is not None else None,
        }

    def shuffle_hidden(self, state: State, observer: int | None, seed: int) -> State:
        copy = state.clone()
        rng = Rng(seed)
        pool: list[str] = []
        sizes = []
        for s, p in enumerate(copy.players):
            hidden_hand = s != observer
            sizes.append((len(p.hand) if hidden_hand else 0, len(p.deck)))
            if hidden_hand:
                pool.extend(p.hand)
            pool.extend(p.deck)
        rng.shuffle(pool)
        k = 0
        for s, p in enumerate(copy.players):
            nh, nd = sizes[s]
            if nh:
                p.hand = pool[k:k + nh]
                k += nh
            p.deck = pool[k:k + nd]
            k += nd
        return copy

    # -- words ----------------------------------------------------------------------------------

    def label(self, state: State, action: A.Action) -> tuple[str, ...]:
        seat = state.current
        me = state.players[seat].side
        foe = state.players[1 - seat].side

        def at(side: list, i: int) -> str:
            slot = side[i]
            name = CARDS[slot.card].name if slot is not None else "empty"
            return f"{name} (space {i + 1})"

        if isinstance(action, A.Play):
            there = me[action.space]
            where = f"Space {action.space + 1}"
            if there is not None:
                where += f" (banish {CARDS[there.card].name})"
            return ("Play", CARDS[action.card].title, where)
        if isinstance(action, A.Attack):
            target = f"{_who(1 - seat)}'s base" if action.target == A.BASE else at(foe, action.target)
            return ("Attack", at(me, action.space), target)
        if isinstance(action, A.Move):
            there = me[action.target]
            where = f"Space {action.target + 1}"
            if there is not None:
                where += f" (swap with {CARDS[there.card].name})"
            return ("Move", at(me, action.space), where)
        if isinstance(action, A.Bolt):
            return ("Bolt", at(me, action.space))
        if isinstance(action, A.Cast):
            name = CARDS[action.spell].name
            args = action.args
            if action.spell == "wisdom":
                return ("Cast", name, f"{_who(args[0])} draws 3")
            if action.spell in ("recall", "poison", "catapult"):
                side = state.players[args[0]].side
                return ("Cast", name, f"{_who(args[0])}'s {at(side, args[1])}")
            if action.spell == "bribery":
                return ("Cast", name, f"Sacrifice {at(me, args[0])}", f"Take {at(foe, args[1])}",
                        f"To space {args[2] + 1}")
            return ("Cast", name)
        if action == A.DRAW:
            return ("Draw a card (2 actions)",)
        if action == A.UNDO:
            return ("Undo",)
        return ("End turn",)

    def text(self, view: dict[str, Any], names: Sequence[str]) -> str:
        def name(s: int) -> str:
            return names[s] if s < len(names) else f"Player {s + 1}"

        lines = [f"Drakones - round {view['round']}, base lock {view['lock']}"]
        for p in view["players"]:
            s = p["seat"]
            marks = "".join(c[0].upper() for c in p["marks"]) or "-"
            lines.append(f"{name(s)} ({p['colour']}, base {p['base']}): deck {p['deck']}, "
                         f"hand {p['hand']}, discard {len(p['discard'])}, base hits {marks}"
                         + (" OPEN" if p["open"] else ""))
            cells = []
            for i, c in enumerate(p["side"]):
                if c is None:
                    cells.append(f"{i + 1}:.")
                    continue
                flags = ("~" if c["arriving"] else "") + ("*" if c["bolt"] else "") + (
                    "#" if c["cover"] else "") + ("!" if c["hits"] else "")
                cells.append(f"{i + 1}:{CARDS[c['card']].title}{flags}")
            lines.append("  " + " | ".join(cells))
        lines.append("  (~ arriving, * bolt, # in cover, ! hit this turn)")
        if view["over"]:
            lines.append(f"Game over: {name(view['winner'])} wins ({view['reason']}).")
        else:
            n = view["actions"]
            lines.append(f"{name(view['current'])} to play, {n} action{'s' if n != 1 else ''} left.")
        if view["hand"] is not None:
            lines.append("Hand: " + ", ".join(CARDS[c].title for c in view["hand"]))
        for text in view["recent"][-3:]:
            lines.append("  " + text.format(**{f"p{i}": name(i) for i in range(2)}))
        return "\n".join(lines)
