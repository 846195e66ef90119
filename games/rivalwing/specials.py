"""Special cards (R9): played from the hand into an empty special slot, or removed, by any
conscious player whenever the engine waits for input, except under the Chaos lock."""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from operator import itemgetter

from games.core import Event
from games.rivalwing.actions import Act, listed
from games.rivalwing.build import (
    SPECIAL,
    SPECIAL_FLAG,
    HandInfo,
    entry_label,
    hand_info,
    prune_build,
    take,
)
from games.rivalwing.cards import KIND_OF, KINDS, SPECIAL_IDS, kind_name, kind_of, name_of
from games.rivalwing.defense import drop_picks, picks
from games.rivalwing.state import RWState, discard_cards, draw_to, entry_net
from games.text import Text, join_texts, seat_ref

Option = Act
"""A listed action; its label may be None when it follows from the code (`refresh_label`)."""


def special_options(state: RWState, seat: int, out: list[Option],
                    info: HandInfo | None = None) -> None:
    """Appends the specials `seat` may play or remove now (`info`: its hand's, if known)."""
    if state.phase in ("over", "resolving") or state.chaos_lock:
        return
    dragon = state.dragons[seat]
    if not dragon["conscious"]:
        return
    specials = dragon["specials"]
    empty = specials.count(None)
    if empty and (info.flags & SPECIAL_FLAG if info is not None
                  else not SPECIAL_IDS.isdisjoint(state.hands[seat])):
        info = info or hand_info(state, seat)
        out.extend(info.special_plays)
        if info.has_regen:
            name = kind_name("regen")
            for key, place in dragon["loc"].items():
                if place["breached"]:
                    continue
                for e in place["entries"]:
                    out.append(listed(f"sp:regen:{e['id']}", (SPECIAL, name, Text(
                        "remove {entry}", entry=entry_label(key, e["card"], e["amount"],
                                                             entry_net(e), e["id"])))))
            if "W" in dragon["loc"] and dragon["loc"]["W"]["breached"]:
                out.append(listed("sp:regen:W", (SPECIAL, name, Text("restore your Wings"))))
    if empty == len(specials):
        return
    several = len(specials) > 1
    for i, card in enumerate(specials):
        if card is None:
            continue
        kind = KIND_OF[card]
        if kind == "innate":
            slots = dragon["slots"]
            filled = [j for j, (c, _) in enumerate(slots) if c is not None]
            if len(filled) > len(slots) - 1:
                name = _remove_name(i, kind, several)
                for j in filled:
                    out.append(listed(f"rm:{i}:{j}", (SPECIAL, name, Text(
                        "and slotted {card} (slot {slot})", card=name_of(slots[j][0]),
                        slot=j + 1))))
                continue
        out.append(_remove_option(i, kind, several))


@lru_cache(maxsize=1024)
def _remove_option(i: int, kind: str, several: bool) -> Option:
    """Returns the option that discards the special of `kind` from special slot i."""
    return listed(f"rm:{i}", (SPECIAL, _remove_name(i, kind, several)))


def _remove_name(i: int, kind: str, several: bool) -> str:
    """Returns the menu name of discarding the special of `kind` from special slot i."""
    if several:
        return Text("Discard {card} (special slot {slot})", card=kind_name(kind), slot=i + 1)
    return Text("Discard {card}", card=kind_name(kind))


def refresh_options(counts: tuple[tuple[str, int], ...]) -> list[Option]:
    """Returns the Refresh options for a hand: every sub-multiset of the other cards to discard.

    Their labels are left None (they follow from the code; see `refresh_label`)."""
    pieces = [_REFRESH_PIECES[k][:n + 1 - (k == "refresh")] for k, n in counts]
    chosen = product(*pieces)
    next(chosen)  # the first choice discards nothing: keep your hand
    codes = map(_REFRESH_PREFIX.__add__, map(_after_first, map("".join, chosen)))
    return [_KEEP, *map(Act, codes)]


