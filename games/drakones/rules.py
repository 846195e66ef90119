"""Drakones rules as functions over a `State`, in place: the deal (`new_state`), who may do what
(`legal`, and `is_legal` without listing), what it does (`perform`), turn start and end.

Undo is a replay: `checkpoint` holds the state after the last draw or reveal, `undo_log` the actions
applied since, and `undo` rebuilds from the checkpoint with all but the last action.
"""

from __future__ import annotations

from functools import cache, lru_cache

from games.core import Event
from games.drakones import actions as A
from games.drakones.cards import CARDS, CLASSES, COLOURS, DECKS, WEAPON_HITS, CardInfo
from games.drakones.state import SPACES, Checkpoint, Player, Slot, State
from games.rng import Rng
from games.text import Text, join_texts, plural

HAND_SIZE = 6
"""Cards each player draws before the first turn."""
MAX_TURNS = 2 * (67 - HAND_SIZE) + 2
"""Every turn draws from its player's deck and cards never go back into a deck."""
TURN_STEP_CAP = 100
"""Steps not undone that a turn may hold; then only Undo and End turn remain (a house cap)."""
UNDO_CAP = 100
"""Undos a turn may use; then Undo is no longer offered (a house cap)."""
MAX_TURN_ACTIONS = TURN_STEP_CAP + 2 * UNDO_CAP + 1
"""The most actions one turn can hold: every undo allows one more step, and End turn."""
RECENT = 6
"""Public events kept in the state for the board."""

# -- card tables --------------------------------------------------------------------------------

_KIND = {cid: c.kind for cid, c in CARDS.items()}
_WALL = frozenset(cid for cid, k in _KIND.items() if k == "wall")
_UNIT = frozenset(cid for cid, k in _KIND.items() if k == "unit")
_UNIT_CLASS = {cid: c.cls for cid, c in CARDS.items() if c.kind == "unit" and c.cls is not None}
_NAME = {cid: c.label for cid, c in CARDS.items()}
_TITLE = {cid: c.title for cid, c in CARDS.items()}
_INSTANT = frozenset(cid for cid, c in CARDS.items() if c.kind == "unit" and c.ability == "instant")
_DRAW2 = frozenset(cid for cid, c in CARDS.items() if c.kind == "unit" and c.ability == "draw2")
_ATTACKS = {cid: c.attacks for cid, c in CARDS.items()}


# -- predicates ---------------------------------------------------------------------------------

def can_hit(attacker: CardInfo, target: CardInfo) -> bool:
    """Returns whether `attacker` may attack `target` by the weapon/class table."""
    if attacker.kind == "unit":
        if target.kind == "unit":
            return attacker.weapon is not None and WEAPON_HITS[attacker.weapon] == target.cls
        if target.kind == "tower":
            return target.cls == attacker.cls
        return target.kind == "wall"
    if attacker.kind == "tower":
        return target.kind == "unit" and target.cls != attacker.cls
    return False


_HITS = {(a, b): can_hit(CARDS[a], CARDS[b]) for a in CARDS for b in CARDS}
"""Per (attacker, target) card pair: whether the attack is allowed."""


def _covered(side: list[Slot | None], i: int) -> bool:
    """Returns whether a card at `i` would be in cover (a wall next to it, itself no wall)."""
    s = side[i]
    if s is not None and s.card in _WALL:
        return False
    left = side[i - 1] if i > 0 else None
    right = side[i + 1] if i < SPACES - 1 else None
    return ((left is not None and left.card in _WALL)
            or (right is not None and right.card in _WALL))


def in_cover(side: list[Slot | None], i: int) -> bool:
    """Returns whether the unit or tower at `i` stands next to a wall."""
    return side[i] is not None and _covered(side, i)


def cover_map(side: list[Slot | None]) -> list[bool]:
    """Returns, per space, whether the card there is in cover."""
    walls = [s is not None and s.card in _WALL for s in side]
    return [side[i] is not None and not walls[i]
            and ((i > 0 and walls[i - 1]) or (i < SPACES - 1 and walls[i + 1]))
            for i in range(SPACES)]


def is_ready(slot: Slot) -> bool:
    """Returns whether a card may attack now (arrived or bolted, attacks left)."""
    info = CARDS[slot.card]
    return (info.kind in ("unit", "tower") and (not slot.arriving or slot.bolt)
            and slot.used < info.attacks)


