"""What a Drakones seat may see: the view, the text board, the reshuffle of hidden cards, and the
sample of the hidden cards drawn from a seat's view alone (for the hard computer player).

Who is to play, who won and why live in the view's header (built by `games.core.Game.view`);
the rest of the view is the board: both sides, bases, counters and the viewer's own hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.core import View, header
from games.drakones import rules
from games.drakones.cards import CARDS, COLOURS, DECKS, dk_term
from games.drakones.state import Checkpoint, Player, Slot, State
from games.rng import Rng
from games.text import Text, Translate, english, join_texts, plural

CardView = dict[str, Any]
"""One card on a side as the view shows it (JSON-ready)."""


def _card(state: State, seat: int, side: list[Slot | None], i: int, slot: Slot) -> CardView:
    info = CARDS[slot.card]
    return {
        "card": slot.card, "name": info.name, "kind": info.kind, "class": info.cls,
        "weapon": info.weapon, "ability": info.ability, "arriving": slot.arriving,
        "bolt": slot.bolt, "new": slot.new, "used": slot.used, "hits": slot.hits,
        "cover": rules.in_cover(side, i),
        "ready": seat == state.current and rules.is_ready(slot),
    }


def _player(state: State, seat: int, p: Player) -> dict[str, Any]:
    side: list[CardView | None] = [None if slot is None else _card(state, seat, p.side, i, slot)
                                   for i, slot in enumerate(p.side)]
    return {
        "seat": seat, "colour": DECKS[COLOURS[seat]][0], "base": seat + 1,
        "deck": len(p.deck), "hand": len(p.hand), "discard": list(p.discard),
        "side": side, "marks": list(p.marks),
        "open": state.winner is None and rules.base_open(state, seat),
        "fallen": state.reason == "base" and state.winner == 1 - seat,
    }


def view(state: State, seat: int | None) -> View:
    """Returns the board as `seat` sees it (None = a spectator): no other hand, no deck order."""
    mine = state.players[seat] if seat is not None else None
    return {
        "players": [_player(state, s, p) for s, p in enumerate(state.players)],
        "first": state.first, "turn": state.turn, "round": state.round, "lock": state.lock,
        "actions": state.actions, "strike_back": state.strike_back,
        "can_undo": state.winner is None and rules.may_undo(state),
        "steps_left": max(0, rules.TURN_STEP_CAP - state.steps),
        "recent": list(state.recent),
        "hand": sorted(mine.hand) if mine is not None else None,
        "spied": list(mine.spied) if mine is not None else None,
    }


def shuffle_hidden(state: State, observer: int | None, seed: int) -> State:
    """Returns a copy with both decks and every hand but the observer's dealt anew from one pool."""
    copy = state.clone()
    rng = Rng(seed)
    pool: list[str] = []
    sizes: list[tuple[int, int]] = []
    for s, p in enumerate(copy.players):
        hidden_hand = s != observer
        sizes.append((len(p.hand) if hidden_hand else 0, len(p.deck)))
        if hidden_hand:
            pool.extend(p.hand)
        pool.extend(p.deck)
    rng.shuffle(pool)
    k = 0
    for (nh, nd), p in zip(sizes, copy.players, strict=True):
        if nh:
            p.hand = pool[k:k + nh]
            k += nh
        p.deck = pool[k:k + nd]
        k += nd
    return copy


_ALL_CARDS = Counter(card for colour in COLOURS for card in DECKS[colour][1])
"""Both decks together (they hold the same 67 cards, so a card's deck is never told apart)."""