def refresh_label(code: str) -> tuple[str, ...]:
    """Returns the label of a Refresh code such as `sp:refresh:claw.F+claw.F`."""
    kinds = code.split(":")[2:]
    if not kinds:
        return _KEEP_LABEL
    return (SPECIAL, kind_name("refresh"),
            Text("discard {cards}", cards=join_texts(kind_name(k) for k in kinds[0].split("+"))))


_REFRESH_PIECES = {k: tuple(("+" + k) * m for m in range(2 * v["count"] + 1))
                   for k, v in KINDS.items()}
"""Per kind, the code pieces that discard 0, 1, 2, ... copies of it (each starting with '+')."""
_REFRESH_PREFIX = "sp:refresh:"
_after_first = itemgetter(slice(1, None))
"""Drops the leading '+' of a joined choice (all in C, as Refresh lists up to 64 choices)."""
_KEEP_LABEL = (SPECIAL, kind_name("refresh"), Text("keep your hand"))
_KEEP: Option = listed("sp:refresh", _KEEP_LABEL)


def _drop_innate_slot(state: RWState, seat: int, discard: int | None) -> None:
    """Removing Innate Magic drops the last empty magic slot, after discarding the card of slot
    `discard` when every slot was full. Discarding a card picked in the seat's open window drops
    the picks; the slot numbers of the others follow the slots."""
    slots = state.dragons[seat]["slots"]
    if discard is not None:
        if any(pl[2] == "s" and pl[3] == discard and pl[1] is not None
               for pl in picks(state, seat)):
            drop_picks(state, seat)
        discard_cards(state, [slots[discard][0]])
        slots[discard] = [None, 0]
    for j in range(len(slots) - 1, -1, -1):
        if slots[j][0] is None:
            del slots[j]
            for pl in picks(state, seat):
                if pl[2] == "s" and pl[3] > j:
                    pl[3] -= 1
            break


def apply_special(state: RWState, seat: int, parts: list[str], events: list[Event]) -> None:
    """Plays or removes a special card."""
    dragon = state.dragons[seat]
    specials = dragon["specials"]
    if parts[0] == "rm":
        i = int(parts[1])
        card = specials[i]
        assert card is not None, "only a filled special slot is listed"
        specials[i] = None
        discard_cards(state, [card])
        if kind_of(card) == "innate":
            _drop_innate_slot(state, seat, int(parts[2]) if len(parts) > 2 else None)
        events.append(Event(Text("{player} discards {card} from a special slot.",
                                 player=seat_ref(seat), card=name_of(card))))
        prune_build(state)
        return
    kind = parts[1]
    card = take(state, seat, kind)
    i = specials.index(None)
    specials[i] = card
    events.append(Event(Text("{player} plays {card}.", player=seat_ref(seat), card=kind_name(kind))))
    if kind == "innate":
        dragon["slots"].append([None, 0])
    elif kind == "refresh":
        if any(pl[2] == "h" and pl[1] is not None for pl in picks(state, seat)):
            drop_picks(state, seat)  # it may throw a picked card away
        thrown = [take(state, seat, k) for k in parts[2].split("+")] if len(parts) > 2 else []
        discard_cards(state, thrown)
        drawn = draw_to(state, seat)
        specials[i] = None
        discard_cards(state, [card])
        events.append(Event(Text("{player} discards {thrown} and draws {drawn}.",
                                 player=seat_ref(seat), thrown=len(thrown), drawn=drawn)))
    elif kind == "regen":
        from games.rivalwing.resolve import remove_entry
        if parts[2] == "W":
            place = dragon["loc"]["W"]
            discard_cards(state, place["pile"])
            place["entries"], place["banked"], place["pile"] = [], [], []
            place["breached"] = False
            events.append(Event(Text("{player}'s Wings are restored.", player=seat_ref(seat))))
        else:
            text = remove_entry(state, seat, int(parts[2]))
            events.append(Event(Text("{player} regenerates: {effect}.", player=seat_ref(seat),
                                     effect=text)))
        specials[i] = None
        discard_cards(state, [card])
    prune_build(state)
