"""What one seat may see of a Drachenherz game: the view, its text board, the reshuffle of
everything hidden from a seat (which proves the view leaks nothing), and the sample of the hidden
cards drawn from a seat's view alone (which the hard computer player searches on)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import HostTermination, View, header
from games.drachenherz import state as st
from games.drachenherz.cards import (
    CARD_TYPE,
    CARD_VALUE,
    DEPARTURES_TO_END,
    N_CARDS,
    SHIP,
    SLOTS,
    TYPE_INDEX,
    TYPE_KEYS,
    TYPE_NAMES,
    card_json,
    name_of,
)
from games.drachenherz.rules import SORT, final_score, result, to_play
from games.drachenherz.state import DhState, copy_state
from games.rng import Rng
from games.text import Text, Translate, english, seat_ref


def view(state: DhState, seat: int | None) -> View:
    """Returns the public board, counts for hidden cards, and the viewer's own hand; who is to
    play, the viewer's seat and the winners are in the header the base class adds."""
    over = state.stage == st.OVER
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
    }


def result_text(view: View) -> str:
    """Returns the sentence of a finished game, with seat placeholders {p0}, {p1}, from the
    scores, the dragon holder and the ending a view shows (the same words as the outcome)."""
    head = header(view)
    if head["termination"] == HostTermination.FORFEIT.value:
        return Text("{player} wins: the other player gave up.", player=seat_ref(head["winners"][0]))
    ending = view["ending"]
    return result([p["score"] for p in view["players"]], view["dragon"], ending["cause"],
                  ending["seat"])[1]


def _card_names(cards: Sequence[dict[str, Any]], tr: Translate) -> str:
    return ", ".join(tr(card_name(TYPE_KEYS.index(c["type"]), c["value"])) for c in cards)


def card_name(kind: int, value: int) -> Text:
    """Returns a card's name with its value ("Dwarf 3"), from a view's type and value."""
    return Text("{card} {value}", card=name_of(TYPE_NAMES[kind]), value=value)


_DOING = {"play": Text("{player} to play."), "princess": Text("{player} to choose (princess)."),
          "hero": Text("{player} to choose (heroes).")}
_DOING_LAST = {"play": Text("{player} to play (last turn)."),
               "princess": Text("{player} to choose (princess) (last turn)."),
               "hero": Text("{player} to choose (heroes) (last turn).")}


def text(view: View, names: Sequence[str], tr: Translate = english) -> str:
    """Returns the board as a few readable lines, in the reader's language."""
    def name(s: int) -> str:
        return names[s] if s < len(names) else tr(Text("Player {number}", number=s + 1))

    def personal(line: str) -> str:
        for s in range(len(view["players"])):
            line = line.replace(seat_ref(s), name(s))
        return line

    head = header(view)
    lines = [_player_line(p, name(p["seat"]), tr) for p in view["players"]]
    spaces = [tr(name_of(sp["name"])) for sp in view["spaces"]]
    width = max(15, *(len(s) + 1 for s in spaces))
    for sp, space in zip(view["spaces"], spaces, strict=True):
        fill = f" {len(sp['cards'])}/{sp['slots']}" if sp["slots"] else ""
        cards = " ".join(map(str, sp["cards"])) or "-"
        lines.append(f"  {space:<{width}}{fill:>5}  {cards}")
    lines.append(tr(Text("Collection area: {cards}",
                         cards=_card_names(view["collection"], tr) or "-")))
    lines.append(tr(Text("Ship departures: {number}/{last}", number=view["departures"],
                         last=view["departures_to_end"])))
    if head["over"]:
        lines.append(personal(tr(Text("Game over. {reason}", reason=result_text(view)))))
    else:
        doing = (_DOING_LAST if view["last_turn"] else _DOING)[view["stage"]]
        lines.append(tr(Text(doing.msgid, player=name(head["to_play"][0]))))
    if view["hand"] is not None:
        lines.append(tr(Text("Your hand: {cards}", cards=_card_names(view["hand"], tr) or "-")))
    return "\n".join(lines)


