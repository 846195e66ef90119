"""The Drachenherz rules as functions over a `DhState`: the deal, legal plays, what a completed
space does, the dragon figure, the end of the game and its result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from games.core import Event, Outcome, Termination
from games.drachenherz import state as st
from games.drachenherz.actions import (
    CHOICE_LABELS,
    CHOICE_TYPE,
    HERO_CHOICES,
    PRINCESS_CHOICES,
    Action,
    Choose,
    Play,
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
    N_TYPES,
    PRINCESS,
    SHIP,
    SLAYER,
    SLOTS,
    SORT_KEY,
    TROLL,
    card_name,
    counted,
    deck,
    type_name,
)
from games.drachenherz.state import DhState
from games.rng import Rng
from games.text import Text, join_texts, plural, seat_ref

SORT = SORT_KEY.__getitem__
"""The key hands are sorted by (type, value, id)."""

_PLAY_CACHE: dict[tuple[int, tuple[int, ...], int], list[Action]] = {}


class DhTermination(Termination):
    """How a game of Drachenherz ends."""

    SHIPS = "ships"
    """The third ship departure, then one more turn."""
    DECK = "deck"
    """A player's deck ran out, then the last turns."""


# -- setup ----------------------------------------------------------------------------------------


def new_game(seed: int, options: dict[str, Any] | None = None) -> DhState:
    """Draws the starting player with the RNG, shuffles both decks and deals 5 cards each."""
    if options:
        raise ValueError(Text("Drachenherz has no options; got {options}.",
                              options=", ".join(sorted(options))))
    rng = Rng(seed)
    first = rng.below(2)
    state = DhState(rng=rng, first=first, current=first)
    for seat in (0, 1):
        cards = deck(seat)
        rng.shuffle(cards)
        state.decks[seat] = cards
        refill(state, seat)
    return state


# -- who acts and what they may do ----------------------------------------------------------------


def to_play(state: DhState) -> tuple[int, ...]:
    """Returns the seat to play or choose, () once the game is over."""
    return () if state.stage == st.OVER else (state.current,)


def active(state: DhState) -> int | None:
    """Returns the seat whose turn it is, None once the game is over."""
    return None if state.stage == st.OVER else state.current


def may_act(state: DhState, seat: int) -> bool:
    """Tells whether `seat` owes a decision (the same as `seat in to_play(state)`)."""
    return seat == state.current and state.stage != st.OVER


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


def legal_actions(state: DhState, seat: int) -> list[Action]:
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
    # The hand is sorted by type, so each type's values come in one run; the plays of a run are
    # looked up inline (this is the hottest loop of a playout).
    for card in hand:
        k = CARD_TYPE[card]
        if k != kind:
            slots = SLOTS[kind]
            limit = len(values) if slots is None else min(len(values), slots - len(spaces[kind]))
            key = tuple(values)
            actions += _PLAY_CACHE.get((kind, key, limit)) or _plays(kind, key, limit)
            kind, values = k, []
        values.append(CARD_VALUE[card])
    slots = SLOTS[kind]
    limit = len(values) if slots is None else min(len(values), slots - len(spaces[kind]))
    key = tuple(values)
    actions += _PLAY_CACHE.get((kind, key, limit)) or _plays(kind, key, limit)
    return actions


def _holds(state: DhState, seat: int, kind: int, values: Sequence[int]) -> bool:
    """Tells whether the seat's hand holds cards of `kind` with these values."""
    have = [CARD_VALUE[c] for c in state.hands[seat] if CARD_TYPE[c] == kind]
    for v in values:
        if v not in have:
            return False
        have.remove(v)
    return True


def is_legal(state: DhState, seat: int, action: Action) -> bool:
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
    for v in values:  # `_holds`, inline: this runs for every applied play
        if v not in have:
            return False
        have.remove(v)
    return True


