"""Drachenherz rules: legal plays, their actions on the board, the dragon figure and the end."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from games.core import Event, Game, GameInfo, Outcome, Termination
from games.drachenherz import state as st
from games.drachenherz.actions import (
    CHOICE_LABELS,
    CHOICE_TYPE,
    HERO_CHOICES,
    PRINCESS_CHOICES,
    Action,
    Choose,
    Play,
    decode,
)
from games.drachenherz.cards import (
    CARD_TYPE,
    CARD_VALUE,
    CHEST,
    DEPARTURES_TO_END,
    DRAGON_BONUS,
    DRAGON_HAND_SIZE,
    DWARF,
    FIRE,
    HAND_SIZE,
    HERO,
    PRINCESS,
    SHIP,
    SLAYER,
    SLOTS,
    SORT_KEY,
    TOTAL_VALUE,
    TROLL,
    TYPE_KEYS,
    TYPE_NAMES,
    TYPE_PLURALS,
    card_json,
    card_name,
    deck,
)
from games.drachenherz.state import DhState
from games.rng import Rng

_SORT = SORT_KEY.__getitem__
_PLAY_CACHE: dict[tuple[int, tuple[int, ...], int], list[Action]] = {}

SUMMARY = (
    "Drachenherz (Dragonheart) is a card duel for two. On your turn play one or more cards of one "
    "type onto that type's space; the cards they point at become yours: a fire dragon takes the "
    "treasure chests, a princess the chests or the stone dragons (and the dragon figure), a troll "
    "the princesses, two heroes the princesses or the trolls, three dragon slayers the fire "
    "dragons, four dwarves themselves, and three ships everything in the collection area. Refill "
    "to 5 cards (6 with the dragon figure). After the third ship departure or when a deck runs "
    "out the game ends; the most points wins, the dragon figure is worth 3 and wins ties."
)


def _plays(kind: int, values: tuple[int, ...], limit: int) -> list[Action]:
    """Returns the distinct plays of 1..limit cards from `values` (ascending), memoised."""
    key = (kind, values, limit)
    found = _PLAY_CACHE.get(key)
    if found is None:
        found = []
        for n in range(1, limit + 1):
            seen: set[tuple[int, ...]] = set()
            for combo in combinations(values, n):
                if combo not in seen:
                    seen.add(combo)
                    found.append(Play(kind, combo))
        _PLAY_CACHE[key] = found
    return found


def hand_limit(state: DhState, seat: int) -> int:
    """Returns the hand size a seat refills to: 6 for the dragon holder, else 5."""
    return DRAGON_HAND_SIZE if state.dragon == seat else HAND_SIZE


def pile_score(state: DhState, seat: int) -> int:
    """Returns the points in a seat's score pile, without the dragon bonus."""
    return sum(CARD_VALUE[c] for c in state.piles[seat])


def final_score(state: DhState, seat: int) -> int:
    """Returns the score-pile points plus 3 for the dragon holder."""
    return pile_score(state, seat) + (DRAGON_BONUS if state.dragon == seat else 0)


