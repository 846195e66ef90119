"""Building an attack step by step (R5) and declaring it (R6.1 steps 1-3).

The build lives in `state.build`; cards added leave the hand (they lie face up in front of the
target) and slotted magic stays in its slot, marked by card id, until the declaration.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from typing import Any

from games.core import Event
from games.rivalwing.actions import Act, listed
from games.rivalwing.cards import (
    ARC,
    BREATHS,
    FROST,
    KIND_OF,
    KIND_ORDER,
    KINDS,
    LOC_NAME,
    MARKER,
    SIDES,
    kind_name,
    name_of,
)
from games.rivalwing.state import (
    Build,
    BuildHit,
    BuildMagic,
    Hit,
    RWState,
    element,
    find_entry,
    has_special,
    has_wings,
    is_breached,
    roll,
)
from games.text import Text, join_texts

Option = Act
"""A listed action; its label may be None when it follows from the code (Refresh)."""
MAX_RESTARTS = 2
_ADD = Text("Add")
_ADD_COMBO = Text("Add with Combo")
DECLARE: Option = listed("decl", (Text("Declare attack"),))
RESTART: Option = listed("restart", (Text("Start over"),))
_DUSTING: Option = listed("dust", (_ADD, kind_name("dust"), Text("no Defense cards against it")))
_NOTHING: frozenset[Any] = frozenset()


def new_build(target: int | None, arma: bool = False) -> Build:
    """Returns an empty build aimed at `target` (None = yourself)."""
    return {"target": target, "arma": arma, "hits": [], "combos": [], "focus": None,
            "dusting": None, "magic": [], "arma_sides": []}


class HandInfo:
    """What a hand allows, worked out from its kinds (read only; the hand must not change
    while it is in use).

    Hands rarely repeat, so nothing is memoised: the kinds held and the flags are made at once,
    the option lists when asked (each at most once per option list).
    """

    __slots__ = ("hand", "held", "uniq", "flags")

    def __init__(self, hand: Sequence[int]) -> None:
        self.hand = hand
        held: dict[int, None] = {}
        flags = 0
        for c in hand:
            rank = KIND_RANK[c]
            held[rank] = None
            flags |= RANK_FLAGS[rank]
        self.held = held
        """The kind ranks held (for membership tests)."""
        self.uniq = sorted(held)
        """The kind ranks held, in deck order."""
        self.flags = flags
        """The hand's flag bits (HIT_ALWAYS_FLAG, ...), or-ed over its kinds."""

    def holds(self, kind: str) -> bool:
        """True when the hand holds a card of `kind`."""
        return KIND_ORDER[kind] in self.held

    @property
    def has_regen(self) -> bool:
        """True when the hand holds Regeneration."""
        return bool(self.flags & REGEN_FLAG)

    def add_discards(self, out: list[Option]) -> None:
        """Appends the Discard options, then (with two cards or more) the Discard more ones."""
        uniq = self.uniq
        for r in uniq:
            out.append(RANK_DISCARD[r])
        if len(self.hand) > 1:
            for r in uniq:
                out.append(RANK_DISCARD_MORE[r])

    @property
    def counts(self) -> list[tuple[str, int]]:
        """Returns (kind, count) for the hand, in deck order."""
        ranks = [KIND_RANK[c] for c in self.hand]
        return [(KIND_LIST[r], ranks.count(r)) for r in self.uniq]

    @property
    def magic(self) -> list[str]:
        """Returns the magic kinds in the hand, in deck order."""
        if not self.flags & MAGIC_FLAG:
            return []
        return list(filter(None, map(RANK_MAGIC.__getitem__, self.uniq)))

    @property
    def special_plays(self) -> list[Option]:
        """Returns the options that play a special from this hand, in deck order."""
        plays: list[Option] = []
        if self.flags & SPECIAL_FLAG:
            for rank in self.uniq:
                if RANK_FLAGS[rank] & SPECIAL_FLAG:
                    kind = KIND_LIST[rank]
                    if kind in _PLAY_SPECIAL:
                        plays.append(_PLAY_SPECIAL[kind])
                    elif kind == "refresh":
                        from games.rivalwing.specials import refresh_options
                        plays.extend(refresh_options(tuple(self.counts)))
        return plays