def base_open(state: State, seat: int) -> bool:
    """Returns whether `seat`'s base may be attacked: lock gone and no arrived card in front."""
    if state.lock > 0:
        return False
    return all(s is None or s.arriving for s in state.players[seat].side)


# -- the deal -----------------------------------------------------------------------------------

def new_state(seed: int, *, strike_back: bool) -> State:
    """Shuffles both decks, draws the first player, deals six each and starts the first turn."""
    rng = Rng(seed)
    players = []
    for colour in COLOURS:
        deck = list(DECKS[colour][1])
        rng.shuffle(deck)
        players.append(Player(deck=deck))
    first = rng.below(2)
    state = State(rng, players, first, first, strike_back=strike_back)
    for p in state.players:
        for _ in range(HAND_SIZE):
            p.hand.append(p.deck.pop())
    t = Turn(state)
    t.say(Text("{player} begins.", player=_who(first)))
    start_turn(state, first, t)
    return state


# -- legal actions ------------------------------------------------------------------------------

_PLAY = {cid: tuple(A.play(cid, i) for i in range(SPACES)) for cid, c in CARDS.items()
         if c.kind != "spell"}
_MOVE = [[A.move(i, j) for j in range(SPACES)] for i in range(SPACES)]
_ATTACK_BASE = [A.attack(i, A.BASE) for i in range(SPACES)]
_BOLT = [A.bolt(i) for i in range(SPACES)]
_BIT = tuple(1 << i for i in range(SPACES))
_FULL = (1 << SPACES) - 1

_PLAY_MASK = {cid: tuple(tuple(row[i] for i in range(SPACES) if mask >> i & 1)
                         for mask in range(_FULL + 1))
              for cid, row in _PLAY.items()}
"""Per card and mask of allowed spaces: the play actions, ready-made."""
_MOVE_MASK = [[tuple(_MOVE[i][j] for i in range(SPACES) if occ >> i & 1
                     for j in range(SPACES) if free >> j & 1 and j != i)
               for occ in range(_FULL + 1)] for free in range(_FULL + 1)]
"""Per mask of free spaces and mask of free occupied spaces: the move actions, ready-made."""
_ATTACK_MASK = [tuple(tuple(A.attack(i, j) for j in range(SPACES) if mask >> j & 1)
                      for mask in range(_FULL + 1)) for i in range(SPACES)]
"""Per attacking space and mask of target spaces: the attack actions, ready-made."""

_GROUPS = 7
_GROUP = {cid: 6 if c.kind == "wall" else (3 if c.kind == "tower" else 0) + CLASSES.index(c.cls)
          for cid, c in CARDS.items() if c.kind != "spell"}
"""Cards on a side fall into groups that attacks cannot tell apart: units of each class (0-2),
towers of each class (3-5) and walls (6)."""
_HIT_GROUPS = {a: tuple(sorted({_GROUP[b] for b in _GROUP if _HITS[a, b]})) for a in _GROUP}
"""Per card on a side: the groups it may attack."""

FoeMasks = tuple[list[int], int, int, int, int, int, dict[str, int]]
"""An enemy side's group masks, arrived, walls, units, occupied and covered masks, and per
attacking card the mask of its targets there (filled as attackers ask)."""
SideMasks = tuple[int, int, int]
"""A side's masks of occupied spaces, units, and cards in cover."""
Attacker = tuple[int, str]
"""A card that may attack now: its space and card id."""


def _foe_groups(side: list[Slot | None]) -> tuple[list[int], int]:
    """Returns the masks of an enemy side's card groups and of its arrived cards."""
    groups = [0] * _GROUPS
    arrived = 0
    for j, t in enumerate(side):
        if t is not None:
            groups[_GROUP[t.card]] |= _BIT[j]
            if not t.arriving:
                arrived |= _BIT[j]
    return groups, arrived


class _FoeMemo:
    """The last enemy side seen by `legal`: its turn, its slots (as a tuple) and its `FoeMasks`."""

    __slots__ = ("turn", "key", "masks")

    def __init__(self) -> None:
        self.turn = -1
        self.key: tuple[Slot | None, ...] = ()
        self.masks: FoeMasks = ([], 0, 0, 0, 0, 0, {})


_foe_memo = _FoeMemo()


