"""The defense window (R6.2): one defense type, several cards, each assigned step by step.

The defender's answer is one response (R6.1 step 5), so the cards it picks are tentative: they
stay in its hand or magic slot, seen as picked by their owner only, until "Done defending"
commits them; "Take the hits" drops the picks. A window's `plays` list holds `[kind, card id or
None, origin, slot, *args]`: origin "h" for the hand, "s" for magic slot number `slot`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from games.core import Event
from games.rivalwing.actions import Act, listed
from games.rivalwing.cards import (
    DEFENSE_CARDS,
    KIND_OF,
    KIND_ORDER,
    LOC_NAME,
    SCALES,
    SIDES,
    kind_name,
)
from games.rivalwing.resolve import advance, hit_amount, resolve_window
from games.rivalwing.state import (
    Attack,
    Hit,
    Play,
    RWState,
    Window,
    discard_cards,
    has_special,
    has_wings,
    is_breached,
    open_window,
    roll,
)
from games.text import Text, join_texts, seat_ref

Option = Act
"""A listed action; its label may be None when it follows from the code (Refresh)."""
_CANCEL = {"hurt": "Claw", "jaw": "Bite", "seiz": "Tail"}
_DONE = listed("dend", (Text("Done defending"),))
_TAKE_THE_HITS = listed("none", (Text("Take the hits"),))
_DEFEND = Text("Defend")
_SCALES = Text("Defense Scales")


def window_hits(a: Attack, t: int) -> list[int]:
    """Returns the indices of the uncancelled hits on `t`."""
    return [i for i, h in enumerate(a["hits"]) if h["target"] == t and not h["cancelled"]]


def hit_label(a: Attack, i: int) -> str:
    """Returns a hit's menu name with its location and damage."""
    h = a["hits"][i]
    return Text("#{number} {hit} ({side} {amount})", number=str(i + 1), hit=h["name"],
                side=LOC_NAME[h["loc"]], amount=h["base"] + h["mod"])


def amount13(state: RWState, a: Attack, i: int, t: int) -> int:
    """Returns hit i's damage against `t` after R6.3 steps 1-3."""
    return hit_amount(state, a["hits"][i], t, rbr=a["rbr"])


def _kind_counts(cards: list[int]) -> defaultdict[str, int]:
    """Counts cards by kind (a missing kind reads 0)."""
    counts: defaultdict[str, int] = defaultdict(int)
    for c in cards:
        counts[KIND_OF[c]] += 1
    return counts


class _Window:
    """What the defender's options are worked out from, read once per listing."""

    __slots__ = ("state", "a", "t", "window", "plays", "hits", "wings", "hand", "slots", "targeted",
                 "played")

    def __init__(self, state: RWState, t: int) -> None:
        a = state.attack
        assert a is not None
        self.state = state
        self.a = a
        self.t = t
        self.window = open_window(state)
        plays = self.plays = self.window["plays"]
        hits = self.hits = window_hits(a, t)
        self.wings = has_wings(state, t)
        hand: list[int] = state.hands[t]
        slots = state.dragons[t]["slots"]
        if plays:  # picked cards stay in place until the commit, but are spoken for
            held = {pl[1] for pl in plays if pl[2] == "h"}
            hand = [c for c in hand if c not in held]
            used = {pl[3] for pl in plays if pl[2] == "s" and pl[1] is not None}
            slots = [slot for j, slot in enumerate(slots) if j not in used]
        self.hand = _kind_counts(hand)
        """The free hand cards per kind (the picked ones are spoken for)."""
        self.slots = _kind_counts([c for c, _ in slots if c is not None])
        """The free slotted cards per kind."""
        targeted = {pl[4] for pl in plays if pl[0] in _TARGETING}
        children: dict[int, list[int]] = {}
        for i in hits:
            parent = a["hits"][i]["parent"]
            if parent is not None:
                children.setdefault(parent, []).append(i)
        for pl in plays:
            if pl[0] == "dust":
                targeted.update(children.get(pl[4], []))
        self.targeted = targeted
        """The hits a card already cancels or deflects (with the bonus hits of a dusted one)."""
        self.played = {pl[0] for pl in plays}

    def amount(self, i: int) -> int:
        """Returns hit i's damage after R6.3 steps 1-3."""
        return amount13(self.state, self.a, i, self.t)

    def kinds(self) -> list[str]:
        """Returns the kinds held, slotted or played, in deck order."""
        return sorted({*self.hand, *self.slots, *self.played}, key=KIND_ORDER.__getitem__)


_TARGETING = ("hurt", "jaw", "seiz", "wblk", "dust", "deflect")
"""The cards assigned to one hit that they cancel or deflect."""


