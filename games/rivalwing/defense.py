"""The defense window (R6.2): one defense type, several cards, each assigned step by step.

A window's `plays` list holds `[kind, card id or None, origin, turn, *args]`: origin "h" for the
hand, "s" for a magic slot (with the turn it was placed, to put it back on "Take the hits").
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from games.core import Event
from games.rivalwing.actions import Act, listed
from games.rivalwing.build import take
from games.rivalwing.cards import (
    DEFENSE_CARDS,
    KIND_OF,
    KIND_ORDER,
    LOC_NAME,
    SCALES,
    SIDES,
    kind_name,
    kind_of,
)
from games.rivalwing.resolve import advance, hit_amount, resolve_window
from games.rivalwing.state import (
    RWState,
    discard_cards,
    has_special,
    has_wings,
    is_breached,
    roll,
)

Option = Act
"""A listed action; its label may be None when it follows from the code (Refresh)."""
_CANCEL = {"hurt": "Claw", "jaw": "Bite", "seiz": "Tail"}
_ONCE = ("sharp", "soar", "arch", "gust")
_DONE = listed("dend", ("Done defending",))
_TAKE_THE_HITS = listed("none", ("Take the hits",))


def window_hits(a: dict[str, Any], t: int) -> list[int]:
    """Returns the indices of the uncancelled hits on `t`."""
    return [i for i, h in enumerate(a["hits"]) if h["target"] == t and not h["cancelled"]]


def hit_label(a: dict[str, Any], i: int) -> str:
    """Returns a hit's menu name with its location and damage."""
    h = a["hits"][i]
    return f"#{i + 1} {h['name']} ({LOC_NAME[h['loc']]} {h['base'] + h['mod']})"


def amount13(state: RWState, a: dict[str, Any], i: int, t: int) -> int:
    """Returns hit i's damage against `t` after R6.3 steps 1-3."""
    return hit_amount(state, a["hits"][i], t, rbr=a["rbr"])


def _kind_counts(cards: list[int]) -> defaultdict[str, int]:
    """Counts cards by kind (a missing kind reads 0)."""
    counts: defaultdict[str, int] = defaultdict(int)
    for c in cards:
        counts[KIND_OF[c]] += 1
    return counts