def _foe_masks(turn: int, side: list[Slot | None]) -> FoeMasks:
    """Returns the `FoeMasks` of an enemy side, reusing the last result within a turn.

    Within one turn the engine never changes an enemy slot's card or arrival in place (only its
    own turn start and its own attacks do), and a changed side holds other slot objects; slots
    that are other objects compare by value, so a hit is always the same answer."""
    key = tuple(side)
    memo = _foe_memo
    if memo.turn == turn and memo.key == key:
        return memo.masks
    groups, arrived = _foe_groups(side)
    fwalls = groups[6]
    funits = groups[0] | groups[1] | groups[2]
    foccupied = funits | groups[3] | groups[4] | groups[5] | fwalls
    fcovered = foccupied & ~fwalls & ((fwalls << 1) | (fwalls >> 1))
    masks: FoeMasks = (groups, arrived, fwalls, funits, foccupied, fcovered, {})
    memo.turn, memo.key, memo.masks = turn, key, masks
    return masks


def _own_side(side: list[Slot | None]) -> tuple[int, int, int, list[A.Bolt], list[Attacker]]:
    """Returns the own side's occupied, wall and unit masks, its bolts and its attackers."""
    occupied = walls = units = 0
    bolts: list[A.Bolt] = []
    attackers: list[Attacker] = []
    for i, s in enumerate(side):
        if s is None:
            continue
        bit = _BIT[i]
        occupied |= bit
        card = s.card
        if card in _WALL:
            walls |= bit
            continue
        if card in _UNIT:
            units |= bit
        if s.arriving and not s.bolt:
            if s.new and card in _UNIT:
                bolts.append(_BOLT[i])
        elif s.used < _ATTACKS[card]:
            attackers.append((i, card))
    return occupied, walls, units, bolts, attackers


@lru_cache(maxsize=1 << 14)
def _plays(hand: tuple[str, ...], occupied: int) -> tuple[tuple[A.Play, ...], tuple[str, ...]]:
    """Returns the plays of a hand's cards onto a side and the spells in the hand (sorted)."""
    spaces = (_FULL & ~occupied) or _FULL
    plays: list[A.Play] = []
    spells: list[str] = []
    for card in sorted(set(hand)):
        row = _PLAY_MASK.get(card)
        if row is None:
            spells.append(card)
        else:
            plays += row[spaces]
    return tuple(plays), tuple(spells)


def _targets_of(card: str, foe: FoeMasks) -> int:
    """Returns the mask of enemy spaces `card` may attack (arrived, not in cover, hit by it)."""
    groups, arrived, _, _, _, fcovered, known = foe
    hit = 0
    for g in _HIT_GROUPS[card]:
        hit |= groups[g]
    known[card] = mask = hit & arrived & ~fcovered
    return mask


def _attacks(out: list[A.Action], attackers: list[Attacker], foe: FoeMasks, base: bool) -> None:
    """Adds every attack of `attackers` on the enemy side (and base, when open) to `out`."""
    known = foe[6]
    base = base and not foe[1]
    for i, card in attackers:
        mask = known.get(card)
        if mask is None:
            mask = _targets_of(card, foe)
        out += _ATTACK_MASK[i][mask]
        if base and card in _UNIT:
            out.append(_ATTACK_BASE[i])


def legal(state: State, seat: int) -> list[A.Action]:
    """Returns the legal actions of `seat`, in a fixed order."""
    if state.winner is not None or seat != state.current:
        return []
    if state.steps >= TURN_STEP_CAP:
        return [A.UNDO, A.END] if may_undo(state) else [A.END]
    me = state.players[seat]
    occupied, walls, units, bolts, attackers = _own_side(me.side)
    covered = occupied & ~walls & ((walls << 1) | (walls >> 1))  # next to a wall
    out: list[A.Action] = []
    spells: tuple[str, ...] = ()
    if state.actions > 0:
        plays, spells = _plays(tuple(me.hand), occupied)
        out += plays
    if spells or attackers:
        foe = _foe_masks(state.turn, state.players[1 - seat].side)
        if spells:
            mine, theirs = (occupied, units, covered), (foe[4], foe[3], foe[5])
            masks = (mine, theirs) if seat == 0 else (theirs, mine)
            for spell in spells:
                out += _spell_actions(spell, seat, masks)
    if state.actions > 0:
        out += bolts
        if state.actions >= 2 and me.deck:
            out.append(A.DRAW)
    if attackers:
        _attacks(out, attackers, foe, state.lock <= 0)
    free = _FULL & ~covered
    out += _MOVE_MASK[free][occupied & free]
    if may_undo(state):
        out.append(A.UNDO)
    out.append(A.END)
    return out