HIT_ALWAYS = frozenset(k for k, v in KINDS.items()
                       if k == "targ" or (v["category"] == "melee" and "side" in v
                                          and not v.get("needs_wings")))
HIT_WINGS = frozenset(k for k, v in KINDS.items()
                      if k == "dive" or (v.get("needs_wings") and v["category"] == "melee"))
SPECIAL = Text("Special")
_PLAY_SPECIAL = {k: listed(f"sp:{k}", (SPECIAL, kind_name(k))) for k in ("bres", "mres", "innate")}
"""The options that play a special needing no choice."""
DISCARD = {k: listed(f"dis:{k}", (Text("Discard"), kind_name(k))) for k in KINDS}
DISCARD_MORE = {k: listed(f"dism:{k}", (Text("Discard more"), kind_name(k))) for k in KINDS}
KIND_LIST = tuple(KINDS)
"""Kind codes in deck order; a kind's rank is its index here."""
KIND_RANK = tuple(KIND_ORDER[k] for k in KIND_OF)
"""Kind rank per card id (both decks)."""
RANK_DISCARD = tuple(DISCARD[k] for k in KIND_LIST)
RANK_DISCARD_MORE = tuple(DISCARD_MORE[k] for k in KIND_LIST)
HIT_ALWAYS_FLAG, BREATH_FLAG, HIT_WINGS_FLAG, MAGIC_FLAG = 1, 2, 4, 8
REGEN_FLAG, SPECIAL_FLAG = 16, 32


def _rank_flags(kind: str) -> int:
    """Returns the HandInfo flag bits of one kind."""
    return ((kind in HIT_ALWAYS) * HIT_ALWAYS_FLAG | (kind in BREATHS) * BREATH_FLAG
            | (kind in HIT_WINGS) * HIT_WINGS_FLAG | (kind == "regen") * REGEN_FLAG
            | (KINDS[kind]["category"] == "magic") * MAGIC_FLAG
            | (KINDS[kind]["category"] == "special") * SPECIAL_FLAG)


RANK_FLAGS = tuple(map(_rank_flags, KIND_LIST))
"""HandInfo flag bits per kind rank."""
RANK_MAGIC = tuple(k if f & MAGIC_FLAG else None
                   for k, f in zip(KIND_LIST, RANK_FLAGS, strict=True))
"""The magic kind per kind rank, None for other kinds."""


def hand_info(state: RWState, seat: int) -> HandInfo:
    """Returns what a seat's hand allows."""
    return HandInfo(state.hands[seat])


def take(state: RWState, seat: int, kind: str) -> int:
    """Removes the first card of a kind from a hand and returns its id."""
    hand = state.hands[seat]
    for i, cid in enumerate(hand):
        if KIND_OF[cid] == kind:
            return hand.pop(i)
    raise KeyError(kind)


def ready_magic(state: RWState, seat: int, used: Collection[int] = ()) -> list[tuple[str, int]]:
    """Returns (kind, card) of ready attack magic not already in the build, one per kind, in
    deck order."""
    dragon = state.dragons[seat]
    turns = dragon["turns"]
    out: list[tuple[str, int]] = []
    for card, turn in dragon["slots"]:
        if card is None or turn >= turns:
            continue
        kind = ATTACK_MAGIC_OF[card]
        if kind is None or card in used:
            continue
        for k, _ in out:
            if k == kind:
                break
        else:
            out.append((kind, card))
    if len(out) > 1:
        out.sort(key=_magic_order)
    return out


def _magic_order(kind_card: tuple[str, int]) -> int:
    return KIND_ORDER[kind_card[0]]


ATTACK_MAGIC_OF = tuple(k if KINDS[k].get("magic") == "attack" else None for k in KIND_OF)
"""The attack magic kind per card id, None for other cards."""


