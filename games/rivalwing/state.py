"""The RivalWing state (plain data: typed dicts and lists of card ids) and the mat bookkeeping
every rule shares."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Required, TypedDict

from games.core import Event
from games.rivalwing.actions import Act
from games.rivalwing.cards import KIND_OF, LOC_NAME, LOCATIONS, MARKER, MATS, kind_of
from games.rng import Rng
from games.text import Text, seat_ref

HAND_SIZE = 6
DEAL = 5


class Entry(TypedDict):
    """A row of damage on a location: its source card (or MARKER), amount, and covering Scales."""

    id: int
    card: int
    amount: int
    covers: list[list[int]]
    """[Scales card id, points absorbed] per covering card."""


class Location(TypedDict):
    """A side, the Wings or the Core of a mat."""

    entries: list[Entry]
    banked: list[int]
    """Scales cards waiting for the next damage (toughened scales, R6.6)."""
    pile: list[int]
    """The breach pile (face down)."""
    breached: bool


Slot = list[Any]
"""A magic slot: [card id or None, the owner's turn count when it was placed]."""


class Dragon(TypedDict):
    """One player's dragon: its mat, locations (no "W" when wingless), slots and standing."""

    mat: str
    loc: dict[str, Location]
    slots: list[Slot]
    specials: list[int | None]
    conscious: bool
    turns: int
    timeouts: int
    withdrawn: bool
    last_damager: int | None


class BuildHit(TypedDict):
    """A hit card in the attack being built, with its chosen sides and modifier cards."""

    card: int
    kind: str
    side: str | None
    arc: str | None
    dive: int | None
    wing: int | None
    aim: str | None
    """The Called Shot location."""


class BuildMagic(TypedDict, total=False):
    """Ready slotted magic in the attack being built (the card stays in its slot)."""

    card: Required[int]
    kind: Required[str]
    seat: int
    """Heal and Swap: the dragon they act on."""
    entry: int
    """Heal: the entry removed."""
    a: str
    b: str
    """Swap: the two sides exchanged."""
    side: str
    """Crush: the side."""


class Build(TypedDict):
    """The attack being built (R5)."""

    target: int | None
    """The dragon attacked; None for yourself or Armageddon."""
    arma: bool
    hits: list[BuildHit]
    combos: list[int]
    focus: list[Any] | None
    """[Focused Dive card id, side]."""
    dusting: int | None
    magic: list[BuildMagic]
    arma_sides: list[list[Any]]
    """[seat, side] per Armageddon target chosen."""


class Hit(TypedDict):
    """A hit of a declared attack, in hit order (bonus and magic hits use MARKER)."""

    card: int
    name: str
    type: str
    weapon: str | None
    element: str | None
    base: int
    mod: int
    loc: str
    parent: int | None
    """The hit a bonus hit (Frost, Arc) belongs to."""
    corrode: bool
    target: int | None
    cancelled: bool
    deflected: int | None
    """The seat that deflected it back to the attacker."""
    shield: int
    scales: list[int]
    fate: str


Play = list[Any]
"""A defense pick: [kind, card id or None, origin "h" or "s", slot number, *assignment]."""


class Window(TypedDict):
    """An open defense window (R6.2)."""

    seat: int
    type: str | None
    plays: list[Play]


class Attack(TypedDict, total=False):
    """A declared attack while it resolves (R6)."""

    attacker: Required[int]
    targets: Required[list[int]]
    ti: Required[int]
    """The index of the target whose turn it is."""
    hits: Required[list[Hit]]
    used: Required[list[int]]
    """The non-hit cards to discard at cleanup."""
    rbr: Required[bool]
    dusting: Required[bool]
    window: Required[Window | None]
    cards: Required[list[str]]
    effects: Required[list[str]]
    blind: int
    defense_text: list[str]


class HitSummary(TypedDict):
    """A hit of the last attack, as the board shows it."""

    name: str
    target: int | None
    loc: str
    amount: int
    fate: str


class LastAttack(TypedDict):
    """The public summary of the last attack resolved."""

    attacker: int
    targets: list[int]
    cards: list[str]
    effects: list[str]
    defense: list[str]
    hits: list[HitSummary]


class Result(TypedDict):
    """How the duel ended."""

    winners: list[int]
    reason: str
    tied: list[int]


@dataclass(slots=True)
class RWState:
    """Everything about one duel; `to_json` turns it into plain data."""

    players: int
    rng: Rng
    mats: list[str]
    dealer: int
    first: int
    round_limit: int
    round: int = 1
    active: int = 0
    phase: str = "action"
    """One of action, build, discard, place, defense, over."""
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    dragons: list[Dragon] = field(default_factory=list)
    build: Build | None = None
    attack: Attack | None = None
    chaos_lock: bool = False
    knockouts: list[list[int]] = field(default_factory=list)
    """[seat, credited seat or -1, withdrawn 0/1] in the order the dragons fell."""
    next_entry: int = 1
    last_attack: LastAttack | None = None
    result: Result | None = None
    dice: list[int] = field(default_factory=list)
    """Forced die results, used before the RNG (scenario tests only)."""
    restarts: int = 0
    placed: list[int] = field(default_factory=list)
    """Magic slots filled during the current Place Magic action."""
    memo: dict[int, list[Act]] = field(default_factory=dict, repr=False, compare=False)
    """The listed actions worked out per seat for this position (`rules.options`); every
    applied action and withdrawal drops it. Not part of the game."""

    def to_json(self) -> dict[str, Any]:
        """Returns the state as plain JSON-ready data (a copy)."""
        out: dict[str, Any] = {f: getattr(self, f) for f in _FIELDS}
        out["rng"] = self.rng.state
        return _deep_copy(out)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RWState:
        """Rebuilds a state; raises ValueError naming missing fields."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a RivalWing state dict, got {type(data).__name__}")
        missing = set(_FIELDS) - set(data)
        if missing:
            raise ValueError(f"expected RivalWing state fields {sorted(missing)}, got none")
        kwargs = _deep_copy({k: data[k] for k in _FIELDS})
        kwargs["rng"] = Rng(int(data["rng"]))
        return cls(**kwargs)


_FIELDS = tuple(f.name for f in fields(RWState) if f.name != "memo")


def _deep_copy(value: Any) -> Any:
    """Copies plain data (dicts, lists, str, int, None) quickly."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def new_dragon(mat: str) -> Dragon:
    """Returns an undamaged dragon for a mat id."""
    m = MATS[mat]
    loc: dict[str, Location] = {}
    for key in LOCATIONS:
        if m["points"][key] is not None:
            loc[key] = {"entries": [], "banked": [], "pile": [], "breached": False}
    return {"mat": mat, "loc": loc, "slots": [[None, 0] for _ in range(m["magic_slots"])],
            "specials": [None] * m["special_slots"], "conscious": True, "turns": 0,
            "timeouts": 0, "withdrawn": False, "last_damager": None}


class EventCache(dict):
    """Shared Event objects for frequent texts, made on first use from a key tuple (events are
    immutable, so one object may be told many times)."""

    def __init__(self, make: Callable[..., Event]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[Any, ...]) -> Event:
        if len(self) > 10_000:
            self.clear()
        event = self[key] = self.make(*key)
        return event


def open_window(state: RWState) -> Window:
    """Returns the open defense window (a phase "defense" has one)."""
    a = state.attack
    assert a is not None and a["window"] is not None
    return a["window"]


# -- reading a mat ---------------------------------------------------------------------------------

def points(state: RWState, seat: int, loc: str) -> int:
    """Returns a location's printed points."""
    return MATS[state.dragons[seat]["mat"]]["points"][loc]


def entry_net(entry: Entry) -> int:
    """Returns an entry's damage after its covering Scales."""
    net = entry["amount"]
    for _card, absorbed in entry["covers"]:
        net -= absorbed
    return net


def damage(state: RWState, seat: int, loc: str) -> int:
    """Returns a location's damage: the sum of its entries' net amounts."""
    total = 0
    for e in state.dragons[seat]["loc"][loc]["entries"]:
        total += entry_net(e)
    return total


def has_wings(state: RWState, seat: int) -> bool:
    """True when the dragon has Wings, present and unbreached."""
    w = state.dragons[seat]["loc"].get("W")
    return w is not None and not w["breached"]


def is_breached(state: RWState, seat: int, loc: str) -> bool:
    """True when the location exists and is breached."""
    place = state.dragons[seat]["loc"].get(loc)
    return place is not None and place["breached"]


def special_kinds(state: RWState, seat: int) -> list[str]:
    """Returns the kinds in a dragon's special slots."""
    return [kind_of(c) for c in state.dragons[seat]["specials"] if c is not None]


def has_special(state: RWState, seat: int, kind: str) -> bool:
    """True when a special of `kind` lies in the dragon's special slots."""
    specials = state.dragons[seat]["specials"]
    return (specials.count(None) < len(specials)
            and kind in [KIND_OF[c] for c in specials if c is not None])


def element(state: RWState, seat: int) -> str | None:
    """Returns the dragon's breath element (from its mat)."""
    return MATS[state.dragons[seat]["mat"]]["breath"]


def resists(state: RWState, seat: int, elem: str | None) -> bool:
    """True when the dragon resists a breath element (its mat, or Breath Resistance)."""
    if elem is None:
        return False
    return MATS[state.dragons[seat]["mat"]]["resists"] == elem or has_special(state, seat, "bres")


def magic_slot_count(state: RWState, seat: int) -> int:
    """Returns how many magic slots the dragon has now."""
    return len(state.dragons[seat]["slots"])


def is_ready(state: RWState, seat: int, slot: int) -> bool:
    """True when slotted attack magic was placed in an earlier turn of its owner."""
    card, turn = state.dragons[seat]["slots"][slot]
    return card is not None and turn < state.dragons[seat]["turns"]


def conscious_seats(state: RWState) -> list[int]:
    """Returns the seats whose dragons are conscious."""
    return [s for s in range(state.players) if state.dragons[s]["conscious"]]


def find_entry(state: RWState, seat: int, entry_id: int) -> tuple[str, Entry] | None:
    """Returns (location, entry) for an entry id on a dragon, or None."""
    for key, place in state.dragons[seat]["loc"].items():
        for e in place["entries"]:
            if e["id"] == entry_id:
                return key, e
    return None


# -- dice and cards --------------------------------------------------------------------------------

def roll(state: RWState, sides: int) -> int:
    """Rolls a die, taking a forced result first when one is queued."""
    if state.dice:
        return state.dice.pop(0)
    return state.rng.roll(sides)


def draw_to(state: RWState, seat: int, size: int = HAND_SIZE) -> int:
    """Draws until the hand holds `size` cards, reshuffling the discard pile as needed (R8.4)."""
    hand = state.hands[seat]
    drawn = 0
    while len(hand) < size:
        if not state.deck:
            if not state.discard:
                break
            state.deck = state.discard
            state.discard = []
            shuffle(state.rng, state.deck)
        hand.append(state.deck.pop())
        drawn += 1
    return drawn


_MASK = (1 << 64) - 1


def shuffle(rng: Rng, items: list[Any]) -> None:
    """Shuffles in place exactly like `rng.shuffle` (Fisher-Yates on SplitMix64, the same draws
    and the same final RNG state), with the generator inlined because reshuffles are hot."""
    z0 = rng.state
    for i in range(len(items) - 1, 0, -1):
        z0 = (z0 + 0x9E3779B97F4A7C15) & _MASK
        z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng.state = z0


def discard_cards(state: RWState, cards: list[int]) -> None:
    """Puts cards (markers skipped) on the discard pile."""
    if MARKER in cards:
        cards = [c for c in cards if c != MARKER]
    state.discard.extend(cards)


def entry_cards(entry: Entry) -> list[int]:
    """Returns an entry's card and its covering Scales."""
    return [entry["card"], *(c for c, _ in entry["covers"])]


# -- breach, knockout, end -------------------------------------------------------------------------

def check_breach(state: RWState, seat: int, loc: str, events: list[Event]) -> bool:
    """Breaches a side or the Wings whose damage reached its points (R7); True if it did."""
    place = state.dragons[seat]["loc"][loc]
    if loc == "C" or place["breached"] or damage(state, seat, loc) < points(state, seat, loc):
        return False
    pile = place["pile"]
    for e in place["entries"]:
        pile.extend(c for c in entry_cards(e) if c != MARKER)
    pile.extend(place["banked"])
    place["entries"] = []
    place["banked"] = []
    place["breached"] = True
    events.append(Event(Text("{player}'s {side} is breached.", player=seat_ref(seat),
                             side=LOC_NAME[loc])))
    return True


def knock_out(state: RWState, seat: int, by: int | None, events: list[Event], *,
              withdrawn: bool = False) -> None:
    """Makes a dragon unconscious and discards all its cards (R8.1); ends the duel if one is left."""
    dragon = state.dragons[seat]
    if not dragon["conscious"]:
        return
    dragon["conscious"] = False
    dragon["withdrawn"] = withdrawn
    cards = list(state.hands[seat])
    state.hands[seat] = []
    for slot in dragon["slots"]:
        if slot[0] is not None:
            cards.append(slot[0])
        slot[0] = None
    cards.extend(c for c in dragon["specials"] if c is not None)
    dragon["specials"] = [None] * len(dragon["specials"])
    for place in dragon["loc"].values():
        for e in place["entries"]:
            cards.extend(entry_cards(e))
        cards.extend(place["banked"])
        cards.extend(place["pile"])
        place["entries"], place["banked"], place["pile"] = [], [], []
    discard_cards(state, cards)
    state.knockouts.append([seat, -1 if by is None else by, 1 if withdrawn else 0])
    if withdrawn:
        events.append(Event(Text("{player} withdraws from the duel.", player=seat_ref(seat))))
    elif by is None or by == seat:
        events.append(Event(Text("{player} is knocked out.", player=seat_ref(seat))))
    else:
        events.append(Event(Text("{player} is knocked out by {other}.", player=seat_ref(seat),
                                 other=seat_ref(by))))
    alive = conscious_seats(state)
    if len(alive) <= 1:
        finish(state, alive, "last dragon standing", events)


def finish(state: RWState, winners: list[int], reason: str, events: list[Event],
           tied: list[int] | None = None) -> None:
    """Ends the duel."""
    state.phase = "over"
    state.result = {"winners": list(winners), "reason": reason, "tied": list(tied or [])}
    state.build = None
    state.chaos_lock = False
    why = REASONS.get(reason, reason)
    if winners:
        events.append(Event(Text("{player} wins the duel ({reason}).", player=seat_ref(winners[0]),
                                 reason=why)))
    else:
        events.append(Event(Text("The duel ends with no winner ({reason}).", reason=why)))


REASONS = {"last dragon standing": Text("last dragon standing"),
           "round limit": Text("round limit"), "round limit, tied": Text("round limit, tied")}
"""How a duel ends (the termination values), to translate."""


def remaining(state: RWState, seat: int) -> tuple[int, int]:
    """Returns (core points left, points left on unbreached sides and Wings) for R8.3."""
    core = points(state, seat, "C") - damage(state, seat, "C")
    rest = 0
    for key, place in state.dragons[seat]["loc"].items():
        if key != "C" and not place["breached"]:
            rest += points(state, seat, key) - damage(state, seat, key)
    return core, rest