@cache
def _targets(spell: str, seat: int, mask: int) -> tuple[A.Cast, ...]:
    return tuple(A.cast(spell, (seat, j)) for j in range(SPACES) if mask >> j & 1)


@cache
def _bribes(mine: int, theirs: int, empty: int) -> tuple[A.Cast, ...]:
    out: list[A.Cast] = []
    for i in range(SPACES):
        if mine >> i & 1:
            dests = [d for d in range(SPACES) if d == i or empty >> d & 1]
            for j in range(SPACES):
                if theirs >> j & 1:
                    out.extend(A.cast("bribery", (i, j, d)) for d in dests)
    return tuple(out)


_WISDOM = (A.cast("wisdom", (0,)), A.cast("wisdom", (1,)))
_SPY = (A.cast("spy"),)
_FIRE = (A.cast("fire-rain"),)


def _spell_actions(spell: str, seat: int, masks: tuple[SideMasks, SideMasks]) -> tuple[A.Cast, ...]:
    """Returns the casts of `spell` by `seat`, given both sides' masks (seat 0 first)."""
    if spell == "wisdom":
        return _WISDOM
    if spell == "spy":
        return _SPY
    if spell == "fire-rain":
        return _FIRE
    (occ0, units0, cover0), (occ1, units1, cover1) = masks
    if spell == "recall":
        return _targets(spell, 0, units0 & ~cover0) + _targets(spell, 1, units1 & ~cover1)
    if spell == "poison":
        return _targets(spell, 0, units0) + _targets(spell, 1, units1)
    if spell == "catapult":
        return _targets(spell, 0, occ0 & ~units0) + _targets(spell, 1, occ1 & ~units1)
    if spell == "bribery":
        (occ, units, _), (_, foe_units, foe_cover) = masks[seat], masks[1 - seat]
        return _bribes(units, foe_units & ~foe_cover, _FULL & ~occ)
    return ()


# -- legality without listing -------------------------------------------------------------------

def is_legal(state: State, seat: int, action: A.Action) -> bool:
    """Returns whether `action` is in `legal(state, seat)`, without listing them all."""
    if state.winner is not None or seat != state.current:
        return False
    if type(action) is A.Simple:
        return _simple_ok(state, seat, action.name)
    if state.steps >= TURN_STEP_CAP:
        return False
    if type(action) is A.Move:
        return _move_ok(state.players[seat].side, action)
    if type(action) is A.Attack:
        return _attack_ok(state, seat, action)
    if state.actions <= 0:
        return False
    if type(action) is A.Play:
        return _play_ok(state.players[seat], action)
    if type(action) is A.Cast:
        return action.spell in state.players[seat].hand and _cast_ok(state, seat, action)
    if type(action) is A.Bolt:
        s = state.players[seat].side[action.space]
        return (s is not None and s.new and s.arriving and not s.bolt and s.card in _UNIT)
    return False


def may_undo(state: State) -> bool:
    """Returns whether Undo is offered: an action since the last draw or reveal, undos left."""
    return bool(state.undo_log) and state.undos < UNDO_CAP


def _simple_ok(state: State, seat: int, name: str) -> bool:
    if name == "end":
        return True
    if name == "undo":
        return may_undo(state)
    return (name == "draw" and state.steps < TURN_STEP_CAP and state.actions >= 2
            and bool(state.players[seat].deck))


def _move_ok(side: list[Slot | None], action: A.Move) -> bool:
    i, j = action.space, action.target
    return (i != j and side[i] is not None and not _covered(side, i)
            and (side[j] is None or not _covered(side, j)))


def _attack_ok(state: State, seat: int, action: A.Attack) -> bool:
    i, j = action.space, action.target
    s = state.players[seat].side[i]
    if s is None or (s.arriving and not s.bolt) or s.used >= _ATTACKS[s.card]:
        return False
    if j == A.BASE:
        return s.card in _UNIT and base_open(state, 1 - seat)
    foe = state.players[1 - seat].side
    t = foe[j]
    return t is not None and not t.arriving and _HITS[s.card, t.card] and not _covered(foe, j)


