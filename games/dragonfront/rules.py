"""The Dragon Front rules: setup and mulligan, the turn (income, draw, poison, start and end
effects, REGEN, the turn cap), the legal actions, applying one, and how the game ends and scores.

Activation and combat live in `combat`, playing cards in `play`, card effects in `effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.core import Outcome
from games.dragonfront import cards as C
from games.dragonfront import hand_mods
from games.dragonfront.actions import (
    END_TURN,
    MULLIGANS,
    Action,
    Activate,
    Bank,
    Discard,
    EndTurn,
    Mulligan,
    Play,
    Shift,
    activate_of,
    bank_of,
    discard_of,
    shift_of,
)
from games.dragonfront.board import find_unit, spawn_row, still
from games.dragonfront.combat import activate, can_activate
from games.dragonfront.context import Ctx, say, say_about
from games.dragonfront.damage import check_end, damage_unit, resolve_deaths
from games.dragonfront.movement import can_slide, slide
from games.dragonfront.play import card_cost, champion_cost, play, plays
from games.dragonfront.records import note_discard
from games.dragonfront.resources import draw, gain_mana, locked_lanes
from games.dragonfront.state import (
    MAX_TURNS,
    STRONGHOLD,
    TURN_ACTION_CAP,
    DFState,
    DFTermination,
    Player,
)
from games.dragonfront.stats import has, keywords
from games.dragonfront.timed import expire
from games.dragonfront.triggers import discarded, trigger
from games.dragonfront.triggers_more import foe_income
from games.rng import Rng
from games.text import join_texts, make_text, plural, seat_ref

OPENING_HAND: Final = 4
WIN_SCORE: Final = 15
"""The winner's score; otherwise a seat scores 15 minus the enemy Stronghold's health."""

# -- setup -----------------------------------------------------------------------------------


def new_state(seed: int, factions: list[str | None],
              decks: list[dict[str, Any] | None] | None = None) -> DFState:
    """Deals a new game: factions (None = random), shuffled decks (a seat's built deck, else its
    faction's base deck), opening hands, initiative."""
    rng = Rng(seed)
    players: list[Player] = []
    for seat, choice in enumerate(factions):
        built = decks[seat] if decks else None
        if built is not None:
            faction, deck = str(built["faction"]).lower(), built
        else:
            faction = choice if choice and choice != "random" else rng.choice(C.FACTIONS).lower()
            faction = faction.lower()
            deck = C.decks()[faction]
        cards = list(deck["cards"])
        rng.shuffle(cards)
        players.append({"faction": faction, "sh": STRONGHOLD, "mana": 0, "tokens": 0,
                        "hand": [], "deck": cards, "champion": deck["champion"], "fatigue": 0,
                        "discarded": False, "mulligan": True})
    st = DFState(rng=rng, players=players)
    st.first = rng.below(2)
    st.active = st.first
    ctx = Ctx(owner=0)
    for seat in (0, 1):
        for _ in range(OPENING_HAND):
            draw(st, seat, ctx)
    st.players[1 - st.first]["hand"].append(C.STIPEND)
    return st


def check_decks(raw: Any) -> list[dict[str, Any] | None] | None:
    """Checks the `deck` option (None, or one entry per seat: None or a built deck
    {"faction", "champion", "cards"}) and returns it; raises ValueError listing the problems."""
    if raw is None:
        return None
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError(make_text("deck needs one entry per seat (None for the faction's base deck)."))
    out: list[dict[str, Any] | None] = []
    for seat, entry in enumerate(raw):
        if entry is None:
            out.append(None)
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("cards"), list | tuple):
            raise ValueError(make_text("Seat {seat}'s deck needs a faction, a champion and cards.",
                                  seat=seat + 1))
        faction = str(entry.get("faction", "")).lower()
        title = next((f for f in C.FACTIONS if f.lower() == faction), faction)
        champion, cards = str(entry.get("champion", "")), [str(c) for c in entry["cards"]]
        problems = C.validate_deck(title, champion, cards)
        if problems:
            raise ValueError(make_text("Seat {seat}'s deck cannot be played: {problems}", seat=seat + 1,
                                  problems=join_texts(problems, " ")))
        out.append({"faction": faction, "champion": champion, "cards": cards})
    return out


