"""What each seat may see, a text board, and the hidden-information shuffle used to prove views
leak nothing.

Hidden from everyone but their owner: hands, slotted magic (also while it is part of the attack
being built: it is revealed when the attack is declared), the Called Shot aims and Armageddon
sides of a build, its target while no hand card lies in it, and the cards a defender has picked
in an open window before "Done defending". Breach piles show only their count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import View, header
from games.rivalwing.build import build_cards
from games.rivalwing.cards import (
    KINDS,
    LOC_NAME,
    LOCATIONS,
    MATS,
    NAME_OF,
    kind_name,
    kind_of,
    mat_name,
    name_of,
)
from games.rivalwing.rules import score
from games.rivalwing.state import REASONS, RWState, is_ready, open_window
from games.rng import Rng
from games.text import Text, Translate, english, join_texts, term


def _public_player(state: RWState, s: int, viewer: int | None) -> dict[str, Any]:
    d = state.dragons[s]
    mat = MATS[d["mat"]]
    own = viewer == s
    locations = {}
    pts = mat["points"]
    for key in LOCATIONS:
        place = d["loc"].get(key)
        if place is None:
            continue
        entries: list[dict[str, Any]] = []
        for e in place["entries"]:
            covers = [a for _, a in e["covers"]]
            entries.append({"id": e["id"], "source": name_of(e["card"]), "amount": e["amount"],
                            "net": e["amount"] - sum(covers), "covers": covers})
        locations[key] = {
            "name": LOC_NAME[key], "points": pts[key], "damage": sum(e["net"] for e in entries),
            "breached": place["breached"], "banked": len(place["banked"]), "pile": len(place["pile"]),
            "entries": entries,
        }
    slots = []
    for j, (card, _turn) in enumerate(d["slots"]):
        entry: dict[str, Any] = {"filled": card is not None,
                                 "ready": card is not None and is_ready(state, s, j)}
        if card is not None and own:
            entry["card"] = name_of(card)
            entry["kind"] = kind_of(card)
        slots.append(entry)
    return {
        "seat": s, "mat": d["mat"], "dragon": mat_name(d["mat"]), "breath": mat["breath"],
        "resists": mat["resists"], "conscious": d["conscious"], "withdrawn": d["withdrawn"],
        "hand": len(state.hands[s]), "turns": d["turns"], "timeouts": d["timeouts"],
        "locations": locations, "magic_slots": slots,
        "specials": [None if c is None else name_of(c) for c in d["specials"]],
        "knockouts": sum(1 for _x, by, _w in state.knockouts if by == s),
    }


def _public_build(state: RWState, viewer: int | None) -> dict[str, Any] | None:
    """Returns the attack being built: the hand cards lie face up in front of the target; its
    slotted magic, aims and Armageddon sides are the builder's own until the declaration."""
    b = state.build
    if b is None:
        return None
    own = viewer == state.active
    hits = []
    for h in b["hits"]:
        hits.append({"card": name_of(h["card"]), "kind": h["kind"], "side": h["side"],
                     "arc": h["arc"], "dive": h["dive"] is not None, "wing": h["wing"] is not None,
                     "aim": h["aim"] if own else None})
    out: dict[str, Any] = {
        "target": b["target"] if own or build_cards(b) else None, "hits": hits,
        "combos": len(b["combos"]), "focus": b["focus"][1] if b["focus"] else None,
        "dusting": b["dusting"] is not None, "armageddon": False, "magic": [], "arma_sides": []}
    if own:
        out.update(armageddon=b["arma"],
                   magic=[{k: v for k, v in m.items() if k != "card"} for m in b["magic"]],
                   arma_sides=[list(x) for x in b["arma_sides"]])
    return out