def _play_ok(me: Player, action: A.Play) -> bool:
    if action.card not in me.hand or action.card not in _PLAY:
        return False
    side = me.side
    return side[action.space] is None or all(x is not None for x in side)


def _cast_ok(state: State, seat: int, action: A.Cast) -> bool:
    """Returns whether a spell's targets are legal (the spell being in hand)."""
    spell, args = action.spell, action.args
    if spell in ("spy", "fire-rain"):
        return True
    if spell == "wisdom":
        return True  # decode only reads seats 0 and 1
    if spell == "bribery":
        mine, theirs, dest = args
        me, foe = state.players[seat].side, state.players[1 - seat].side
        m, t = me[mine], foe[theirs]
        return (m is not None and m.card in _UNIT and t is not None and t.card in _UNIT
                and not _covered(foe, theirs) and (dest == mine or me[dest] is None))
    side = state.players[args[0]].side
    s = side[args[1]]
    if s is None:
        return False
    if spell == "catapult":
        return s.card not in _UNIT
    return s.card in _UNIT and (spell == "poison" or not _covered(side, args[1]))


# -- applying -----------------------------------------------------------------------------------

_event = lru_cache(maxsize=4096)(Event)
"""Returns the Event for a text and audience; events are immutable, so repeats share one."""


class Turn:
    """Collects the events of one applied action and keeps the public ones in `state.recent`."""

    __slots__ = ("state", "events")

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def say(self, text: str, audience: tuple[int, ...] | None = None) -> None:
        self.events.append(_event(text, audience))
        if audience is None:
            recent = self.state.recent
            recent.append(text)
            if len(recent) > RECENT:
                del recent[0]


class Replay(Turn):
    """A `Turn` for undo's replay: it only keeps `state.recent` (nobody reads the events)."""

    __slots__ = ()

    def say(self, text: str, audience: tuple[int, ...] | None = None) -> None:
        if audience is None:
            recent = self.state.recent
            recent.append(text)
            if len(recent) > RECENT:
                del recent[0]


_WHO = ("{p0}", "{p1}")


def _who(seat: int) -> str:
    return _WHO[seat]


def draw(state: State, seat: int, n: int, t: Turn) -> int:
    """Draws up to `n` cards for `seat` (fewer when the deck runs short); returns how many."""
    p = state.players[seat]
    got = []
    for _ in range(n):
        if not p.deck:
            break
        got.append(p.deck.pop())
    p.hand.extend(got)
    if got:
        t.say(Text("You drew {cards}.", cards=join_texts(_TITLE[c] for c in got)), (seat,))
    return len(got)


def set_checkpoint(state: State) -> None:
    """Marks the present as the point undo cannot go past."""
    state.checkpoint = Checkpoint.of(state)
    state.undo_log = []


def _destroy(state: State, seat: int, i: int) -> str:
    p = state.players[seat]
    slot = p.side[i]
    assert slot is not None
    p.side[i] = None
    p.discard.append(slot.card)
    return _NAME[slot.card]


def _hit(state: State, seat: int, i: int) -> bool:
    """Hits the card at `i`; returns True when it is destroyed (Armour takes two hits a turn)."""
    slot = state.players[seat].side[i]
    assert slot is not None
    slot.hits += 1
    if CARDS[slot.card].armoured and slot.hits < 2:
        return False
    _destroy(state, seat, i)
    return True


def start_turn(state: State, seat: int, t: Turn) -> None:
    """Begins `seat`'s turn: arrivals, attacks reset, the draw (or the loss) and the actions."""
    state.current = seat
    for slot in state.players[seat].side:
        if slot is not None:
            slot.arriving = False
            slot.bolt = False
            slot.used = 0
            slot.new = False
    state.players[seat].spied = []
    state.steps = 0
    state.undos = 0
    state.actions = 4 if state.turn == 2 else 3
    if not state.players[seat].deck:
        state.winner = 1 - seat
        state.reason = "deck"
        t.say(Text("{player} cannot draw a card and loses.", player=_who(seat)))
        state.checkpoint = None
        state.undo_log = []
        return
    draw(state, seat, 1, t)
    set_checkpoint(state)