def _cards_text(cards: Sequence[int]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


def _count_text(kind: int, n: int) -> str:
    return f"{n} {TYPE_PLURALS[kind].lower()}" if n != 1 else f"a {TYPE_NAMES[kind].lower()}"


class DhTermination(Termination):
    """How a game of Drachenherz ends."""

    SHIPS = "ships"
    """The third ship departure, then one more turn."""
    DECK = "deck"
    """A player's deck ran out, then the last turns."""


class Drachenherz(Game[DhState, Action]):
    """Drachenherz for two players, on the Hoard engine contract."""

    info = GameInfo(
        name="drachenherz",
        title="Drachenherz",
        min_players=2,
        max_players=2,
        max_actions=300,
        score_min=0,
        score_max=TOTAL_VALUE + DRAGON_BONUS,
        summary=SUMMARY,
        aliases=("dragonheart",),
        turn_seconds=180,
    )

    # -- setup ------------------------------------------------------------------------------------

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> DhState:
        """Shuffles both decks, draws the starting player with the RNG and deals 5 cards each."""
        self.check_players(players)
        if options:
            raise ValueError(f"Drachenherz has no options; got {', '.join(sorted(options))}.")
        rng = Rng(seed)
        first = rng.below(2)
        state = DhState(rng=rng, first=first, current=first)
        for seat in (0, 1):
            cards = deck(seat)
            rng.shuffle(cards)
            state.decks[seat] = cards
            self._refill(state, seat)
        return state

    # -- who acts and what they may do ------------------------------------------------------------

    def to_play(self, state: DhState) -> tuple[int, ...]:
        return () if state.stage == st.OVER else (state.current,)

    def legal_actions(self, state: DhState, seat: int) -> list[Action]:
        """Returns the plays (by type, count, then values) or the two stack choices."""
        stage = state.stage
        if seat != state.current or stage == st.OVER:
            return []
        if stage == st.PRINCESS_CHOICE:
            return list(PRINCESS_CHOICES)
        if stage == st.HERO_CHOICE:
            return list(HERO_CHOICES)
        hand = state.hands[seat]
        if not hand:
            return []
        spaces = state.spaces
        actions: list[Action] = []
        kind = CARD_TYPE[hand[0]]
        values: list[int] = []
        for card in hand:
            k = CARD_TYPE[card]
            if k != kind:
                slots = SLOTS[kind]
                limit = len(values) if slots is None else min(len(values),
                                                              slots - len(spaces[kind]))
                actions += _PLAY_CACHE.get((kind, tuple(values), limit)) or _plays(
                    kind, tuple(values), limit)
                kind, values = k, []
            values.append(CARD_VALUE[card])
        slots = SLOTS[kind]
        limit = len(values) if slots is None else min(len(values), slots - len(spaces[kind]))
        actions += _PLAY_CACHE.get((kind, tuple(values), limit)) or _plays(
            kind, tuple(values), limit)
        return actions

    def active(self, state: DhState) -> int | None:
        return None if state.stage == st.OVER else state.current

    def players(self, state: DhState) -> int:
        return 2

    def _find_legal(self, state: DhState, seat: int, action: Action) -> Action | None:
        return action if self.is_legal(state, seat, action) else None

    def is_legal(self, state: DhState, seat: int, action: Any) -> bool:
        """Tells whether `action` is in `legal_actions(state, seat)`, without listing them."""
        stage = state.stage
        if seat != state.current or stage == st.OVER:
            return False
        if stage == st.PRINCESS_CHOICE:
            return action in PRINCESS_CHOICES
        if stage == st.HERO_CHOICE:
            return action in HERO_CHOICES
        if type(action) is not Play or not isinstance(action.kind, int):
            return False
        kind, values = action.kind, action.values
        if not 0 <= kind < len(SLOTS) or not values or list(values) != sorted(values):
            return False
        slots = SLOTS[kind]
        if slots is not None and len(values) > slots - len(state.spaces[kind]):
            return False
        have = [CARD_VALUE[c] for c in state.hands[seat] if CARD_TYPE[c] == kind]
        for v in values:
            if v not in have:
                return False
            have.remove(v)
        return True

    def _refusal(self, state: DhState, seat: int, action: Any) -> str:
        """Explains in player words why `action` is not legal now."""
        if state.stage == st.PRINCESS_CHOICE:
            return "Your princess takes a stack first: the treasure chests or the stone dragons."
        if state.stage == st.HERO_CHOICE:
            return "Your heroes take a stack first: the princesses or the trolls."
        if isinstance(action, Choose):
            return "There is no stack to choose now; play cards of one type from your hand."
        if not isinstance(action, Play) or action.kind not in range(len(SLOTS)) \
                or not action.values:
            return "That is not a Drachenherz move."
        kind, values = action.kind, action.values
        if list(values) != sorted(values):
            return "List the values of the played cards in ascending order."
        have = [CARD_VALUE[c] for c in state.hands[seat] if CARD_TYPE[c] == kind]
        for v in values:
            if v not in have:
                return f"You do not hold the {TYPE_NAMES[kind].lower()} cards {values}."
            have.remove(v)
        slots = SLOTS[kind]
        free = slots - len(state.spaces[kind]) if slots is not None else len(values)
        return (f"The {TYPE_NAMES[kind].lower()} space has only {free} free "
                f"slot{'s' if free != 1 else ''}; you tried to play {len(values)}.")

    # -- resolving actions ------------------------------------------------------------------------

    def _apply(self, state: DhState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Choose):
            self._resolve_choice(state, seat, action.stack, events)
            self._end_turn(state, events)
            return events
        kind = action.kind
        hand = state.hands[seat]
        played: list[int] = []
        for v in action.values:
            for idx, card in enumerate(hand):
                if CARD_TYPE[card] == kind and CARD_VALUE[card] == v:
                    played.append(hand.pop(idx))
                    break
        space = state.spaces[kind]
        space.extend(played)
        events.append(Event(f"{{p{seat}}} plays {_count_text(kind, len(played))} "
                            f"({', '.join(str(CARD_VALUE[c]) for c in played)})."))
        slots = SLOTS[kind]
        if slots is not None and len(space) < slots:
            self._end_turn(state, events)
            return events
        if kind == FIRE:
            self._take(state, seat, CHEST, events)
        elif kind == TROLL:
            self._take(state, seat, PRINCESS, events)
        elif kind == PRINCESS:
            state.stage = st.PRINCESS_CHOICE
            return events
        elif kind == HERO:
            state.collection.extend(space)
            space.clear()
            events.append(Event("The two heroes go to the collection area."))
            state.stage = st.HERO_CHOICE
            return events
        elif kind == SLAYER:
            self._take(state, seat, FIRE, events)
            state.collection.extend(space)
            space.clear()
            events.append(Event("The three dragon slayers go to the collection area."))
        elif kind == DWARF:
            self._take(state, seat, DWARF, events)
        elif kind == SHIP:
            taken = state.collection[:]
            state.piles[seat].extend(taken)
            state.collection.clear()
            state.departed.extend(space)
            space.clear()
            state.departures += 1
            events.append(Event(f"Three ships depart (departure {state.departures} of "
                                f"{DEPARTURES_TO_END}): {{p{seat}}} takes the collection area "
                                f"({_cards_text(taken)})."))
            if state.departures >= DEPARTURES_TO_END:
                self._schedule_end(state, state.turn + 1, st.END_SHIPS, seat, events)
        self._end_turn(state, events)
        return events

    def _take(self, state: DhState, seat: int, kind: int, events: list[Event]) -> list[int]:
        """Moves a whole space into the seat's score pile and returns the cards taken."""
        taken = state.spaces[kind][:]
        state.piles[seat].extend(taken)
        state.spaces[kind].clear()
        events.append(Event(f"{{p{seat}}} takes the {TYPE_PLURALS[kind].lower()}: "
                            f"{_cards_text(taken)}."))
        return taken

    def _resolve_choice(self, state: DhState, seat: int, stack: str, events: list[Event]) -> None:
        taken = self._take(state, seat, CHOICE_TYPE[stack], events)
        if stack == "stone" and taken and state.dragon != seat:
            self._pass_dragon(state, seat, events)

    def _pass_dragon(self, state: DhState, seat: int, events: list[Event]) -> None:
        """Gives the dragon figure to `seat`, with a random card from the previous holder's hand."""
        previous = state.dragon
        state.dragon = seat
        if previous is None:
            events.append(Event(f"{{p{seat}}} receives the dragon figure."))
            return
        source = state.hands[previous]
        if not source:
            events.append(Event(f"{{p{seat}}} takes the dragon figure from {{p{previous}}}, "
                                "whose hand is empty."))
            return
        card = source.pop(state.rng.below(len(source)))
        target = state.hands[seat]
        target.append(card)
        target.sort(key=_SORT)
        events.append(Event(f"{{p{seat}}} takes the dragon figure from {{p{previous}}} and a "
                            f"random card from {{p{previous}}}'s hand."))
        events.append(Event(f"The card that passed from {{p{previous}}} to {{p{seat}}} is "
                            f"{card_name(card)}.", (previous, seat)))

    def _refill(self, state: DhState, seat: int) -> list[int]:
        """Draws up to the hand limit from the seat's own deck while it has cards."""
        hand, pile = state.hands[seat], state.decks[seat]
        drawn: list[int] = []
        need = hand_limit(state, seat) - len(hand)
        while need > 0 and pile:
            drawn.append(pile.pop())
            need -= 1
        if drawn:
            hand.extend(drawn)
            hand.sort(key=_SORT)
        return drawn

    def _schedule_end(self, state: DhState, last: int, cause: str, seat: int,
                      events: list[Event]) -> None:
        """Sets the game's last turn, keeping the earlier one when both end conditions are met."""
        if state.last_turn is not None and state.last_turn <= last:
            return
        state.last_turn, state.end_cause, state.end_seat = last, cause, seat
        other = 1 - seat
        if cause == st.END_SHIPS:
            events.append(Event(f"That was the third ship departure: {{p{other}}} has one last "
                                "turn."))
        else:
            events.append(Event(f"{{p{seat}}}'s deck is used up: {{p{seat}}} has one more turn, "
                                f"then {{p{other}}} has one last turn."))

    def _end_turn(self, state: DhState, events: list[Event]) -> None:
        """Refills the hand, checks the end, and passes the turn (skipping an empty hand)."""
        while True:
            seat = state.current
            drawn = self._refill(state, seat)
            if drawn:
                events.append(Event(f"You draw {_cards_text(drawn)}.", (seat,)))
            if not state.decks[seat]:
                self._schedule_end(state, state.turn + 3, st.END_DECK, seat, events)
            if state.last_turn is not None and state.turn >= state.last_turn:
                state.stage = st.OVER
                outcome = self.outcome(state)
                if outcome is not None:
                    events.append(Event(f"The game is over. {outcome.reason}"))
                return
            state.turn += 1
            state.current = 1 - seat
            state.stage = st.PLAY
            if state.hands[state.current]:
                return
            events.append(Event(f"{{p{state.current}}} has no cards left and passes."))

    # -- results ----------------------------------------------------------------------------------

    def outcome(self, state: DhState) -> Outcome | None:
        if state.stage != st.OVER:
            return None
        a, b = final_score(state, 0), final_score(state, 1)
        term = DhTermination.SHIPS if state.end_cause == st.END_SHIPS else DhTermination.DECK
        if state.end_cause == st.END_SHIPS:
            cause = "after the third ship departure"
        else:
            cause = f"after {{p{state.end_seat}}}'s deck ran out"
        if a != b:
            win = 0 if a > b else 1
            hi, lo = max(a, b), min(a, b)
            return Outcome((win,), term, f"{{p{win}}} wins {hi} to {lo} {cause}.")
        if state.dragon is not None:
            return Outcome((state.dragon,), term, f"Tied at {a}; {{p{state.dragon}}} holds the dragon "
                                            f"figure and wins the tie {cause}.")
        return Outcome((), term, f"Tied at {a} with no dragon holder: a draw {cause}.")

    def score(self, state: DhState, seat: int) -> int:
        """Returns the seat's final score: score-pile points plus 3 with the dragon figure."""
        return final_score(state, seat)

    # -- codes and labels -------------------------------------------------------------------------

    def decode(self, code: str) -> Action:
        return decode(code)

    def label(self, state: DhState, action: Action) -> tuple[str, ...]:
        """Returns ("Play", "Dwarf", "x2"), with the values added when the hand's cards of that
        type differ in value ("x2 (1+3)"), or ("Choose", "Take the stone dragons")."""
        if isinstance(action, Choose):
            return ("Choose", CHOICE_LABELS[action.stack])
        kind = action.kind
        held = {CARD_VALUE[c] for c in state.hands[state.current] if CARD_TYPE[c] == kind}
        count = f"x{len(action.values)}"
        if len(held | set(action.values)) > 1:
            count += f" ({'+'.join(map(str, action.values))})"
        return ("Play", TYPE_NAMES[kind], count)

    # -- state as data ----------------------------------------------------------------------------

    def to_json(self, state: DhState) -> dict[str, Any]:
        return st.to_json(state)

    def from_json(self, data: dict[str, Any]) -> DhState:
        return st.from_json(data)

    def copy(self, state: DhState) -> DhState:
        return st.copy_state(state)

    def shuffle_hidden(self, state: DhState, observer: int | None, seed: int) -> DhState:
        """Pools the hands the observer cannot see with both decks, redeals them keeping sizes,
        and reseeds the RNG (future random transfers are hidden too)."""
        new = st.copy_state(state)
        rng = Rng(seed)
        new.rng = Rng(rng.next64())
        hidden_hands = [s for s in (0, 1) if s != observer]
        pool = [c for s in hidden_hands for c in new.hands[s]] + new.decks[0] + new.decks[1]
        rng.shuffle(pool)
        for s in hidden_hands:
            size = len(new.hands[s])
            new.hands[s] = sorted(pool[:size], key=_SORT)
            del pool[:size]
        for s in (0, 1):
            size = len(new.decks[s])
            new.decks[s] = pool[:size]
            del pool[:size]
        return new

    # -- views ------------------------------------------------------------------------------------

    def _view(self, state: DhState, seat: int | None) -> dict[str, Any]:
        """Returns the public board, counts for hidden cards, and the viewer's own hand."""
        over = state.stage == st.OVER
        outcome = self.outcome(state)
        players = [{
            "seat": s,
            "hand": len(state.hands[s]),
            "deck": len(state.decks[s]),
            "collected": len(state.piles[s]),
            "dragon": state.dragon == s,
            "score": final_score(state, s) if over else None,
        } for s in (0, 1)]
        spaces = [{
            "type": TYPE_KEYS[k],
            "name": TYPE_NAMES[k],
            "slots": SLOTS[k],
            "cards": [CARD_VALUE[c] for c in state.spaces[k]],
        } for k in range(len(state.spaces))]
        return {
            "game": "drachenherz",
            "seat": seat,
            "to_play": list(self.to_play(state)),
            "over": over,
            "current": state.current,
            "first": state.first,
            "turn": state.turn,
            "stage": state.stage,
            "players": players,
            "hand": ([card_json(c) for c in state.hands[seat]] if seat is not None else None),
            "spaces": spaces,
            "collection": [card_json(c) for c in state.collection],
            "departures": state.departures,
            "departures_to_end": DEPARTURES_TO_END,
            "dragon": state.dragon,
            "last_turn": state.last_turn is not None and state.turn == state.last_turn,
            "ending": (None if state.last_turn is None else
                       {"cause": state.end_cause, "seat": state.end_seat,
                        "turns_left": max(0, state.last_turn - state.turn)}),
            "outcome": (None if outcome is None else
                        {"winners": list(outcome.winners), "reason": outcome.reason}),
        }

    def text(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """Returns the board as a few readable lines."""
        def name(s: int) -> str:
            return names[s] if s < len(names) else f"Player {s + 1}"

        lines = []
        for p in view["players"]:
            extra = " [dragon]" if p["dragon"] else ""
            score = f", score {p['score']}" if p["score"] is not None else ""
            lines.append(f"{name(p['seat'])}: hand {p['hand']}, deck {p['deck']}, "
                         f"collected {p['collected']}{score}{extra}")
        for sp in view["spaces"]:
            fill = f" {len(sp['cards'])}/{sp['slots']}" if sp["slots"] else ""
            cards = " ".join(map(str, sp["cards"])) or "-"
            lines.append(f"  {sp['name']:<15}{fill:>5}  {cards}")
        coll = ", ".join(f"{TYPE_NAMES[TYPE_KEYS.index(c['type'])]} {c['value']}"
                         for c in view["collection"]) or "-"
        lines.append(f"Collection area: {coll}")
        lines.append(f"Ship departures: {view['departures']}/{view['departures_to_end']}")
        if view["over"]:
            reason = view["outcome"]["reason"]
            for s in range(len(view["players"])):
                reason = reason.replace(f"{{p{s}}}", name(s))
            lines.append(f"Game over. {reason}")
        else:
            doing = {"play": "to play", "princess": "to choose (princess)",
                     "hero": "to choose (heroes)"}[view["stage"]]
            last = " (last turn)" if view["last_turn"] else ""
            lines.append(f"{name(view['current'])} {doing}{last}.")
        if view["hand"] is not None:
            hand = ", ".join(f"{TYPE_NAMES[TYPE_KEYS.index(c['type'])]} {c['value']}"
                             for c in view["hand"])
            lines.append(f"Your hand: {hand or '-'}")
        return "\n".join(lines)