def refusal(state: DhState, seat: int, action: Action) -> str:
    """Explains in player words why `action` is not legal now."""
    if state.stage == st.PRINCESS_CHOICE:
        return Text("Your princess takes a stack first: the treasure chests or the stone dragons.")
    if state.stage == st.HERO_CHOICE:
        return Text("Your heroes take a stack first: the princesses or the trolls.")
    if isinstance(action, Choose):
        return Text("There is no stack to choose now; play cards of one type from your hand.")
    if action.kind not in range(len(SLOTS)) or not action.values:
        return Text("That is not a Drachenherz move.")
    kind, values = action.kind, action.values
    if list(values) != sorted(values):
        return Text("List the values of the played cards in ascending order.")
    if not _holds(state, seat, kind, values):
        return Text("You do not hold the {card} cards {values}.",
                    card=type_name(kind, lower=True), values=str(values))
    slots = SLOTS[kind]
    free = slots - len(state.spaces[kind]) if slots is not None else len(values)
    return plural("The {card} space has only {n} free slot; you tried to play {tried}.",
                  "The {card} space has only {n} free slots; you tried to play {tried}.", free,
                  card=type_name(kind, lower=True), tried=len(values))


def label(state: DhState, action: Action) -> tuple[str, ...]:
    """Returns ("Play", "Dwarf", "x2"), with the values added when the hand's cards of that type
    differ in value ("x2 (1+3)"), or ("Choose", "Take the stone dragons")."""
    if isinstance(action, Choose):
        return (Text("Choose"), CHOICE_LABELS[action.stack])
    kind = action.kind
    held = {CARD_VALUE[c] for c in state.hands[state.current] if CARD_TYPE[c] == kind}
    count = f"x{len(action.values)}"
    if len(held | set(action.values)) > 1:
        count += f" ({'+'.join(map(str, action.values))})"
    return (Text("Play"), type_name(kind), count)


# -- resolving actions ----------------------------------------------------------------------------


def _cards_text(cards: Sequence[int]) -> str:
    return join_texts(card_name(c) for c in cards) if cards else Text("nothing")


def apply(state: DhState, seat: int, action: Action) -> list[Event]:
    """Applies a legal action in place and returns the events: the play or the choice, what the
    completed space does, the refill, and the next turn or the end."""
    events: list[Event] = []
    if isinstance(action, Choose):
        _resolve_choice(state, seat, action.stack, events)
        end_turn(state, events)
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
    events.append(Event(Text("{player} plays {cards} ({values}).", player=seat_ref(seat),
                             cards=counted(kind, len(played)),
                             values=", ".join(str(CARD_VALUE[c]) for c in played))))
    slots = SLOTS[kind]
    complete = _ON_COMPLETE[kind]
    if complete is None or (slots is not None and len(space) < slots) or \
            complete(state, seat, events):
        end_turn(state, events)
    return events


def _take(state: DhState, seat: int, kind: int, events: list[Event]) -> list[int]:
    """Moves a whole space into the seat's score pile and returns the cards taken."""
    taken = state.spaces[kind][:]
    state.piles[seat].extend(taken)
    state.spaces[kind].clear()
    events.append(Event(Text("{player} takes the {cards}: {taken}.", player=seat_ref(seat),
                             cards=type_name(kind, many=True, lower=True),
                             taken=_cards_text(taken))))
    return taken


def _to_collection(state: DhState, kind: int, what: Text, events: list[Event]) -> None:
    """Moves a completed space (heroes or dragon slayers) to the collection area."""
    space = state.spaces[kind]
    state.collection.extend(space)
    space.clear()
    events.append(Event(what))


def _fire_takes_chests(state: DhState, seat: int, events: list[Event]) -> bool:
    _take(state, seat, CHEST, events)
    return True


def _troll_takes_princesses(state: DhState, seat: int, events: list[Event]) -> bool:
    _take(state, seat, PRINCESS, events)
    return True


def _princess_opens_choice(state: DhState, seat: int, events: list[Event]) -> bool:
    state.stage = st.PRINCESS_CHOICE
    return False