def end_turn(state: State, t: Turn) -> None:
    """Heals armour, clears base marks and passes the turn (a new round counts the lock down)."""
    seat = state.current
    for p in state.players:
        p.marks = []
        for slot in p.side:
            if slot is not None:
                slot.hits = 0
    nxt = 1 - seat
    state.turn += 1
    if nxt == state.first:
        state.round += 1
        state.lock = max(0, state.lock - 1)
    start_turn(state, nxt, t)


def perform(state: State, seat: int, action: A.Action, t: Turn) -> None:
    """Applies a legal action in place (undo included), recording it for undo."""
    if type(action) is A.Simple:
        _simple(state, seat, action.name, t)
        return
    state.steps += 1
    stop = False
    if type(action) is A.Move:
        side = state.players[seat].side
        side[action.space], side[action.target] = side[action.target], side[action.space]
    elif type(action) is A.Attack:
        _attack(state, seat, action, t)
    elif type(action) is A.Play:
        stop = _play(state, seat, action, t)
    elif type(action) is A.Bolt:
        _bolt(state, seat, action, t)
    elif type(action) is A.Cast:
        stop = _cast(state, seat, action, t)
    if not stop and state.winner is None:
        state.undo_log.append(action)


def _simple(state: State, seat: int, name: str, t: Turn) -> None:
    """Applies End turn, the 2-action draw or Undo."""
    if name == "end":
        t.say(Text("{player} ended the turn.", player=_who(seat)))
        end_turn(state, t)
        return
    if name == "draw":
        state.actions -= 2
        state.steps += 1
        t.say(Text("{player} spent 2 actions to draw a card.", player=_who(seat)))
        draw(state, seat, 1, t)
        set_checkpoint(state)
    else:
        undo(state, seat, t)


def undo(state: State, seat: int, t: Turn) -> None:
    """Rebuilds the turn from the checkpoint with every action but the last, which gives back
    everything that action used (its step, actions, cards); the undo itself is counted."""
    assert state.checkpoint is not None and state.undo_log
    done = state.undo_log[:-1]
    steps = state.steps
    state.restore(state.checkpoint)
    state.undo_log = []
    replay = Replay(state)
    for action in done:
        perform(state, seat, action, replay)
    state.steps = steps - 1
    state.undos += 1
    t.say(Text("{player} took back an action.", player=_who(seat)))


def _bolt(state: State, seat: int, action: A.Bolt, t: Turn) -> None:
    slot = state.players[seat].side[action.space]
    assert slot is not None
    slot.bolt = True
    state.actions -= 1
    t.say(Text("{player} ignited {card} (space {space}).", player=_who(seat), card=_NAME[slot.card],
               space=action.space + 1))


def _attack(state: State, seat: int, action: A.Attack, t: Turn) -> None:
    me, foe = state.players[seat], state.players[1 - seat]
    slot = me.side[action.space]
    assert slot is not None
    slot.used += 1
    slot.arriving = False
    if action.target == A.BASE:
        _hit_base(state, seat, slot.card, t)
        return
    target = foe.side[action.target]
    assert target is not None
    name, tname = _NAME[slot.card], _NAME[target.card]
    back = (state.strike_back and target.card in _UNIT and _HITS[target.card, slot.card]
            and not in_cover(me.side, action.space))
    killed = _hit(state, 1 - seat, action.target)
    t.say(Text("{card} destroyed {target}.", card=name, target=tname) if killed else
          Text("{card} hit {target}.", card=name, target=tname))
    if back:
        died = _hit(state, seat, action.space)
        t.say(Text("{target} struck back and destroyed {card}.", card=name, target=tname) if died
              else Text("{target} struck back and hit {card}.", card=name, target=tname))


def _hit_base(state: State, seat: int, card: str, t: Turn) -> None:
    """Marks the unit's class on the enemy base; the third class breaks it and wins."""
    foe = state.players[1 - seat]
    cls = _UNIT_CLASS[card]
    if cls not in foe.marks:
        foe.marks.append(cls)
        foe.marks.sort(key=CLASSES.index)
    t.say(Text("{card} hit {player}'s base ({marks}/3).", card=_NAME[card], player=_who(1 - seat),
               marks=len(foe.marks)))
    if len(foe.marks) == 3:
        state.winner = seat
        state.reason = "base"
        t.say(Text("{loser}'s base falls. {player} wins!", loser=_who(1 - seat), player=_who(seat)))
        state.checkpoint = None
        state.undo_log = []