def defense_options(state: RWState, t: int, out: list[Option]) -> None:
    """Appends the defender's legal window steps (always ending with "Take the hits")."""
    a = state.attack
    assert a is not None
    w = a["window"]
    plays = w["plays"]
    typ = w["type"]
    hits = window_hits(a, t)
    wings = has_wings(state, t)
    hand = _kind_counts(state.hands[t])
    slots = _kind_counts([c for c, _ in state.dragons[t]["slots"] if c is not None])
    kinds = sorted({*hand, *slots, *[pl[0] for pl in plays]}, key=KIND_ORDER.__getitem__)
    targeted = {pl[4] for pl in plays if pl[0] in ("hurt", "jaw", "seiz", "wblk", "dust", "deflect")}
    children: dict[int, list[int]] = {}
    for i in hits:
        parent = a["hits"][i]["parent"]
        if parent is not None:
            children.setdefault(parent, []).append(i)
    for pl in plays:
        if pl[0] == "dust":
            targeted.update(children.get(pl[4], []))
    played = {pl[0] for pl in plays}
    for kind in kinds:
        group = "Scales" if kind in SCALES else kind
        if typ is not None and typ != group:
            continue
        if kind in DEFENSE_CARDS and a["dusting"]:
            continue
        name = kind_name(kind)
        if kind in SCALES and hand[kind]:
            side = SCALES[kind]
            if is_breached(state, t, side):
                continue
            for i in hits:
                h = a["hits"][i]
                if h["loc"] != side or h["corrode"]:
                    continue
                used = sum(min(3, x) for x in _scales_absorbs(state, a, i, t, plays))
                if amount13(state, a, i, t) - used >= 1:
                    out.append(listed(f"d:{kind}:{i}",
                                      ("Defend", "Defense Scales", name, hit_label(a, i))))
        elif kind in _CANCEL and hand[kind]:
            for i in hits:
                h = a["hits"][i]
                if h["type"] == "MELEE" and h["weapon"] == _CANCEL[kind] and i not in targeted:
                    out.append(listed(f"d:{kind}:{i}", ("Defend", name, hit_label(a, i))))
        elif kind == "wblk" and hand[kind] and wings:
            for i in hits:
                if a["hits"][i]["type"] == "MELEE" and i not in targeted:
                    out.append(listed(f"d:wblk:{i}", ("Defend", name, hit_label(a, i))))
        elif kind == "sharp" and wings and (hand[kind] or "sharp" in played):
            moved = {pl[4] for pl in plays if pl[0] == "sharp"}
            for i in hits:
                h = a["hits"][i]
                if h["loc"] in SIDES and i not in moved:
                    for s in SIDES:
                        if s != h["loc"]:
                            out.append(listed(f"d:sharp:{i}:{s}", ("Defend", name, hit_label(a, i),
                                                                    f"to {LOC_NAME[s]}")))
        elif kind == "soar" and wings and hand[kind] and "soar" not in played:
            if any(a["hits"][i]["type"] == "MELEE" for i in hits):
                out.append(listed("d:soar", ("Defend", name, "cancel every Melee hit")))
        elif kind == "blind" and wings and hand[kind]:
            blinds = sum(1 for pl in plays if pl[0] == "blind")
            if any(amount13(state, a, i, t) - 2 * blinds > 0 for i in hits):
                out.append(listed("d:blind",
                                  ("Defend", name, f"-2 to every hit (card {blinds + 1})")))
        elif kind == "arch" and wings and hand[kind] and "arch" not in played:
            if any(a["hits"][i]["loc"] in (*SIDES, "C") for i in hits):
                out.append(listed("d:arch", ("Defend", name, "every hit strikes your Wings")))
        elif kind == "dust" and wings and hand[kind]:
            for i in hits:
                if a["hits"][i]["type"] == "BREATH" and i not in targeted:
                    out.append(listed(f"d:dust:{i}", ("Defend", name, hit_label(a, i))))
        elif kind == "deflect" and slots[kind]:
            for i in hits:
                if i not in targeted:
                    out.append(listed(f"d:deflect:{i}", ("Defend", name, hit_label(a, i))))
        elif kind == "shield" and (slots[kind] or "shield" in played):
            cards = sum(1 for pl in plays if pl[0] == "shield" and pl[1] is not None)
            given = sum(pl[5] for pl in plays if pl[0] == "shield")
            pool = 6 * cards - given
            avail = pool + (6 if slots[kind] else 0)
            for i in hits:
                rest = amount13(state, a, i, t) - sum(
                    pl[5] for pl in plays if pl[0] == "shield" and pl[4] == i)
                for amt in range(1, min(rest, avail) + 1):
                    out.append(listed(f"d:shield:{i}:{amt}",
                                      ("Defend", name, hit_label(a, i), f"prevent {amt}")))
        elif kind == "random" and slots[kind] and hits:
            card = 1 + sum(pl[0] == "random" for pl in plays)
            out.append(listed("d:random", ("Defend", name, f"roll for every hit (card {card})")))
        elif (kind == "gust" and slots[kind] and "gust" not in played
              and any(a["hits"][i]["type"] in ("BREATH", "MANEUVER") for i in hits)):
            out.append(listed("d:gust", ("Defend", name, "cancel Breath and Maneuver hits")))
    if plays:
        out.append(_DONE)
    out.append(_TAKE_THE_HITS)


def _scales_absorbs(state: RWState, a: dict[str, Any], i: int, t: int,
                    plays: list[list[Any]]) -> list[int]:
    """Returns what each Scales already assigned to hit i absorbs, in order."""
    net = amount13(state, a, i, t)
    out = []
    for pl in plays:
        if pl[0] in SCALES and pl[4] == i:
            take_ = min(3, net)
            out.append(take_)
            net -= take_
    return out