def mulligan(st: DFState, seat: int, mask: int, ctx: Ctx) -> None:
    """Replaces the chosen opening cards; the first turn starts once both seats are done."""
    p = st.players[seat]
    p["mulligan"] = False
    back = [cid for i, cid in enumerate(p["hand"][:OPENING_HAND]) if mask >> i & 1]
    keep = [cid for i, cid in enumerate(p["hand"]) if not (i < OPENING_HAND and mask >> i & 1)]
    p["hand"] = keep
    for _ in back:
        draw(st, seat, ctx)
    p["deck"].extend(back)
    st.rng.shuffle(p["deck"])
    say(ctx, plural("{player} replaces {n} card.", "{player} replaces {n} cards.", len(back),
                    player=seat_ref(seat)))
    if not any(q["mulligan"] for q in st.players):
        st.phase = "main"
        start_turn(st, ctx)


# -- the turn --------------------------------------------------------------------------------


def mana_income(st: DFState, seat: int) -> int:
    """Returns a seat's mana income: 1 plus its visible units' spaces in its Spawn Row."""
    low = spawn_row(seat) * 4  # the row's spaces are low .. low + 3, lanes s - low
    lanes: list[int] = []
    for u in st.units:  # typed loops: native code when compiled (a view asks twice)
        owner: int = u["owner"]
        if owner != seat or u["hidden"]:
            continue
        spaces: list[int] = u["sp"]
        for s in spaces:
            if low <= s < low + 4:
                lanes.append(s - low)
    if not lanes:
        return 1
    locked = locked_lanes(st, seat)
    return 1 + (sum(1 for c in lanes if c not in locked) if locked else len(lanes))


def _own_pieces(st: DFState, seat: int) -> list[dict[str, Any]]:
    own = [u for u in st.units if u["owner"] == seat]
    if st.forts:
        own += [f for f in st.forts if f["owner"] == seat]
    return own


def start_turn(st: DFState, ctx: Ctx) -> None:
    """Start of turn: ready units, earn mana, draw, poison, then START OF TURN effects."""
    seat = st.active
    p = st.players[seat]
    p["discarded"] = False
    st.turn_actions = 0
    say(ctx, make_text("Turn {turn}: {player} to play.", turn=st.turn + 1, player=seat_ref(seat)))
    for u in st.units:
        if u["owner"] == seat:
            u["acted"] = u["shifted"] = u["sick"] = False
            if u["stun"] == 1:
                u["stun"] = 2
    expire(st, seat, "start")
    gain_mana(st, seat, mana_income(st, seat))
    foe_income(st, seat, ctx)
    draw(st, seat, ctx)
    for u in [u for u in st.units if u["poison"] and u["owner"] == seat]:
        venom = sum(1 for f in st.forts if f["owner"] != seat and f["kw"].get("VENOM"))
        damage_unit(st, u, 1 + venom, ctx, source=None, poison=True)
    resolve_deaths(st, ctx)
    for x in _own_pieces(st, seat):
        if st.result is None:
            trigger(st, x, "start", ctx)
    check_end(st)


