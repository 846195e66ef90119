"""Resolving a declared attack (R6): effects, defense windows, damage, deflection, cleanup; and the
turn flow around it (R4.2, R8.3)."""

from __future__ import annotations

from games.core import Event
from games.rivalwing.build import arma_targets, make_hits, swapped
from games.rivalwing.cards import (
    LOC_NAME,
    MARKER,
    SIDES,
    kind_of,
    name_of,
)
from games.rivalwing.state import (
    Attack,
    Build,
    Entry,
    EventCache,
    Hit,
    RWState,
    check_breach,
    damage,
    discard_cards,
    draw_to,
    entry_net,
    find_entry,
    finish,
    has_special,
    knock_out,
    open_window,
    points,
    remaining,
    resists,
)
from games.text import Text, join_texts, plural, seat_ref

LOST = Text("lost")
CANCELLED = Text("cancelled")
"""Fates of hits that struck nothing."""
DEFENSE_SECONDS = 60
TURN_SECONDS = 120


# -- declaration and effects (R6.1 steps 1-2) -----------------------------------------------------

def declare(state: RWState, events: list[Event]) -> None:
    """Declares the build: cards leave hand and slots, dice roll, effects resolve, windows open."""
    p = state.active
    b = state.build
    assert b is not None
    hits = make_hits(state, p, b)
    used: list[int] = list(b["combos"])
    for h in b["hits"]:
        used.extend(c for c in (h["dive"], h["wing"]) if c is not None)
    if b["focus"]:
        used.append(b["focus"][0])
    if b["dusting"] is not None:
        used.append(b["dusting"])
    slots = state.dragons[p]["slots"]
    for m in b["magic"]:
        for slot in slots:
            if slot[0] == m["card"]:
                slot[0], slot[1] = None, 0
        used.append(m["card"])
    if b["arma"]:
        aimed = dict((s, side) for s, side in b["arma_sides"])
        targets = [s for s in arma_targets(state, p) if s in aimed]
    else:
        targets = [] if b["target"] is None else [b["target"]]
    chaos = any(h["type"] == "BREATH" and h["element"] == "Chaos" for h in hits)
    attack: Attack = {
        "attacker": p, "targets": targets, "ti": 0, "hits": hits, "used": used, "rbr": False,
        "dusting": b["dusting"] is not None, "window": None,
        "cards": [name_of(c) for c in [*(h["card"] for h in b["hits"]), *used]], "effects": []}
    state.attack = attack
    state.build = None
    state.chaos_lock = chaos
    names = join_texts(attack["cards"])
    if len(targets) == 1 and not b["arma"]:
        events.append(Event(Text("{player} attacks at {target}: {cards}.", player=seat_ref(p),
                                 target=seat_ref(targets[0]), cards=names)))
    else:
        events.append(Event(Text("{player} attacks: {cards}.", player=seat_ref(p), cards=names)))
    for hit in hits:
        if hit["type"] == "BREATH" and hit["element"] == "Chaos" and hit["card"] != MARKER:
            events.append(Event(Text("Chaos breath: {amount} damage to the {side}.",
                                     amount=hit["base"], side=LOC_NAME[hit["loc"]])))
    _effects(state, b, events)
    advance(state, events)


def _effects(state: RWState, b: Build, events: list[Event]) -> None:
    a = state.attack
    assert a is not None
    t = b["target"]
    order = {"rbr": 0, "heal": 1, "swap": 2, "crush": 3}
    for m in sorted((m for m in b["magic"] if m["kind"] in order), key=lambda m: order[m["kind"]]):
        kind = m["kind"]
        if kind == "rbr" and t is not None:
            a["rbr"] = True
            specials = state.dragons[t]["specials"]
            for i, c in enumerate(specials):
                if c is not None and kind_of(c) == "bres":
                    discard_cards(state, [c])
                    specials[i] = None
            a["effects"].append(Text("{player} loses breath resistance", player=seat_ref(t)))
        elif kind == "heal":
            if not has_special(state, m["seat"], "mres"):
                text = remove_entry(state, m["seat"], m["entry"])
                a["effects"].append(Text("Heal on {player}: {effect}", player=seat_ref(m["seat"]),
                                         effect=text))
        elif kind == "swap":
            if not has_special(state, m["seat"], "mres"):
                swap_sides(state, m["seat"], m["a"], m["b"], events)
                a["effects"].append(Text("Swap on {player}: {sides}", player=seat_ref(m["seat"]),
                                         sides=swapped(m["a"], m["b"])))
        elif kind == "crush" and t is not None and not has_special(state, t, "mres"):
            crush(state, t, m["side"], events)
            a["effects"].append(Text("Crush on {player}'s {side}", player=seat_ref(t),
                                     side=LOC_NAME[m["side"]]))
    for text in a["effects"]:
        events.append(Event(join_texts((text, "."), "")))