def sample_hidden(state: State, seat: int, seed: int) -> State:
    """Returns a copy in which the other hand and both decks are dealt afresh from the cards
    `seat`'s view does not show (both decks' cards less its own hand, the sides and the
    discard piles, sorted, then shuffled with `Rng(seed)`); cards the seat spied stay on top of
    the enemy deck, and the RNG is reseeded. The turn's undo checkpoint gets the same hidden cards
    (they cannot change between a checkpoint and now) and the new RNG."""
    other = 1 - seat
    unseen = _ALL_CARDS.copy()
    me = state.players[seat]
    unseen.subtract(me.hand)
    for p in state.players:
        unseen.subtract(p.discard)
        unseen.subtract(slot.card for slot in p.side if slot is not None)
    spied = [c for c in me.spied if unseen[c] > 0]
    unseen.subtract(spied)
    pool = sorted(unseen.elements())
    rng = Rng(seed)
    rng.shuffle(pool)
    sizes = [len(p.deck) for p in state.players]
    hand_size = len(state.players[other].hand)
    if len(pool) + len(spied) != hand_size + sum(sizes):
        raise ValueError(f"expected {hand_size + sum(sizes)} unseen Drakones cards, got "
                         f"{len(pool) + len(spied)}")
    hand = pool[:hand_size]
    del pool[:hand_size]
    decks: list[list[str]] = [[], []]
    decks[other] = pool[:sizes[other] - len(spied)] + spied[::-1]
    decks[seat] = pool[sizes[other] - len(spied):]
    sample = state.clone()
    sample.rng = Rng(rng.next64())
    sample.players[seat].hand = sorted(me.hand)
    sample.players[other].hand = hand
    for s in (0, 1):
        sample.players[s].deck = decks[s]
    if sample.checkpoint is not None:
        sample.checkpoint = _with_hidden(sample.checkpoint, sample, other)
    return sample


def _with_hidden(cp: Checkpoint, sample: State, other: int) -> Checkpoint:
    """Returns the checkpoint with the sample's decks, the other hand and the RNG."""
    players = list(cp.players)
    for s, p in enumerate(players):
        deck, hand, discard, side, marks, spied = p
        if s == other:
            hand = tuple(sample.players[s].hand)
        players[s] = (tuple(sample.players[s].deck), hand, discard, side, marks, spied)
    return cp._replace(rng=sample.rng.state, players=tuple(players))


_ENDINGS = {"base": Text("a base fell"), "deck": Text("a deck ran out"),
            "forfeit": Text("the other player gave up")}
"""How a game ended, as the text board says it (by the termination's value)."""


# -- the text board ---------------------------------------------------------------------------

def _cell(i: int, c: CardView | None, tr: Translate = english) -> str:
    if c is None:
        return f"{i + 1}:."
    flags = (("~" if c["arriving"] else "") + ("*" if c["bolt"] else "")
             + ("#" if c["cover"] else "") + ("!" if c["hits"] else ""))
    return f"{i + 1}:{tr(CARDS[c['card']].title)}{flags}"


def text(board: View, names: Sequence[str], tr: Translate = english) -> str:
    """Returns a few lines for the console and logs: bases, sides, whose turn, hand, last events
    (in the reader's language)."""
    def name(s: int) -> str:
        return names[s] if s < len(names) else tr(Text("Player {number}", number=s + 1))

    head = header(board)
    lines = [tr(Text("Drakones - round {round}, base lock {lock}", round=board["round"],
                     lock=board["lock"]))]
    for p in board["players"]:
        lines.append(_player_line(p, name(p["seat"]), tr))
        lines.append("  " + " | ".join(_cell(i, c, tr) for i, c in enumerate(p["side"])))
    lines.append(tr(Text("  (~ arriving, * bolt, # in cover, ! hit this turn)")))
    if head["over"]:
        ending = str(head["termination"])
        lines.append(tr(Text("Game over: {player} wins ({reason}).", player=name(head["winners"][0]),
                             reason=_ENDINGS.get(ending, ending))))
    elif head["active"] is not None:
        lines.append(tr(plural("{player} to play, {n} action left.",
                               "{player} to play, {n} actions left.", board["actions"],
                               player=name(head["active"]))))
    if board["hand"] is not None:
        lines.append(tr(Text("Hand: {cards}", cards=join_texts(CARDS[c].title
                                                             for c in board["hand"]))))
    for line in board["recent"][-3:]:
        lines.append("  " + tr(line).format(**{f"p{i}": name(i) for i in range(2)}))
    return "\n".join(lines)


def _player_line(p: dict[str, Any], name: str, tr: Translate) -> str:
    marks = "".join(c[0].upper() for c in p["marks"]) or "-"
    line = tr(Text("{player} ({colour}, base {base}): deck {deck}, hand {hand}, discard {discard}, "
                   "base hits {marks}", player=name, colour=dk_term(p["colour"]), base=p["base"],
                   deck=p["deck"], hand=p["hand"], discard=len(p["discard"]), marks=marks))
    return line + (tr(Text(" OPEN")) if p["open"] else "")