def defense_options(state: RWState, t: int, out: list[Option]) -> None:
    """Appends the defender's legal window steps (always ending with "Take the hits"): cards of
    the window's one type (R6.2), none of the Defense category against an attacking Dusting."""
    win = _Window(state, t)
    typ = win.window["type"]
    dusting = win.a["dusting"]
    for kind in win.kinds():
        if typ is not None and typ != ("Scales" if kind in SCALES else kind):
            continue
        if dusting and kind in DEFENSE_CARDS:
            continue
        step = _OPTION_STEPS.get(kind)
        if step is not None:
            step(win, kind, out)
    if win.plays:
        out.append(_DONE)
    out.append(_TAKE_THE_HITS)


def _scales_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Defense Scales of an unbreached side, on a hit to that side it still absorbs from."""
    if not win.hand[kind]:
        return
    side = SCALES[kind]
    if is_breached(win.state, win.t, side):
        return
    name = kind_name(kind)
    for i in win.hits:
        h = win.a["hits"][i]
        if h["loc"] != side or h["corrode"]:
            continue
        used = sum(min(3, x) for x in _scales_absorbs(win.state, win.a, i, win.t, win.plays))
        if win.amount(i) - used >= 1:
            out.append(listed(f"d:{kind}:{i}",
                              (_DEFEND, _SCALES, name, hit_label(win.a, i))))


def _cancel_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Hurt Wrist, Lock Jaw, Seizure: cancel one Melee hit of their weapon."""
    if not win.hand[kind]:
        return
    name = kind_name(kind)
    for i in win.hits:
        h = win.a["hits"][i]
        if h["type"] == "MELEE" and h["weapon"] == _CANCEL[kind] and i not in win.targeted:
            out.append(listed(f"d:{kind}:{i}", (_DEFEND, name, hit_label(win.a, i))))


def _wing_block_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Wing Block: cancels one Melee hit (needs Wings)."""
    if not (win.hand[kind] and win.wings):
        return
    name = kind_name(kind)
    for i in win.hits:
        if win.a["hits"][i]["type"] == "MELEE" and i not in win.targeted:
            out.append(listed(f"d:wblk:{i}", (_DEFEND, name, hit_label(win.a, i))))


def _sharp_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Sharp Turn: one card, then one side-hit moved to another side per step."""
    if not (win.wings and (win.hand[kind] or kind in win.played)):
        return
    name = kind_name(kind)
    moved = {pl[4] for pl in win.plays if pl[0] == "sharp"}
    for i in win.hits:
        h = win.a["hits"][i]
        if h["loc"] in SIDES and i not in moved:
            for s in SIDES:
                if s != h["loc"]:
                    out.append(listed(f"d:sharp:{i}:{s}", (_DEFEND, name, hit_label(win.a, i),
                                                            _TO_SIDE[s])))


_TO_SIDE = {s: Text("to {side}", side=LOC_NAME[s]) for s in SIDES}


def _soar_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Soar High: once, cancels every Melee hit."""
    if win.wings and win.hand[kind] and kind not in win.played and any(
            win.a["hits"][i]["type"] == "MELEE" for i in win.hits):
        out.append(listed("d:soar", (_DEFEND, kind_name(kind), Text("cancel every Melee hit"))))


def _blind_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Blind: -2 to every hit per card, while some hit still has damage left to reduce."""
    if not (win.wings and win.hand[kind]):
        return
    blinds = sum(1 for pl in win.plays if pl[0] == "blind")
    if any(win.amount(i) - 2 * blinds > 0 for i in win.hits):
        out.append(listed("d:blind", (_DEFEND, kind_name(kind),
                                      Text("-2 to every hit (card {card})", card=blinds + 1))))


def _arch_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Wing Arching: once, every hit to a side or the Core strikes the Wings."""
    if win.wings and win.hand[kind] and kind not in win.played and any(
            win.a["hits"][i]["loc"] in (*SIDES, "C") for i in win.hits):
        out.append(listed("d:arch", (_DEFEND, kind_name(kind), Text("every hit strikes your Wings"))))


def _dust_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Dusting (defense): cancels one Breath hit and its bonus hits."""
    if not (win.wings and win.hand[kind]):
        return
    name = kind_name(kind)
    for i in win.hits:
        if win.a["hits"][i]["type"] == "BREATH" and i not in win.targeted:
            out.append(listed(f"d:dust:{i}", (_DEFEND, name, hit_label(win.a, i))))