def apply_defense_step(state: RWState, t: int, parts: list[str], events: list[Event]) -> None:
    """Adds one defense card (or assignment) to the window."""
    a = state.attack
    assert a is not None
    w = a["window"]
    head = parts[0]
    if head == "none":
        for pl in w["plays"]:
            _give_back(state, t, pl)
        w["plays"] = []
        w["type"] = None
        resolve_window(state, events)
        advance(state, events)
        return
    if head == "dend":
        resolve_window(state, events)
        advance(state, events)
        return
    kind = parts[1]
    args: list[Any] = [int(x) if x.isdigit() else x for x in parts[2:]]
    card: int | None
    origin, turn = "h", 0
    if kind in ("deflect", "shield", "random", "gust"):
        needs = True
        if kind == "shield":
            cards = sum(1 for pl in w["plays"] if pl[0] == "shield" and pl[1] is not None)
            given = sum(pl[5] for pl in w["plays"] if pl[0] == "shield")
            needs = args[1] > 6 * cards - given
        card = None
        if needs:
            origin = "s"
            for slot in state.dragons[t]["slots"]:
                if slot[0] is not None and kind_of(slot[0]) == kind:
                    card, turn = slot[0], slot[1]
                    slot[0], slot[1] = None, 0
                    break
    elif kind == "sharp" and any(pl[0] == "sharp" for pl in w["plays"]):
        card = None
    else:
        card = take(state, t, kind)
    while len(args) < 2:
        args.append(None)
    w["plays"].append([kind, card, origin, turn, *args])
    w["type"] = "Scales" if kind in SCALES else kind


def _give_back(state: RWState, t: int, pl: list[Any]) -> None:
    card = pl[1]
    if card is None:
        return
    if pl[2] == "h":
        state.hands[t].append(card)
        return
    for slot in state.dragons[t]["slots"]:
        if slot[0] is None:
            slot[0], slot[1] = card, pl[3]
            return
    discard_cards(state, [card])


def apply_defense(state: RWState, events: list[Event]) -> None:
    """Applies the window's cards: cancels, moves, reductions, deflections (R6.1 step 6)."""
    a = state.attack
    assert a is not None
    w = a["window"]
    t = w["seat"]
    hits = window_hits(a, t)
    all_hits = a["hits"]

    def cancel(i: int) -> None:
        all_hits[i]["cancelled"] = True
        for j in hits:
            if all_hits[j]["parent"] == i:
                all_hits[j]["cancelled"] = True

    randoms = 0
    a["blind"] = 0
    used: list[int] = []
    names: list[str] = []
    for pl in w["plays"]:
        kind, card = pl[0], pl[1]
        if card is not None:
            names.append(kind_name(kind))
        if kind in SCALES:
            all_hits[pl[4]]["scales"].append(card)
            continue
        if card is not None:
            used.append(card)
        if kind in ("hurt", "jaw", "seiz", "wblk", "dust"):
            cancel(pl[4])
        elif kind == "soar":
            for i in hits:
                if all_hits[i]["type"] == "MELEE":
                    cancel(i)
        elif kind == "gust":
            for i in hits:
                if all_hits[i]["type"] in ("BREATH", "MANEUVER"):
                    cancel(i)
        elif kind == "sharp":
            all_hits[pl[4]]["loc"] = pl[5]
        elif kind == "arch":
            for i in hits:
                if all_hits[i]["loc"] in (*SIDES, "C"):
                    all_hits[i]["loc"] = "W"
        elif kind == "blind":
            a["blind"] += 1
        elif kind == "shield":
            all_hits[pl[4]]["shield"] += pl[5]
        elif kind == "deflect":
            all_hits[pl[4]]["deflected"] = t
        elif kind == "random":
            randoms += 1
    if randoms:
        for i in hits:
            if all_hits[i]["cancelled"]:
                continue
            rolls = [roll(state, 6) for _ in range(randoms)]
            if any(r <= 3 for r in rolls):
                cancel(i)
            events.append(Event(f"Random for #{i + 1}: {', '.join(map(str, rolls))}."))
    if has_special(state, t, "mres"):
        for i in hits:
            if all_hits[i]["type"] == "MAGIC":
                cancel(i)
    discard_cards(state, used)
    w["plays"] = []
    if names:
        a.setdefault("defense_text", []).append(f"{{p{t}}}: {', '.join(names)}")
        events.append(Event(f"{{p{t}}} defends with {', '.join(names)}."))
    else:
        events.append(Event(f"{{p{t}}} takes the hits."))