def _heroes_open_choice(state: DhState, seat: int, events: list[Event]) -> bool:
    _to_collection(state, HERO, Text("The two heroes go to the collection area."), events)
    state.stage = st.HERO_CHOICE
    return False


def _slayers_take_fire(state: DhState, seat: int, events: list[Event]) -> bool:
    _take(state, seat, FIRE, events)
    _to_collection(state, SLAYER, Text("The three dragon slayers go to the collection area."),
                   events)
    return True


def _dwarves_take_dwarves(state: DhState, seat: int, events: list[Event]) -> bool:
    _take(state, seat, DWARF, events)
    return True


def _ships_depart(state: DhState, seat: int, events: list[Event]) -> bool:
    taken = state.collection[:]
    state.piles[seat].extend(taken)
    state.collection.clear()
    space = state.spaces[SHIP]
    state.departed.extend(space)
    space.clear()
    state.departures += 1
    events.append(Event(Text("Three ships depart (departure {number} of {last}): {player} takes "
                             "the collection area ({taken}).", number=state.departures,
                             last=DEPARTURES_TO_END, player=seat_ref(seat),
                             taken=_cards_text(taken))))
    if state.departures >= DEPARTURES_TO_END:
        _schedule_end(state, state.turn + 1, st.END_SHIPS, seat, events)
    return True


_Completion = Callable[[DhState, int, list[Event]], bool]

_COMPLETIONS: dict[int, _Completion] = {
    FIRE: _fire_takes_chests,
    TROLL: _troll_takes_princesses,
    PRINCESS: _princess_opens_choice,
    HERO: _heroes_open_choice,
    SLAYER: _slayers_take_fire,
    DWARF: _dwarves_take_dwarves,
    SHIP: _ships_depart,
}
"""What a play does once its space is complete (at once for a space without slots); each returns
whether the turn ends (False: a stack choice follows). Chests and stone dragons do nothing."""

_ON_COMPLETE: tuple[_Completion | None, ...] = tuple(_COMPLETIONS.get(k) for k in range(N_TYPES))
"""`_COMPLETIONS` indexed by type (None: nothing happens), for the lookup on every play."""


def _resolve_choice(state: DhState, seat: int, stack: str, events: list[Event]) -> None:
    taken = _take(state, seat, CHOICE_TYPE[stack], events)
    if stack == "stone" and taken and state.dragon != seat:
        _pass_dragon(state, seat, events)


def _pass_dragon(state: DhState, seat: int, events: list[Event]) -> None:
    """Gives the dragon figure to `seat`, with a random card from the previous holder's hand."""
    previous = state.dragon
    state.dragon = seat
    if previous is None:
        events.append(Event(Text("{player} receives the dragon figure.", player=seat_ref(seat))))
        return
    source = state.hands[previous]
    if not source:
        events.append(Event(Text("{player} takes the dragon figure from {other}, whose hand is "
                                 "empty.", player=seat_ref(seat), other=seat_ref(previous))))
        return
    card = source.pop(state.rng.below(len(source)))
    target = state.hands[seat]
    target.append(card)
    target.sort(key=SORT)
    events.append(Event(Text("{player} takes the dragon figure from {other} and a random card "
                             "from {other}'s hand.", player=seat_ref(seat),
                             other=seat_ref(previous))))
    events.append(Event(Text("The card that passed from {other} to {player} is {card}.",
                             other=seat_ref(previous), player=seat_ref(seat),
                             card=card_name(card)), (previous, seat)))


def hand_limit(state: DhState, seat: int) -> int:
    """Returns the hand size a seat refills to: 6 for the dragon holder, else 5."""
    return DRAGON_HAND_SIZE if state.dragon == seat else HAND_SIZE