def _deflect_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Deflect (slotted): sends one hit back to the attacker."""
    if not win.slots[kind]:
        return
    name = kind_name(kind)
    for i in win.hits:
        if i not in win.targeted:
            out.append(listed(f"d:deflect:{i}", (_DEFEND, name, hit_label(win.a, i))))


def _shield_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Shield (slotted): 6 points per card, given step by step, never more than a hit's damage."""
    if not (win.slots[kind] or kind in win.played):
        return
    name = kind_name(kind)
    plays = win.plays
    cards = sum(1 for pl in plays if pl[0] == "shield" and pl[1] is not None)
    given = sum(pl[5] for pl in plays if pl[0] == "shield")
    avail = 6 * cards - given + (6 if win.slots[kind] else 0)
    for i in win.hits:
        rest = win.amount(i) - sum(pl[5] for pl in plays if pl[0] == "shield" and pl[4] == i)
        for amt in range(1, min(rest, avail) + 1):
            out.append(listed(f"d:shield:{i}:{amt}",
                              (_DEFEND, name, hit_label(win.a, i),
                               Text("prevent {amount}", amount=amt))))


def _random_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Random (slotted): a roll per card for every hit."""
    if win.slots[kind] and win.hits:
        card = 1 + sum(pl[0] == "random" for pl in win.plays)
        out.append(listed("d:random", (_DEFEND, kind_name(kind),
                                       Text("roll for every hit (card {card})", card=card))))


def _gust_steps(win: _Window, kind: str, out: list[Option]) -> None:
    """Gust Of Wind (slotted): once, cancels the Breath and Maneuver hits."""
    if win.slots[kind] and kind not in win.played and any(
            win.a["hits"][i]["type"] in ("BREATH", "MANEUVER") for i in win.hits):
        out.append(listed("d:gust", (_DEFEND, kind_name(kind),
                                     Text("cancel Breath and Maneuver hits"))))


_OPTION_STEPS: dict[str, Callable[[_Window, str, list[Option]], None]] = {
    **{kind: _scales_steps for kind in SCALES},
    **{kind: _cancel_steps for kind in _CANCEL},
    "wblk": _wing_block_steps, "sharp": _sharp_steps, "soar": _soar_steps, "blind": _blind_steps,
    "arch": _arch_steps, "dust": _dust_steps, "deflect": _deflect_steps, "shield": _shield_steps,
    "random": _random_steps, "gust": _gust_steps,
}
"""Per defense kind, the function appending its window steps."""


def _scales_absorbs(state: RWState, a: Attack, i: int, t: int,
                    plays: list[Play]) -> list[int]:
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
    """Picks one defense card (or assignment) for the window, or answers it: "Done defending"
    commits the picks, "Take the hits" drops them."""
    w = open_window(state)
    head = parts[0]
    if head == "none":
        w["plays"] = []
        w["type"] = None
    elif head == "dend":
        _commit(state, t, w)
    else:
        _pick(state, t, w, parts)
        return
    resolve_window(state, events)
    advance(state, events)


def _pick(state: RWState, t: int, w: Window, parts: list[str]) -> None:
    """Adds one tentative play; its card stays where it is until the commit."""
    kind = parts[1]
    args: list[Any] = [int(x) if x.isdigit() else x for x in parts[2:]]
    plays = w["plays"]
    card: int | None = None
    origin, slot = "h", 0
    if kind in _SLOTTED:
        needs = True
        if kind == "shield":
            cards = sum(1 for pl in plays if pl[0] == "shield" and pl[1] is not None)
            given = sum(pl[5] for pl in plays if pl[0] == "shield")
            needs = args[1] > 6 * cards - given
        if needs:
            origin = "s"
            taken = {pl[3] for pl in plays if pl[2] == "s" and pl[1] is not None}
            for j, (c, _turn) in enumerate(state.dragons[t]["slots"]):
                if c is not None and j not in taken and KIND_OF[c] == kind:
                    card, slot = c, j
                    break
    elif not (kind == "sharp" and any(pl[0] == "sharp" for pl in plays)):
        taken_cards = {pl[1] for pl in plays if pl[2] == "h"}
        card = next(c for c in state.hands[t] if KIND_OF[c] == kind and c not in taken_cards)
    while len(args) < 2:
        args.append(None)
    plays.append([kind, card, origin, slot, *args])
    w["type"] = "Scales" if kind in SCALES else kind


_SLOTTED = ("deflect", "shield", "random", "gust")
"""The defense magic kinds, played from magic slots."""


def _commit(state: RWState, t: int, w: Window) -> None:
    """Takes the picked cards out of the hand and the slots ("Done defending")."""
    hand = state.hands[t]
    slots = state.dragons[t]["slots"]
    for pl in w["plays"]:
        if pl[1] is None:
            continue
        if pl[2] == "h":
            hand.remove(pl[1])
        else:
            slots[pl[3]][0], slots[pl[3]][1] = None, 0


def picks(state: RWState, seat: int) -> list[Play]:
    """Returns the tentative plays of `seat`'s open window ([] when it has none)."""
    if state.phase != "defense":
        return []
    w = open_window(state)
    plays: list[Play] = w["plays"]
    return plays if w["seat"] == seat else []