def _player_line(p: dict[str, Any], name: str, tr: Translate) -> str:
    args = {"player": name, "hand": p["hand"], "deck": p["deck"], "collected": p["collected"]}
    if p["score"] is None:
        line = Text("{player}: hand {hand}, deck {deck}, collected {collected}", **args)
    else:
        line = Text("{player}: hand {hand}, deck {deck}, collected {collected}, score {score}",
                    score=p["score"], **args)
    return tr(line) + (tr(Text(" [dragon]")) if p["dragon"] else "")


def shuffle_hidden(state: DhState, observer: int | None, seed: int) -> DhState:
    """Pools the hands the observer cannot see with both decks, redeals them keeping sizes, and
    reseeds the RNG (future random transfers are hidden too)."""
    new = copy_state(state)
    rng = Rng(seed)
    new.rng = Rng(rng.next64())
    hidden_hands = [s for s in (0, 1) if s != observer]
    pool = [c for s in hidden_hands for c in new.hands[s]] + new.decks[0] + new.decks[1]
    rng.shuffle(pool)
    for s in hidden_hands:
        size = len(new.hands[s])
        new.hands[s] = sorted(pool[:size], key=SORT)
        del pool[:size]
    for s in (0, 1):
        size = len(new.decks[s])
        new.decks[s] = pool[:size]
        del pool[:size]
    return new


def sample_hidden(state: DhState, seat: int, seed: int) -> DhState:
    """Returns a state drawn from `seat`'s view alone: the cards it sees (its hand, the spaces,
    the collection area, the departed ships) get the lowest ids of their type and value, and every
    other card (the other hand, both decks, both face-down score piles) is dealt from the sorted
    rest with `Rng(seed)`, which also reseeds the state's RNG."""
    return from_view(view(state, seat), seat, next(iter(to_play(state)), state.current), seed)


def from_view(seen: View, seat: int, current: int, seed: int) -> DhState:
    """Builds a state that agrees with a seat's view, the hidden cards dealt with `Rng(seed)`."""
    free: dict[tuple[int, int], list[int]] = {}
    for card in range(N_CARDS - 1, -1, -1):
        free.setdefault((CARD_TYPE[card], CARD_VALUE[card]), []).append(card)

    def take(kind: int, value: int) -> int:
        return free[(kind, value)].pop()

    def cards(listed: Sequence[dict[str, Any]]) -> list[int]:
        return [take(TYPE_INDEX[c["type"]], c["value"]) for c in listed]

    hands: list[list[int]] = [[], []]
    hands[seat] = sorted(cards(seen["hand"] or []), key=SORT)
    spaces = [[take(kind, value) for value in sp["cards"]] for kind, sp in enumerate(seen["spaces"])]
    collection = cards(seen["collection"])
    departed = [take(SHIP, 0) for _ in range(3 * seen["departures"])]
    pool = sorted(card for ids in free.values() for card in ids)
    rng = Rng(seed)
    rng.shuffle(pool)
    players = seen["players"]

    def deal(n: int) -> list[int]:
        dealt = pool[:n]
        del pool[:n]
        return dealt

    other = 1 - seat
    hands[other] = sorted(deal(players[other]["hand"]), key=SORT)
    decks = [deal(players[s]["deck"]) for s in (0, 1)]
    piles = [deal(players[s]["collected"]) for s in (0, 1)]
    ending = seen["ending"]
    return DhState(
        rng=Rng(rng.next64()), first=seen["first"], current=current, turn=seen["turn"],
        stage=seen["stage"], hands=hands, decks=decks, piles=piles, spaces=spaces,
        collection=collection, departed=departed, departures=seen["departures"],
        dragon=seen["dragon"],
        last_turn=None if ending is None else seen["turn"] + ending["turns_left"],
        end_cause=None if ending is None else ending["cause"],
        end_seat=None if ending is None else ending["seat"])