def _public_attack(state: RWState, viewer: int | None) -> dict[str, Any] | None:
    """Returns the declared attack; an open window's picks are the defender's own."""
    a = state.attack
    if a is None:
        return None
    w = a["window"]
    window = None
    if w is not None:
        own = viewer == w["seat"]
        window = {"seat": w["seat"], "type": w["type"] if own else None,
                  "plays": [[name_of(pl[1]) if pl[1] is not None else kind_name(pl[0]), pl[4],
                             pl[5]] for pl in w["plays"]] if own else []}
    return {
        "attacker": a["attacker"], "targets": list(a["targets"]), "cards": list(a["cards"]),
        "effects": list(a["effects"]), "dusting": a["dusting"], "rbr": a["rbr"],
        "hits": [{"name": h["name"], "type": h["type"], "weapon": h["weapon"], "element": h["element"],
                  "parent": h["parent"], "deflected": h["deflected"],
                  "target": h["target"], "loc": h["loc"], "amount": h["base"] + h["mod"],
                  "corrode": h["corrode"], "cancelled": h["cancelled"], "fate": h["fate"]}
                 for h in a["hits"]],
        "window": window,
    }


def view_of(state: RWState, seat: int | None) -> View:
    """Returns the game's part of the seat's view (None = a spectator); who is to play, the
    winners and the time limit are in the header the base class adds."""
    v: View = {
        "players": [_public_player(state, s, seat) for s in range(state.players)],
        "phase": state.phase, "first": state.first, "dealer": state.dealer,
        "round": state.round, "round_limit": state.round_limit, "deck": len(state.deck),
        "discard": list(map(NAME_OF.__getitem__, state.discard)), "chaos_lock": state.chaos_lock,
        "build": _public_build(state, seat), "attack": _public_attack(state, seat),
        "last_attack": state.last_attack, "knockouts": [list(k) for k in state.knockouts],
        "restarts": state.restarts, "scores": [score(state, s) for s in range(state.players)],
    }
    if seat is not None and 0 <= seat < state.players:
        v["hand"] = [name_of(c) for c in state.hands[seat]]
        v["hand_kinds"] = [kind_of(c) for c in state.hands[seat]]
    return v


_LETTER = {"F": term("rivalwing side letter", "F"), "L": term("rivalwing side letter", "L"),
           "R": term("rivalwing side letter", "R"), "B": term("rivalwing side letter", "B"),
           "W": term("rivalwing side letter", "W"), "C": term("rivalwing side letter", "C")}
"""The one-letter location names of the console board."""


def text_board(view: View, names: Sequence[str], tr: Translate = english) -> str:
    """Returns a readable multi-line board for the console, in the reader's language."""
    def nm(s: int | None) -> str:
        return "-" if s is None else (names[s] if s < len(names) else f"p{s}")

    def named(text: str) -> str:
        return tr(text).format(**{f"p{i}": nm(i) for i in range(len(view["players"]))})

    head = header(view)
    lines = [tr(Text("RivalWing — round {round}/{limit}, draw pile {deck}, discard {discard}",
                     round=view["round"], limit=view["round_limit"], deck=view["deck"],
                     discard=len(view["discard"])))]
    for p in view["players"]:
        lines.append(_player_line(p, nm(p["seat"]), p["seat"] == head["active"], tr))
    a = view.get("attack")
    if a:
        lines.append(tr(Text("Attack by {player}: {cards}", player=nm(a["attacker"]),
                             cards=join_texts(a["cards"]))))
        for i, h in enumerate(a["hits"]):
            lines.append(f"  #{i + 1} {tr(h['name'])} -> {nm(h['target'])} {tr(LOC_NAME[h['loc']])} "
                         f"{h['amount']} {named(h['fate'])}")
        if a["window"]:
            lines.append("  " + tr(Text("{player} is defending.", player=nm(a["window"]["seat"]))))
    elif view.get("last_attack"):
        la = view["last_attack"]
        lines.append(tr(Text("Last attack by {player}: {cards}", player=nm(la["attacker"]),
                             cards=join_texts(la["cards"]))))
        for h in la["hits"]:
            lines.append(f"  {tr(h['name'])} -> {nm(h['target'])}: {named(h['fate'])}")
    b = view.get("build")
    if b:
        cards = join_texts(h["card"] for h in b["hits"])
        lines.append(tr(Text("Building an attack: {cards}", cards=cards) if b["target"] is None
                        else Text("Building an attack on {player}: {cards}",
                                  player=nm(b["target"]), cards=cards)))
    if view.get("hand") is not None:
        lines.append(tr(Text("Your hand: {cards}", cards=join_texts(view["hand"]))))
    if head["over"]:
        winners = ", ".join(nm(w) for w in head["winners"]) or tr(Text("none"))
        lines.append(tr(Text("Duel over: {reason}; winner {players}", players=winners,
                             reason=REASONS.get(head["termination"] or "", head["termination"]))))
    elif head["to_play"]:
        who, secs = nm(head["to_play"][0]), head["seconds"]
        lines.append(tr(Text("Waiting for {player} (defense, {seconds} s)", player=who,
                             seconds=secs) if view["phase"] == "defense" else
                        Text("Waiting for {player} (turn, {seconds} s)", player=who, seconds=secs)))
    return "\n".join(lines)