def drop_picks(state: RWState, seat: int) -> None:
    """Drops the tentative plays of `seat`'s open window (a special of its own is about to
    discard one of the picked cards)."""
    if picks(state, seat):
        w = open_window(state)
        w["plays"] = []
        w["type"] = None


def apply_defense(state: RWState, events: list[Event]) -> None:
    """Applies the window's cards: cancels, moves, reductions, deflections (R6.1 step 6)."""
    a = state.attack
    assert a is not None
    w = open_window(state)
    t = w["seat"]
    effect = _Effect(a, t)
    used: list[int] = []
    names: list[str] = []
    for pl in w["plays"]:
        kind, card = pl[0], pl[1]
        if card is not None:
            names.append(kind_name(kind))
        if kind in SCALES:
            a["hits"][pl[4]]["scales"].append(card)
            continue
        if card is not None:
            used.append(card)
        _EFFECTS[kind](effect, pl)
    a["blind"] = effect.blinds
    if effect.randoms:
        _roll_randoms(state, effect, events)
    if has_special(state, t, "mres"):
        for i in effect.hits:
            if a["hits"][i]["type"] == "MAGIC":
                effect.cancel(i)
    discard_cards(state, used)
    w["plays"] = []
    if names:
        cards = join_texts(names)
        a.setdefault("defense_text", []).append(
            Text("{player}: {cards}", player=seat_ref(t), cards=cards))
        events.append(Event(Text("{player} defends with {cards}.", player=seat_ref(t), cards=cards)))
    else:
        events.append(Event(Text("{player} takes the hits.", player=seat_ref(t))))


class _Effect:
    """The hits on the defender while its cards take effect, and the cards counted so far."""

    __slots__ = ("all_hits", "hits", "t", "blinds", "randoms")

    def __init__(self, a: Attack, t: int) -> None:
        self.all_hits: list[Hit] = a["hits"]
        self.hits = window_hits(a, t)
        self.t = t
        self.blinds = 0
        self.randoms = 0

    def cancel(self, i: int) -> None:
        """Cancels hit i and its bonus hits."""
        all_hits = self.all_hits
        all_hits[i]["cancelled"] = True
        for j in self.hits:
            if all_hits[j]["parent"] == i:
                all_hits[j]["cancelled"] = True

    def of_type(self, *types: str) -> list[int]:
        """Returns the defender's hits of these types."""
        return [i for i in self.hits if self.all_hits[i]["type"] in types]


def _cancel_one(e: _Effect, pl: Play) -> None:
    e.cancel(pl[4])


def _soar(e: _Effect, pl: Play) -> None:
    for i in e.of_type("MELEE"):
        e.cancel(i)


def _gust(e: _Effect, pl: Play) -> None:
    for i in e.of_type("BREATH", "MANEUVER"):
        e.cancel(i)


def _sharp(e: _Effect, pl: Play) -> None:
    e.all_hits[pl[4]]["loc"] = pl[5]


def _arch(e: _Effect, pl: Play) -> None:
    for i in e.hits:
        if e.all_hits[i]["loc"] in (*SIDES, "C"):
            e.all_hits[i]["loc"] = "W"


def _blind(e: _Effect, pl: Play) -> None:
    e.blinds += 1


def _shield(e: _Effect, pl: Play) -> None:
    e.all_hits[pl[4]]["shield"] += pl[5]


def _deflect(e: _Effect, pl: Play) -> None:
    e.all_hits[pl[4]]["deflected"] = e.t


def _random(e: _Effect, pl: Play) -> None:
    e.randoms += 1


_EFFECTS: dict[str, Callable[[_Effect, Play], None]] = {
    "hurt": _cancel_one, "jaw": _cancel_one, "seiz": _cancel_one, "wblk": _cancel_one,
    "dust": _cancel_one, "soar": _soar, "gust": _gust, "sharp": _sharp, "arch": _arch,
    "blind": _blind, "shield": _shield, "deflect": _deflect, "random": _random,
}
"""Per defense kind (Scales aside), what one of its cards does to the hits."""


def _roll_randoms(state: RWState, e: _Effect, events: list[Event]) -> None:
    """Random: one roll per card for every uncancelled hit; any roll of 1-3 cancels it."""
    for i in e.hits:
        if e.all_hits[i]["cancelled"]:
            continue
        rolls = [roll(state, 6) for _ in range(e.randoms)]
        if any(r <= 3 for r in rolls):
            e.cancel(i)
        events.append(Event(Text("Random for #{number}: {rolls}.", number=str(i + 1),
                                 rolls=", ".join(map(str, rolls)))))