def hit_name(build: Build, i: int) -> str:
    """Returns a build hit card's menu name, such as "#1 Melee Front – Claw"."""
    h = build["hits"][i]
    if h["side"] and "side" not in KINDS[h["kind"]]:
        return Text("#{number} {card} ({side})", number=str(i + 1), card=name_of(h["card"]),
                    side=LOC_NAME[h["side"]])
    return Text("#{number} {card}", number=str(i + 1), card=name_of(h["card"]))


def _mr(state: RWState, seat: int | None) -> bool:
    return seat is not None and has_special(state, seat, "mres")


def heal_choices(state: RWState, attacker: int, target: int | None) -> list[tuple[int, int, str]]:
    """Returns (seat, entry id, label) for every entry Heal may remove."""
    out: list[tuple[int, int, str]] = []
    seats = [attacker] if target is None else [attacker, target]
    for s in seats:
        if _mr(state, s):
            continue
        for key, place in state.dragons[s]["loc"].items():
            if place["breached"]:
                continue
            for e in place["entries"]:
                net = e["amount"] - sum(a for _, a in e["covers"])
                out.append((s, e["id"], entry_label(key, e["card"], e["amount"], net, e["id"])))
    return out


def entry_label(loc: str, card: int, amount: int, net: int, entry_id: int) -> Text:
    """Returns a damage entry's menu name: "Front: Melee Front – Claw 4 (net 1) #7"."""
    return Text("{side}: {card} {amount} (net {net}) #{entry}", side=LOC_NAME[loc],
                card=name_of(card), amount=amount, net=net, entry=str(entry_id))


def swap_seats(state: RWState, attacker: int, target: int | None) -> list[int]:
    """Returns the dragons a Swap may choose (yourself, the target), minus Magic Resistance."""
    seats = [attacker] if target is None else [attacker, target]
    return [s for s in seats if not _mr(state, s)]


SWAP_PAIRS = [(a, b) for i, a in enumerate(SIDES) for b in SIDES[i + 1:]]


def who(state: RWState, attacker: int, seat: int) -> str:
    """Returns "Myself" or the seat placeholder for labels."""
    return _MYSELF if seat == attacker else f"{{p{seat}}}"


_MYSELF = Text("Myself")


def magic_can_start(state: RWState, p: int, target: int | None,
                    magic: list[tuple[str, int]]) -> bool:
    """True when ready magic alone may open an attack on `target` (None = yourself).

    This is whether `build_options` offers any add on an empty build when the hand holds no card
    that can hit: Remove Breath Resistance, Core Hit or Crush on a target without Magic
    Resistance (Crush needs an unbreached side), or Heal / Swap with something to act on.
    """
    t_mr = _mr(state, target)
    for kind, _card in magic:
        if target is not None and not t_mr and (
                kind in ("rbr", "corehit")
                or (kind == "crush" and not all(is_breached(state, target, s) for s in SIDES))):
            return True
        if kind == "heal" and _has_heal_choice(state, p, target):
            return True
        if kind == "swap" and swap_seats(state, p, target):
            return True
    return False


def _has_heal_choice(state: RWState, attacker: int, target: int | None) -> bool:
    """True when `heal_choices` would offer at least one entry."""
    for s in (attacker,) if target is None else (attacker, target):
        if _mr(state, s):
            continue
        for place in state.dragons[s]["loc"].values():
            if place["entries"] and not place["breached"]:
                return True
    return False


def build_options(state: RWState, p: int, out: list[Option], info: HandInfo | None = None) -> None:
    """Appends the legal next steps of the attack being built (`info`: the hand's, if known):
    hit cards, modifiers, slotted magic and Called Shot aims, then Declare and Start over."""
    b = state.build
    assert b is not None
    if b["arma"]:
        _arma_options(state, p, b, out)
        return
    used_magic: Collection[int]
    magic_kinds: Collection[str]
    if b["magic"]:
        used_magic = {m["card"] for m in b["magic"]}
        magic_kinds = {m["kind"] for m in b["magic"]}
    else:
        used_magic = magic_kinds = _NOTHING
    t = b["target"]
    slots = state.dragons[p]["slots"]
    if t is not None:
        info = info or hand_info(state, p)
        _hand_steps(state, p, t, b, out, info, magic_kinds)
        if slots:
            _magic_steps(state, p, t, b, out, used_magic, magic_kinds)
        if "called" in magic_kinds:
            _aim_steps(state, t, b, out)
    elif slots:
        for kind, _card in ready_magic(state, p, used_magic):
            if kind in ("heal", "swap"):
                _self_magic(state, p, None, kind, out)
    if is_declarable(b):
        out.append(DECLARE)
    if state.restarts < MAX_RESTARTS or not out:
        out.append(RESTART)