def end_turn(st: DFState, ctx: Ctx) -> None:
    """End of turn: END OF TURN effects and REGEN, then the other player's turn starts."""
    seat = st.active
    for x in _own_pieces(st, seat):
        if st.result is None:
            trigger(st, x, "end", ctx)
    for u in [u for u in st.units if u["owner"] == seat]:
        regen = has(st, u, "REGEN")
        if regen and u in st.units:
            u["dmg"] = max(0, u["dmg"] - regen)
    expire(st, seat, "end")
    for u in st.units:
        u["eotpw"] = None
        if "tmp" in u:
            del u["tmp"]
        if "tmpkw" in u:
            del u["tmpkw"]
        if "lent" in u:
            u["owner"] = u.pop("lent")
        if u["stun"] == 2 and u["owner"] == seat:
            u["stun"] = 0
    if st.result is not None:
        return
    st.active = 1 - seat
    st.turn += 1
    if st.turn >= MAX_TURNS:
        a, b = st.players[0]["sh"], st.players[1]["sh"]
        st.result = {"winners": [] if a == b else [0 if a > b else 1],
                     "reason": DFTermination.TURN_LIMIT.value}
        st.phase = "over"
        say(ctx, make_text("The turn limit is reached."))
        return
    start_turn(st, ctx)


# -- who moves, and how it ends --------------------------------------------------------------


def to_play(st: DFState) -> tuple[int, ...]:
    """Returns the seats owing a decision: both in the mulligan until done, else the active one."""
    if st.result is not None:
        return ()
    if st.phase == "mulligan":
        return tuple(s for s in (0, 1) if st.players[s]["mulligan"])
    return (st.active,)


def active(st: DFState) -> int | None:
    """Returns whose turn it is (None during the mulligan and once the game is over)."""
    if st.result is not None or st.phase == "mulligan":
        return None
    return st.active


def has_turn(st: DFState, seat: int) -> bool:
    """Tells whether `seat` has any legal action now (`legal` is empty exactly when not)."""
    if st.result is not None:
        return False
    if st.phase == "mulligan":
        return bool(st.players[seat]["mulligan"])
    return seat == st.active


def outcome(st: DFState) -> Outcome | None:
    """Returns how the game ended, or None while it runs."""
    if st.result is None:
        return None
    reason = st.result["reason"]
    return Outcome(tuple(st.result["winners"]), DFTermination(reason), _REASONS[reason])


_REASONS: Final = {DFTermination.STRONGHOLD.value: make_text("Stronghold destroyed"),
            DFTermination.BOTH_STRONGHOLDS.value: make_text("both Strongholds fell"),
            DFTermination.TURN_LIMIT.value: make_text("turn limit")}
"""How each ending reads in the result line (the termination's value, translatable)."""


def score(st: DFState, seat: int) -> int:
    """The winner scores 15; otherwise 15 minus the enemy Stronghold's health (0-15)."""
    if st.result is not None and st.result["winners"] == [seat]:
        return WIN_SCORE
    return max(0, min(WIN_SCORE, STRONGHOLD - st.players[1 - seat]["sh"]))


# -- legal actions ---------------------------------------------------------------------------


def legal(st: DFState, seat: int, like: Action | None = None) -> list[Action]:
    """Returns the legal actions of `seat`, in a fixed order; with `like`, only those of its kind
    (same card, same unit) that could share its code, which is all `apply` needs to check it."""
    if not has_turn(st, seat):
        return []
    if st.phase == "mulligan":
        return list(MULLIGANS)
    if st.turn_actions >= TURN_ACTION_CAP:
        return [END_TURN]
    with still(st):
        out: list[Action] = []
        for kinds, lister in _LISTERS:
            if like is None or isinstance(like, kinds):
                out.extend(lister(st, seat, like))
        return out


def _play_actions(st: DFState, seat: int, like: Action | None) -> list[Action]:
    """Plays of the affordable, playable cards in hand (each card once), then of the champion."""
    p = st.players[seat]
    wanted = like.card if isinstance(like, Play) else None
    out: list[Action] = []
    hand: list[str] = p["hand"]
    mana: int = p["mana"]  # typed: native compares when compiled
    seen: set[str] = set()  # each card once, in hand order (a set: native when compiled)
    for cid in hand:
        if cid in seen:
            continue
        seen.add(cid)
        if (wanted is None or cid == wanted) and card_cost(st, seat, cid) <= mana \
                and C.is_supported(cid):
            out.extend(plays(st, seat, cid))
    champ = p["champion"]
    if champ and (wanted is None or champ == wanted) and champion_cost(st, seat) <= mana:
        out.extend(plays(st, seat, champ))
    return out