def _player_line(p: dict[str, Any], name: str, active: bool, tr: Translate) -> str:
    """Returns one dragon's console line: mat, locations, hand, magic and special slots."""
    flag = tr(_OUT) if not p["conscious"] else (tr(_TURN) if active else "")
    locs = []
    for key, loc in p["locations"].items():
        mark = "X" if loc["breached"] else f"{loc['damage']}/{loc['points']}"
        extra = f"+{loc['banked']}b" if loc["banked"] else ""
        locs.append(f"{tr(_LETTER[key])}:{mark}{extra}")
    slots = " ".join(
        ((tr(sl["card"]) if "card" in sl else "??") if sl["filled"] else "--")
        + ("*" if sl.get("ready") else "") for sl in p["magic_slots"])
    specials = ", ".join(tr(x) if x else "--" for x in p["specials"])
    return (f"{name:>12} {tr(mat_name(p['mat'])):<14} {flag:<4} {' '.join(locs)} | "
            + tr(Text("hand {hand} | magic [{magic}] | special [{special}]", hand=p["hand"],
                      magic=slots, special=specials)))


_OUT = Text("OUT")
_TURN = Text("turn")


def shuffle_hidden(state: RWState, observer: int | None, seed: int) -> RWState:
    """Returns a copy where the draw pile, breach piles, other hands and other slotted magic are
    pooled and redealt (sizes kept; slots get magic cards again). Another seat's tentative
    choices are undone first (the slotted magic of a build, its aims and Armageddon sides; a
    defender's picks), as the observer cannot tell them from none. The dice RNG is kept, so
    public rolls stay the same."""
    return _redeal(state, observer, Rng(seed), canonical=False)


def sample_hidden(state: RWState, seat: int, seed: int) -> RWState:
    """Returns a state drawn from `seat`'s view alone: everything `shuffle_hidden` redeals, but
    from the hidden cards sorted by kind (so the dealt kinds depend on the view, not on the
    order the cards lie in), and with the dice RNG reseeded (future rolls and reshuffles are
    hidden too)."""
    rng = Rng(seed)
    s = _redeal(state, seat, rng, canonical=True)
    s.rng = Rng(rng.next64())
    return s


def _redeal(state: RWState, observer: int | None, rng: Rng, *, canonical: bool) -> RWState:
    """Redeals what `observer` cannot see with `rng` (see `shuffle_hidden`); `canonical` sorts
    the pool by (kind, id) first."""
    s = RWState.from_json(state.to_json())
    hidden = [p for p in range(s.players) if p != observer]
    b = s.build
    if b is not None and observer != s.active:
        b["arma"], b["magic"], b["arma_sides"] = False, [], []
        for h in b["hits"]:
            h["aim"] = None
    if s.phase == "defense" and observer != open_window(s)["seat"]:
        open_window(s)["plays"], open_window(s)["type"] = [], None
    pool = list(s.deck)
    for p in hidden:
        pool.extend(s.hands[p])
    slot_refs = []
    for p in hidden:
        for slot in s.dragons[p]["slots"]:
            if slot[0] is not None:
                pool.append(slot[0])
                slot_refs.append(slot)
    piles = []
    for d in s.dragons:
        for place in d["loc"].values():
            pool.extend(place["pile"])
            piles.append(place)
    if canonical:
        pool.sort(key=lambda c: (kind_of(c), c))
    rng.shuffle(pool)
    for slot in slot_refs:
        for i, c in enumerate(pool):
            if KINDS[kind_of(c)]["category"] == "magic":
                slot[0] = pool.pop(i)
                break
    for p in hidden:
        n = len(s.hands[p])
        s.hands[p] = [pool.pop() for _ in range(n)]
    for place in piles:
        n = len(place["pile"])
        place["pile"] = [pool.pop() for _ in range(n)]
    s.deck = pool
    return s