def _hand_steps(state: RWState, p: int, t: int, b: Build, out: list[Option],
                info: HandInfo, magic_kinds: Collection[str]) -> None:
    """Appends the steps that add a hand card: hit cards (with a Combo when the attack is full),
    Focused Dive, Dive Attack, Melee Wing Attack and Dusting (R5.2, R5.4, R5.5)."""
    hits = b["hits"]
    n_hits = len(hits)
    wings = has_wings(state, p)
    holds = info.holds
    used_dive = has_breath = False
    for h in hits:
        if h["kind"] == "dive" or h["dive"] is not None:
            used_dive = True
        if h["kind"] in BREATHS:
            has_breath = True
    prefix = group = None
    if n_hits < 1 + len(b["combos"]) + (1 if b["focus"] else 0):
        prefix, group = "add", _ADD
    elif wings and holds("combo"):
        prefix, group = "addc", _ADD_COMBO
    if prefix and group:
        table = _hit_table(prefix, group, element(state, p), wings, has_breath, used_dive)
        for rank in info.uniq:
            out.extend(table[rank])
    if wings and b["focus"] is None and n_hits >= 1 and holds("fdive"):
        for s in SIDES:
            out.append(listed(f"fd:{s}", (_ADD, kind_name("fdive"), LOC_NAME[s])))
    if wings and not used_dive and holds("dive"):
        for i, h in enumerate(hits):
            if KINDS[h["kind"]].get("hit") == "MELEE" and h["dive"] is None:
                out.append(listed(f"dv:{i}", (_ADD, _DIVE_PLUS, hit_name(b, i))))
    if holds("watk") and has_wings(state, t):
        for i, h in enumerate(hits):
            if h["wing"] is None and KINDS[h["kind"]].get("hit") in ("MELEE", "BREATH"):
                out.append(listed(f"wa:{i}", (_ADD, kind_name("watk"), hit_name(b, i))))
    if wings and b["dusting"] is None and holds("dust") and (
            n_hits or "corehit" in magic_kinds):
        out.append(_DUSTING)


_DIVE_PLUS = Text("{card} (+2)", card=kind_name("dive"))
_DIVE_HIT = Text("{card} (hit 5)", card=kind_name("dive"))
_SIDE_ROLLED = Text("side rolled")


def _magic_steps(state: RWState, p: int, t: int, b: Build, out: list[Option],
                 used_magic: Collection[int], magic_kinds: Collection[str]) -> None:
    """Appends the steps that add ready attack magic not yet in the build (R5.3): none naming a
    target with Magic Resistance; Called Shot and Remove Breath Resistance once each."""
    t_mr = _mr(state, t)
    for kind, _card in ready_magic(state, p, used_magic):
        if kind in ("heal", "swap"):
            _self_magic(state, p, t, kind, out)
        elif t_mr:
            continue
        elif kind in ("called", "rbr"):
            if kind not in magic_kinds and (kind == "rbr" or b["hits"]):
                out.append(listed(f"mg:{kind}", (_ADD, kind_name(kind))))
        elif kind == "corehit":
            out.append(listed("mg:corehit", (_ADD, kind_name(kind))))
        elif kind == "crush":
            for s in SIDES:
                if not is_breached(state, t, s):
                    out.append(listed(f"mg:crush:{s}", (_ADD, kind_name(kind), LOC_NAME[s])))