def _play(state: State, seat: int, action: A.Play, t: Turn) -> bool:
    """Plays a card; returns True when it drew (a checkpoint)."""
    p = state.players[seat]
    card = action.card
    p.hand.remove(card)
    state.actions -= 1
    old = p.side[action.space]
    if old is not None:
        p.discard.append(old.card)
        t.say(Text("{player} banished {card}.", player=_who(seat), card=_NAME[old.card]))
    p.side[action.space] = Slot(card, True, card in _INSTANT, 0, 0, True)
    t.say(Text("{player} played {card} on space {space}.", player=_who(seat), card=_TITLE[card],
               space=action.space + 1))
    if card in _DRAW2:
        draw(state, seat, 2, t)
        set_checkpoint(state)
        return True
    return False


def _cast(state: State, seat: int, action: A.Cast, t: Turn) -> bool:
    """Casts a spell, which then goes to the discard pile; returns True when the action was a
    checkpoint or ended the turn."""
    me = state.players[seat]
    me.hand.remove(action.spell)
    state.actions -= 1
    if action.spell == "fire-rain":
        me.discard.append(action.spell)
    stop = _SPELLS[action.spell](state, seat, action.args, t)
    if action.spell != "fire-rain":
        me.discard.append(action.spell)
        if stop and state.checkpoint is not None and not state.undo_log:
            set_checkpoint(state)  # the effect's checkpoint must hold the spell in the discard
    return stop


def _wisdom(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    n = draw(state, args[0], 3, t)
    t.say(plural("{player} cast Wisdom: {target} drew {n} card.",
                 "{player} cast Wisdom: {target} drew {n} cards.", n, player=_who(seat),
                 target=_who(args[0])))
    set_checkpoint(state)
    return True


def _recall(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    side_seat, j = args
    owner = state.players[side_seat]
    slot = owner.side[j]
    assert slot is not None
    owner.side[j] = None
    owner.hand.append(slot.card)
    t.say(Text("{player} cast Recall: {card} went back to {owner}'s hand.", player=_who(seat),
               card=_NAME[slot.card], owner=_who(side_seat)))
    draw(state, seat, 1, t)
    set_checkpoint(state)
    return True


def _poison(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    name = _destroy(state, args[0], args[1])
    t.say(Text("{player} cast Poison: {card} destroyed.", player=_who(seat), card=name))
    return False


def _catapult(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    name = _destroy(state, args[0], args[1])
    t.say(Text("{player} cast Catapult: {card} destroyed.", player=_who(seat), card=name))
    return False


def _bribery(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    mine, theirs, dest = args
    foe = state.players[1 - seat]
    lost = _destroy(state, seat, mine)
    slot = foe.side[theirs]
    assert slot is not None
    foe.side[theirs] = None
    state.players[seat].side[dest] = Slot(slot.card, True, slot.card in _INSTANT, 0, 0, True)
    t.say(Text("{player} cast Bribery: sacrificed {lost} and took {card}.", player=_who(seat),
               lost=lost, card=_NAME[slot.card]))
    return False


def _spy(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    me, foe = state.players[seat], state.players[1 - seat]
    me.spied = foe.deck[-3:][::-1]
    t.say(Text("{player} cast Spy on {other}'s deck.", player=_who(seat), other=_who(1 - seat)))
    seen = join_texts(_TITLE[c] for c in me.spied) if me.spied else Text("nothing")
    t.say(Text("Spy: the top of {other}'s deck is {cards}.", other=_who(1 - seat), cards=seen),
          (seat,))
    set_checkpoint(state)
    return True


def _fire_rain(state: State, seat: int, args: tuple[int, ...], t: Turn) -> bool:
    n = 0
    for s in (seat, 1 - seat):
        side = state.players[s].side
        for i, slot in enumerate(side):
            if slot is not None and slot.card in _UNIT:
                _destroy(state, s, i)
                n += 1
    t.say(plural("{player} cast Fire Rain: {n} unit died. The turn ends.",
                 "{player} cast Fire Rain: {n} units died. The turn ends.", n, player=_who(seat)))
    end_turn(state, t)
    return True


_SPELLS = {
    "wisdom": _wisdom, "recall": _recall, "poison": _poison, "catapult": _catapult,
    "bribery": _bribery, "spy": _spy, "fire-rain": _fire_rain,
}
"""Per spell: its effect, returning True when the cast was a checkpoint or ended the turn."""