def remove_entry(state: RWState, seat: int, entry_id: int) -> str:
    """Removes an entry and moves its Scales as toughened scales (R6.6); returns a description."""
    found = find_entry(state, seat, entry_id)
    if found is None:
        return Text("nothing to remove")
    loc, entry = found
    place = state.dragons[seat]["loc"][loc]
    place["entries"].remove(entry)
    discard_cards(state, [entry["card"]])
    for card, _ in entry["covers"]:
        uncovered = [e for e in place["entries"] if not e["covers"]]
        if uncovered:
            best = max(uncovered, key=lambda e: (entry_net(e), -place["entries"].index(e)))
            best["covers"].append([card, min(3, entry_net(best))])
        else:
            place["banked"].append(card)
    return Text("removed {card} {amount} from the {side}", card=name_of(entry["card"]),
                amount=entry["amount"], side=LOC_NAME[loc])


def swap_sides(state: RWState, seat: int, a: str, b: str, events: list[Event]) -> None:
    """Exchanges everything on two sides, then breaches a side that now holds too much."""
    locs = state.dragons[seat]["loc"]
    locs[a], locs[b] = locs[b], locs[a]
    for side in (a, b):
        check_breach(state, seat, side, events)


def crush(state: RWState, seat: int, side: str, events: list[Event]) -> None:
    """Discards every Scales card on a side; the damage they held now counts (may breach)."""
    place = state.dragons[seat]["loc"][side]
    if place["breached"]:
        return
    cards = list(place["banked"])
    place["banked"] = []
    for e in place["entries"]:
        cards.extend(c for c, _ in e["covers"])
        e["covers"] = []
    discard_cards(state, cards)
    check_breach(state, seat, side, events)


# -- the target loop (R6.1 steps 4-9) -------------------------------------------------------------

def advance(state: RWState, events: list[Event]) -> None:
    """Runs the attack until a defense window needs an answer or the attack is over."""
    a = state.attack
    assert a is not None
    while state.phase != "over":
        if a["window"] is not None:
            return
        if a["ti"] >= len(a["targets"]):
            cleanup(state, events)
            end_turn(state, events)
            return
        t = a["targets"][a["ti"]]
        if not state.dragons[t]["conscious"]:
            for h in a["hits"]:
                if h["target"] == t:
                    h["fate"] = LOST
                    discard_cards(state, [h["card"]])
            a["ti"] += 1
            continue
        a["window"] = {"seat": t, "type": None, "plays": []}
        state.phase = "defense"
        if not state.hands[t] and all(card is None for card, _ in state.dragons[t]["slots"]):
            resolve_window(state, events)
            continue
        events.append(Event(Text("{player} may defend.", player=seat_ref(t)), None))
        return
    discard_leftovers(state)


def resolve_window(state: RWState, events: list[Event]) -> None:
    """Applies the window's defense, then the damage step and the deflected hits."""
    from games.rivalwing.defense import apply_defense
    a = state.attack
    assert a is not None
    t = open_window(state)["seat"]
    apply_defense(state, events)
    a["window"] = None
    damage_step(state, t, [i for i, h in enumerate(a["hits"]) if h["target"] == t], a["attacker"],
                events, rbr=a["rbr"])
    deflected = [i for i, h in enumerate(a["hits"]) if h["deflected"] == t]
    p = a["attacker"]
    if deflected and state.phase != "over" and state.dragons[p]["conscious"]:
        damage_step(state, p, deflected, t, events, rbr=False, deflect=True)
    elif deflected:
        for i in deflected:
            discard_cards(state, [a["hits"][i]["card"]])
    a["ti"] += 1
    if state.phase != "over":
        state.phase = "resolving"


def hit_amount(state: RWState, h: Hit, seat: int, *, rbr: bool) -> int:
    """Returns a hit's damage after R6.3 steps 1-3 against `seat`."""
    amount = h["base"] + h["mod"]
    if h["type"] == "BREATH" and not rbr and resists(state, seat, h["element"]):
        amount //= 2
    return amount