def _unit_actions(st: DFState, seat: int, like: Action | None) -> list[Action]:
    """Activations, and SHIFT slides once a turn, of the seat's ready units."""
    # a tuple, not `Activate | Shift`: no union type is made on every call
    wanted = like.unit if isinstance(like, (Activate, Shift)) else None
    out: list[Action] = []
    for u in st.units:
        owner: int = u["owner"]  # typed: a native compare when compiled
        if owner != seat or (wanted is not None and u["id"] != wanted):
            continue
        may_shift = not u["shifted"] and not u["sick"] and not u["stun"]
        if u["acted"] and not may_shift:
            continue  # neither an activation nor a slide: no keywords needed
        kws = keywords(st, u)
        if can_activate(st, u, kws):
            out.append(activate_of(u["id"]))
        if may_shift and kws.get("SHIFT"):
            out.extend(shift_of(u["id"], d) for d in (-1, 1) if can_slide(st, u, d, seen_by=seat))
    return out


def _bank_actions(st: DFState, seat: int, like: Action | None) -> list[Action]:
    """Banking 1 up to what the champion still costs (and the mana there is)."""
    p = st.players[seat]
    cost = champion_cost(st, seat)
    if not p["champion"] or cost <= 0:
        return []
    return [bank_of(n) for n in range(1, min(p["mana"], cost) + 1)]


def _discard_actions(st: DFState, seat: int, like: Action | None) -> list[Action]:
    """Discarding a card for mana, once a turn."""
    p = st.players[seat]
    return [] if p["discarded"] else [discard_of(cid) for cid in sorted(set(p["hand"]))]


_LISTERS: Final[tuple[tuple[type | tuple[type, ...], Callable[[DFState, int, Action | None],
                                                              list[Action]]], ...]] = (
    (Play, _play_actions),
    ((Activate, Shift), _unit_actions),
    (Bank, _bank_actions),
    (Discard, _discard_actions),
    (EndTurn, lambda st, seat, like: [END_TURN]),
)
"""The main-phase actions, kind by kind, in the order they are listed."""


# -- applying --------------------------------------------------------------------------------


def apply_action(st: DFState, seat: int, action: Action, ctx: Ctx) -> None:
    """Applies a legal action in place."""
    if isinstance(action, Mulligan):
        mulligan(st, seat, action.mask, ctx)
        return
    st.turn_actions += 1
    match action:
        case EndTurn():
            end_turn(st, ctx)
        case Play():
            play(st, seat, action, ctx)
        case Activate(unit=uid):
            u = find_unit(st, uid)
            if u is not None:
                activate(st, u, ctx)
        case Shift(unit=uid, d=d):
            u = find_unit(st, uid)
            if u is not None:
                u["shifted"] = True
                say_about(ctx, u, make_text("{card} shifts lanes.", card=C.name(u["card"])))
                slide(st, u, d, ctx)
                resolve_deaths(st, ctx)
        case Bank(n=n):
            p = st.players[seat]
            p["mana"] -= n
            p["tokens"] += n
            say(ctx, make_text("{player} banks {n} mana on the champion.", player=seat_ref(seat), n=n))
        case Discard(card=cid):
            _discard(st, seat, cid, ctx)
    check_end(st)


def _discard(st: DFState, seat: int, cid: str, ctx: Ctx) -> None:
    p = st.players[seat]
    p["hand"].remove(cid)
    p["discarded"] = True
    gain_mana(st, seat, 1)
    say(ctx, make_text("{player} discards {card} for 1 mana.", player=seat_ref(seat),
                  card=C.name(cid)))
    note_discard(st, seat, cid)
    hand_mods.trim(p)
    discarded(st, seat, cid, ctx)
    resolve_deaths(st, ctx)