def _aim_steps(state: RWState, t: int, b: Build, out: list[Option]) -> None:
    """Appends a Called Shot aim for each hit card not yet aimed nor on the Wings."""
    locs = [*SIDES, "W"] if has_wings(state, t) else list(SIDES)
    for i, h in enumerate(b["hits"]):
        if h["aim"] is None and h["wing"] is None:
            for loc in locs:
                out.append(listed(f"aim:{i}:{loc}",
                                  (kind_name("called"), hit_name(b, i), LOC_NAME[loc])))


@lru_cache(maxsize=256)
def _hit_table(prefix: str, group: str, elem: str | None, wings: bool, has_breath: bool,
               used_dive: bool) -> tuple[tuple[Option, ...], ...]:
    """Returns, per kind rank, the options that add one hit card of that kind (memoised)."""
    return tuple(_hit_options(prefix, group, kind, elem, wings, has_breath, used_dive)
                 for kind in KIND_LIST)


def _hit_options(prefix: str, group: str, kind: str, elem: str | None, wings: bool,
                 has_breath: bool, used_dive: bool) -> tuple[Option, ...]:
    """Returns the options that add one hit card of `kind` (memoised)."""
    out: list[Option] = []
    info = KINDS[kind]
    name = kind_name(kind)
    if info["category"] == "melee" and "side" in info:
        if wings or not info.get("needs_wings"):
            out.append(listed(f"{prefix}:{kind}", (group, name)))
    elif kind == "targ":
        for s in SIDES:
            out.append(listed(f"{prefix}:targ:{s}", (group, name, LOC_NAME[s])))
    elif kind in BREATHS and elem and not has_breath:
        if elem == "Chaos":
            if kind == "br.chaos":
                for s in SIDES:
                    out.append(listed(f"{prefix}:{kind}:{s}", (group, name, LOC_NAME[s])))
            else:
                out.append(listed(f"{prefix}:{kind}", (group, name, _SIDE_ROLLED)))
        elif kind == "br.light" and elem == "Lightning":
            for s in SIDES:
                for a in SIDES:
                    if a != s:
                        out.append(listed(f"{prefix}:{kind}:{s}:{a}",
                                          (group, name, LOC_NAME[s],
                                           Text("Arc to {side}", side=LOC_NAME[a]))))
        else:
            for s in SIDES:
                out.append(listed(f"{prefix}:{kind}:{s}", (group, name, LOC_NAME[s])))
    elif kind == "dive" and wings and not used_dive:
        for s in SIDES:
            out.append(listed(f"{prefix}:dive:{s}", (group, _DIVE_HIT, LOC_NAME[s])))
    return tuple(out)


def _self_magic(state: RWState, p: int, t: int | None, kind: str, out: list[Option]) -> None:
    if kind == "heal":
        for s, eid, text in heal_choices(state, p, t):
            out.append(listed(f"mg:heal:{s}:{eid}", (_ADD, kind_name("heal"), who(state, p, s),
                                                     text)))
    else:
        for s in swap_seats(state, p, t):
            for a, c in SWAP_PAIRS:
                out.append(listed(f"mg:swap:{s}:{a}{c}", (_ADD, kind_name("swap"), who(state, p, s),
                                                          swapped(a, c))))


def swapped(a: str, b: str) -> Text:
    """Returns "Front ↔ Rear" for two sides exchanged by Swap."""
    return join_texts((LOC_NAME[a], LOC_NAME[b]), " ↔ ")


def arma_targets(state: RWState, p: int) -> list[int]:
    """Returns the dragons Armageddon strikes, in turn order from the attacker's left."""
    n = state.players
    out = []
    for i in range(1, n):
        s = (p + i) % n
        if state.dragons[s]["conscious"] and not _mr(state, s):
            out.append(s)
    return out


def _arma_options(state: RWState, p: int, b: Build, out: list[Option]) -> None:
    aimed = {s for s, _ in b["arma_sides"]}
    pending = [s for s in arma_targets(state, p) if s not in aimed]
    if pending:
        s = pending[0]
        for side in SIDES:
            out.append(listed(f"arma:{s}:{side}", (kind_name("arma"), f"{{p{s}}}",
                                                   LOC_NAME[side])))
    else:
        out.append(DECLARE)
    if state.restarts < MAX_RESTARTS:
        out.append(RESTART)