def damage_step(state: RWState, seat: int, indices: list[int], controller: int,
                events: list[Event], *, rbr: bool, deflect: bool = False) -> None:
    """Lays the hits on a dragon one at a time (R6.4, R6.5, R7, R8.1)."""
    a = state.attack
    assert a is not None
    dragon = state.dragons[seat]
    start_breached = {k for k, place in dragon["loc"].items() if place["breached"]}
    blind = 0 if deflect else a.get("blind", 0)
    for i in indices:
        h = a["hits"][i]
        lost_cards = [h["card"], *h["scales"]]
        if not deflect and (h["cancelled"] or h["deflected"] is not None):
            if h["cancelled"]:
                h["fate"] = CANCELLED
                discard_cards(state, lost_cards)
            continue
        if state.phase == "over" or not dragon["conscious"]:
            h["fate"] = LOST
            discard_cards(state, lost_cards)
            continue
        amount = hit_amount(state, h, seat, rbr=rbr)
        if not deflect:
            amount = max(0, amount - 2 * blind - h["shield"])
        loc = h["loc"]
        if loc in SIDES and loc in start_breached:
            loc = "C"
        place = dragon["loc"].get(loc)
        if (place is None or (loc == "W" and "W" in start_breached)
                or (loc != "C" and place["breached"]) or amount <= 0):
            h["fate"] = Text("lost ({side})", side=LOC_NAME[loc])
            discard_cards(state, lost_cards)
            continue
        entry: Entry = {"id": state.next_entry, "card": h["card"], "amount": amount, "covers": []}
        state.next_entry += 1
        absorbed = 0
        if loc in SIDES:
            for card in h["scales"]:
                take = min(3, entry_net(entry))
                if take <= 0:
                    discard_cards(state, [card])
                    continue
                entry["covers"].append([card, take])
                absorbed += take
            if not h["corrode"]:
                while place["banked"] and entry_net(entry) > 0:
                    card = place["banked"].pop(0)
                    take = min(3, entry_net(entry))
                    entry["covers"].append([card, take])
                    absorbed += take
        elif h["scales"]:
            discard_cards(state, h["scales"])
        place["entries"].append(entry)
        dragon["last_damager"] = controller
        net = entry_net(entry)
        side = LOC_NAME[loc]
        fate = (Text("{side} {amount}, {absorbed} absorbed", side=side, amount=amount,
                     absorbed=absorbed) if absorbed else
                Text("{side} {amount}", side=side, amount=amount))
        h["fate"] = Text("deflected to {player}: {fate}", player=seat_ref(seat),
                         fate=fate) if deflect else fate
        events.append(Event(
            Text("{hit}: {amount} to {player}'s {side} ({absorbed} absorbed, net {net}).",
                 hit=h["name"], amount=amount, player=seat_ref(seat), side=side,
                 absorbed=absorbed, net=net) if absorbed else
            Text("{hit}: {amount} to {player}'s {side}.", hit=h["name"], amount=amount,
                 player=seat_ref(seat), side=side)))
        if loc == "C":
            if damage(state, seat, "C") >= points(state, seat, "C"):
                knock_out(state, seat, controller, events)
        else:
            check_breach(state, seat, loc, events)


def cleanup(state: RWState, events: list[Event]) -> None:
    """Discards the attack's used cards, clears the Chaos lock and keeps a public summary."""
    a = state.attack
    assert a is not None
    discard_cards(state, a["used"])
    a["used"] = []
    state.chaos_lock = False
    state.last_attack = {
        "attacker": a["attacker"], "targets": list(a["targets"]), "cards": a["cards"],
        "effects": list(a["effects"]), "defense": a.get("defense_text", []),
        "hits": [{"name": h["name"], "target": h["target"], "loc": h["loc"],
                  "amount": h["base"] + h["mod"], "fate": h["fate"]} for h in a["hits"]],
    }


def discard_leftovers(state: RWState) -> None:
    """Puts every card of an unfinished attack on the discard pile (the duel ended mid-attack).

    Cards picked in an open window were never played: they stay with the defender (or were
    discarded with the rest of its cards if it fell)."""
    a = state.attack
    if a is None:
        return
    for h in a["hits"]:
        if not h["fate"]:
            h["fate"] = Text("not resolved")
            discard_cards(state, [h["card"], *h["scales"]])
    w = a["window"]
    if w is not None:
        w["plays"] = []
    cleanup(state, [])
    state.attack = None


# -- turns ----------------------------------------------------------------------------------------

def end_turn(state: RWState, events: list[Event], *, timed_out: bool = False) -> None:
    """Ends the active player's turn and starts the next conscious player's (R4.2, R8.3)."""
    if state.phase == "over":
        return
    p = state.active
    dragon = state.dragons[p]
    if timed_out:
        dragon["timeouts"] += 1
        if dragon["timeouts"] >= 3 and dragon["conscious"]:
            knock_out(state, p, dragon["last_damager"], events, withdrawn=True)
            if state.phase == "over":
                return
    else:
        dragon["timeouts"] = 0
    state.build = None
    state.attack = None
    state.chaos_lock = False
    state.restarts = 0
    state.placed = []
    n = state.players
    s = p
    for _ in range(n):
        s = (s + 1) % n
        if s == state.first:
            if state.round >= state.round_limit:  # the last round is over (R8.3)
                round_limit(state, events)
                return
            state.round += 1
        if state.dragons[s]["conscious"]:
            break
    start_turn(state, s, events)


def start_turn(state: RWState, seat: int, events: list[Event]) -> None:
    """Starts a seat's turn: counts it and draws to six (R4.2)."""
    state.active = seat
    state.phase = "action"
    state.dragons[seat]["turns"] += 1
    drawn = draw_to(state, seat)
    if drawn:
        events.append(_DRAWS[seat, drawn])


_DRAWS = EventCache(lambda seat, drawn: Event(plural(
    "{player} draws {n}.", "{player} draws {n}.", drawn, player=seat_ref(seat))))


def round_limit(state: RWState, events: list[Event]) -> None:
    """Ends the duel at the round limit; the best core, then the most points left, wins (R8.3)."""
    alive = [s for s in range(state.players) if state.dragons[s]["conscious"]]
    best = max(remaining(state, s) for s in alive)
    leaders = [s for s in alive if remaining(state, s) == best]
    if len(leaders) == 1:
        finish(state, leaders, "round limit", events)
    else:
        finish(state, [], "round limit, tied", events, tied=leaders)