def refill(state: DhState, seat: int) -> list[int]:
    """Draws up to the hand limit from the seat's own deck while it has cards."""
    hand, pile = state.hands[seat], state.decks[seat]
    drawn: list[int] = []
    need = hand_limit(state, seat) - len(hand)
    while need > 0 and pile:
        drawn.append(pile.pop())
        need -= 1
    if drawn:
        hand.extend(drawn)
        hand.sort(key=SORT)
    return drawn


# -- the end --------------------------------------------------------------------------------------


def _schedule_end(state: DhState, last: int, cause: str, seat: int, events: list[Event]) -> None:
    """Sets the game's last turn, keeping the earlier one when both end conditions are met."""
    if state.last_turn is not None and state.last_turn <= last:
        return
    state.last_turn, state.end_cause, state.end_seat = last, cause, seat
    other = 1 - seat
    if cause == st.END_SHIPS:
        events.append(Event(Text("That was the third ship departure: {player} has one last "
                                 "turn.", player=seat_ref(other))))
    else:
        events.append(Event(Text("{player}'s deck is used up: {player} has one more turn, then "
                                 "{other} has one last turn.", player=seat_ref(seat),
                                 other=seat_ref(other))))


def end_turn(state: DhState, events: list[Event]) -> None:
    """Refills the hand, checks the end, and passes the turn (skipping an empty hand)."""
    while True:
        seat = state.current
        drawn = refill(state, seat)
        if drawn:
            events.append(Event(Text("You draw {cards}.", cards=_cards_text(drawn)), (seat,)))
        if not state.decks[seat]:
            _schedule_end(state, state.turn + 3, st.END_DECK, seat, events)
        if state.last_turn is not None and state.turn >= state.last_turn:
            state.stage = st.OVER
            finished = outcome(state)
            if finished is not None:
                events.append(Event(Text("The game is over. {reason}", reason=finished.reason)))
            return
        state.turn += 1
        state.current = 1 - seat
        state.stage = st.PLAY
        if state.hands[state.current]:
            return
        events.append(Event(Text("{player} has no cards left and passes.",
                                 player=seat_ref(state.current))))


# -- results --------------------------------------------------------------------------------------


def pile_score(state: DhState, seat: int) -> int:
    """Returns the points in a seat's score pile, without the dragon bonus."""
    return sum(CARD_VALUE[c] for c in state.piles[seat])


def final_score(state: DhState, seat: int) -> int:
    """Returns the score-pile points plus 3 for the dragon holder."""
    return pile_score(state, seat) + (DRAGON_BONUS if state.dragon == seat else 0)


def result(scores: Sequence[int], dragon: int | None, cause: str | None,
           end_seat: int | None) -> tuple[tuple[int, ...], Text]:
    """Returns the winners of a finished game and its sentence, from the final scores, the dragon
    holder and what ended it (the text board reads these from a view, so it shares the words)."""
    a, b = scores
    if cause == st.END_SHIPS:
        after = Text("after the third ship departure")
    else:
        after = Text("after {player}'s deck ran out", player=seat_ref(end_seat or 0))
    if a != b:
        win = 0 if a > b else 1
        return (win,), Text("{player} wins {high} to {low} {after}.", player=seat_ref(win),
                            high=max(a, b), low=min(a, b), after=after)
    if dragon is not None:
        return (dragon,), Text("Tied at {score}; {player} holds the dragon figure and wins the tie "
                               "{after}.", score=a, player=seat_ref(dragon), after=after)
    return (), Text("Tied at {score} with no dragon holder: a draw {after}.", score=a, after=after)


def outcome(state: DhState) -> Outcome | None:
    """Returns the outcome once the game is over: higher score wins, the dragon holder wins a
    tie, a tie without a holder is a draw."""
    if state.stage != st.OVER:
        return None
    term = DhTermination.SHIPS if state.end_cause == st.END_SHIPS else DhTermination.DECK
    winners, reason = result((final_score(state, 0), final_score(state, 1)), state.dragon,
                             state.end_cause, state.end_seat)
    return Outcome(winners, term, reason)