def is_declarable(b: Build) -> bool:
    """True when the build holds a card and every Called Shot aim is chosen."""
    magic = b["magic"]
    if not magic:
        return bool(b["hits"])
    for m in magic:
        if m["kind"] == "called":
            return all(h["aim"] is not None or h["wing"] is not None for h in b["hits"])
    return True


def apply_build(state: RWState, p: int, parts: list[str], events: list[Event]) -> None:
    """Applies one legal build step."""
    b = state.build
    assert b is not None
    _BUILD_STEPS[parts[0]](state, p, b, parts)


def _add_hit(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    kind = parts[1]
    card = take(state, p, kind)
    if parts[0] == "addc":
        b["combos"].append(take(state, p, "combo"))
    side = parts[2] if len(parts) > 2 else None
    arc = parts[3] if len(parts) > 3 else None
    b["hits"].append({"card": card, "kind": kind, "side": side, "arc": arc, "dive": None,
                      "wing": None, "aim": None})


def _add_focus(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    b["focus"] = [take(state, p, "fdive"), parts[1]]


def _add_dive(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    b["hits"][int(parts[1])]["dive"] = take(state, p, "dive")


def _add_wing(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    b["hits"][int(parts[1])]["wing"] = take(state, p, "watk")


def _add_dusting(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    b["dusting"] = take(state, p, "dust")


def _add_magic(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    """Marks a ready slotted card as part of the build, with its choices (it stays in its slot)."""
    kind = parts[1]
    used = {m["card"] for m in b["magic"]}
    card = dict(ready_magic(state, p, used))[kind]
    item: BuildMagic = {"card": card, "kind": kind}
    if kind == "heal":
        item["seat"], item["entry"] = int(parts[2]), int(parts[3])
    elif kind == "swap":
        item["seat"], item["a"], item["b"] = int(parts[2]), parts[3][0], parts[3][1]
    elif kind == "crush":
        item["side"] = parts[2]
    b["magic"].append(item)


def _aim(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    b["hits"][int(parts[1])]["aim"] = parts[2]


def _arma_side(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    b["arma_sides"].append([int(parts[1]), parts[2]])


def _restart(state: RWState, p: int, b: Build, parts: list[str]) -> None:
    cancel_build(state)
    state.restarts += 1
    state.phase = "action"


_BUILD_STEPS: dict[str, Callable[[RWState, int, Build, list[str]], None]] = {
    "add": _add_hit, "addc": _add_hit, "fd": _add_focus, "dv": _add_dive, "wa": _add_wing,
    "dust": _add_dusting, "mg": _add_magic, "aim": _aim, "arma": _arma_side, "restart": _restart,
}


def build_cards(b: Build) -> list[int]:
    """Returns the hand cards lying in a build."""
    cards = []
    for h in b["hits"]:
        cards.append(h["card"])
        cards.extend(c for c in (h["dive"], h["wing"]) if c is not None)
    cards.extend(b["combos"])
    if b["focus"]:
        cards.append(b["focus"][0])
    if b["dusting"] is not None:
        cards.append(b["dusting"])
    return cards


def cancel_build(state: RWState) -> None:
    """Returns the build's hand cards to the hand."""
    b = state.build
    if b is not None:
        state.hands[state.active].extend(build_cards(b))
    state.build = None


def prune_build(state: RWState) -> None:
    """Drops build magic that a special made illegal (Magic Resistance, a vanished slot or entry)."""
    b = state.build
    if b is None:
        return
    p = state.active
    slotted = {c for c, _ in state.dragons[p]["slots"] if c is not None}
    keep = []
    t = b["target"]
    for m in b["magic"]:
        ok = m["card"] in slotted
        kind = m["kind"]
        if kind in ("called", "corehit", "crush", "rbr"):
            ok = ok and not _mr(state, t)
        elif kind in ("heal", "swap"):
            ok = ok and not _mr(state, m["seat"])
            if kind == "heal" and ok:
                found = find_entry(state, m["seat"], m["entry"])
                ok = found is not None and not is_breached(state, m["seat"], found[0])
        if ok:
            keep.append(m)
    b["magic"] = keep
    if not any(m["kind"] == "called" for m in keep):
        for h in b["hits"]:
            h["aim"] = None


# -- declaration ----------------------------------------------------------------------------------

def make_hits(state: RWState, p: int, b: Build) -> list[Hit]:
    """Turns a build into the ordered hit list (R6.1 step 3), rolling Chaos dice."""
    elem = element(state, p)
    called = any(m["kind"] == "called" for m in b["magic"])
    hits: list[Hit] = []
    bonuses: list[list[Hit]] = []
    t = b["target"]
    for h in b["hits"]:
        hit, extra = _card_hit(state, h, elem, t)
        if h["dive"] is not None:
            hit["mod"] += 2
        if called:
            hit["mod"] += 1
        if b["focus"]:
            hit["loc"] = b["focus"][1]
        if called and h["aim"]:
            hit["loc"] = h["aim"]
        if h["wing"] is not None:
            hit["loc"] = "W"
        hits.append(hit)
        bonuses.append(extra)
    ordered: list[Hit] = []
    for hit, extra in zip(hits, bonuses, strict=True):
        ordered.append(hit)
        parent = len(ordered) - 1
        for e in extra:
            e["parent"] = parent
            ordered.append(e)
    for m in b["magic"]:
        if m["kind"] == "corehit":
            ordered.append(_magic_hit(kind_name("corehit"), 3, "C", t))
    for s, side in b["arma_sides"]:
        ordered.append(_magic_hit(kind_name("arma"), 4, side, s))
    return ordered


def _card_hit(state: RWState, h: BuildHit, elem: str | None,
              t: int | None) -> tuple[Hit, list[Hit]]:
    """Returns the hit of a hit card at its printed, chosen or rolled side, and its bonus hits
    (Frost, Arc); Chaos breath rolls its damage, then its side unless aimed."""
    kind = h["kind"]
    info = KINDS[kind]
    hit: Hit = {"card": h["card"], "name": kind_name(kind), "type": info.get("hit", "MELEE"),
                "weapon": info.get("weapon"), "element": None, "base": info.get("damage", 0),
                "mod": 0, "loc": h["side"] or "", "parent": None, "corrode": False, "target": t,
                "cancelled": False, "deflected": None, "shield": 0, "scales": [], "fate": ""}
    extra: list[Hit] = []
    if "side" in info:
        hit["loc"] = {"Front": "F", "Left": "L", "Right": "R", "Rear": "B"}[info["side"]]
    elif kind == "dive":
        hit["type"], hit["weapon"], hit["base"] = "MANEUVER", None, 5
    elif kind in BREATHS:
        own = info["element"] == elem
        hit["type"], hit["weapon"], hit["element"] = "BREATH", None, elem
        if elem == "Chaos":
            hit["base"] = roll(state, 6) + 3
            if not h["side"]:
                hit["loc"] = SIDES[roll(state, 4) - 1]
        else:
            hit["base"] = 5
        if own and elem == "Acid":
            hit["corrode"] = True
        elif own and elem == "Ice":
            extra.append(_bonus(hit, FROST, "W"))
        elif own and elem == "Lightning" and h["arc"]:
            extra.append(_bonus(hit, ARC, h["arc"]))
    return hit, extra


def _bonus(parent: Hit, name: str, loc: str) -> Hit:
    """Returns a bonus hit (an Extra Damage Marker) of a breath hit, as it is now."""
    hit = parent.copy()
    hit["card"], hit["name"], hit["base"], hit["mod"] = MARKER, name, 3, 0
    hit["loc"], hit["corrode"], hit["scales"] = loc, False, []
    return hit


def _magic_hit(name: str, dmg: int, loc: str, target: int | None) -> Hit:
    return {"card": MARKER, "name": name, "type": "MAGIC", "weapon": None, "element": None,
            "base": dmg, "mod": 0, "loc": loc, "parent": None, "corrode": False, "target": target,
            "cancelled": False, "deflected": None, "shield": 0, "scales": [], "fate": ""}
