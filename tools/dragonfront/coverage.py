"""Reports how many of the 583 cards the engine plays: `python -m tools.dragonfront.coverage`.

A card counts as faithful only when its own scenario (tests/dfcards, one per card, written from the
card's text) exists and passes; the report prints faithful / not faithful / no scenario / left out
counts by card type and by faction, and each left-out card with its reason. `exercise` is the smoke
harness beside it: it plays a supported card on a busy test board (deployed or cast on each mode,
activated, carried through turn starts and ends) and is run by tests/test_dragonfront_coverage.py.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable

from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront import rules as R
from games.dragonfront.board import find_unit, new_fort, new_unit, place_unit
from games.dragonfront.combat import can_activate
from games.dragonfront.context import Ctx
from games.dragonfront.movement import can_slide
from games.dragonfront.state import DFState, Unit
from games.dragonfront.stats import has

_EXTRAS = (("DeU011", 0, [4]),)
"""Pieces added to the test board for a card with no legal play on the plain one (an ally
Starling for the Starling spells)."""


def test_board(faction: str, *, extras: bool = False) -> DFState:
    """Returns a busy main-phase board: enemies ahead (one of 5 power), an ally, an enemy fort and
    wall, 10 mana (with `extras`, the pieces of `_EXTRAS` as well)."""
    st = R.new_state(3, [faction, "scales"])
    st.phase, st.active, st.turn = "main", 0, 4
    for p in st.players:
        p.update(hand=[], deck=["ScU017"] * 6, mana=10, tokens=0, mulligan=False)
    for cid, owner, spaces in (("ScU017", 1, [8]), ("ScU003", 1, [13]), ("ScU017", 0, [1]),
                               ("ESU003", 0, [6]), ("ScU003", 1, [15]), ("EcU002", 1, [7]),
                               ("EcU012", 0, [5]), ("StU024", 1, [14]),
                               *(_EXTRAS if extras else ())):
        u = new_unit(st, cid, owner, spaces)
        u["sick"] = False
        place_unit(st, u)
    st.units[0].update(stun=1, poison=True)
    st.forts.append(new_fort(st, "ThF003", 1, 9))
    st.forts.append(new_fort(st, "ToF005", 1, 10))
    st.blessed = [0, 5]
    return st


def exercise(card_id: str) -> str | None:
    """Plays one card through the engine; returns None when all went well, else what failed."""
    c = C.card(card_id)
    if not C.is_supported(card_id):
        return c.get("unsupported")
    faction = c["faction"].lower() if c["faction"].lower() in C.decks() else "eclipse"
    try:
        for mode in [-1] if not c.get("modes") else list(range(len(c["modes"]))):
            if not _play_mode(card_id, faction, mode):
                return "no legal play on the test board"
        if any(a["on"] == "discarded" for a in c["abilities"]):
            st = test_board(faction)
            st.players[0]["hand"] = [card_id]
            R.apply_action(st, 0, A.Discard(card_id), Ctx(owner=0))
    except Exception as exc:  # noqa: BLE001 - the report names any failure
        return f"{type(exc).__name__}: {exc}"
    return None


def _play_mode(card_id: str, faction: str, mode: int, *, extras: bool = False) -> bool:
    """Plays the card (in one CHOOSE ONE mode) on a fresh test board (with the extra pieces when
    the plain board has no play), works the units it brought, discards for mana and plays three
    turn ends; returns False when it has no legal play."""
    st = test_board(faction, extras=extras)
    if C.card(card_id)["type"] == "champion":
        st.players[0]["champion"] = card_id
        st.players[0]["tokens"] = 15
    else:
        st.players[0]["hand"] = [card_id, "ScU017"]
    plays = [a for a in R.legal(st, 0) if isinstance(a, A.Play) and a.card == card_id
             and a.mode == mode]
    if not plays:
        return False if extras else _play_mode(card_id, faction, mode, extras=True)
    ctx = Ctx(owner=0)
    before = {u["id"] for u in st.units}
    R.apply_action(st, 0, plays[0], ctx)
    for u in [u for u in st.units if u["id"] not in before and u["owner"] == 0]:
        _work(st, u, ctx)
    if st.result is None and "ScU017" in st.players[0]["hand"] and not st.players[0]["discarded"]:
        R.apply_action(st, 0, A.Discard("ScU017"), ctx)
    for _ in range(3):
        if st.result is None:
            R.apply_action(st, st.active, A.EndTurn(), ctx)
    json.dumps(st.players)
    return True


def _work(st: DFState, u: Unit, ctx: Ctx) -> None:
    """Readies a newly arrived unit, activates it when it can, and shifts it when it can."""
    u["sick"] = False
    if can_activate(st, u):
        R.apply_action(st, 0, A.Activate(u["id"]), ctx)
    for d in (-1, 1):
        if find_unit(st, u["id"]) and not u["shifted"] and can_slide(st, u, d, seen_by=0) \
                and has(st, u, "SHIFT"):
            R.apply_action(st, 0, A.Shift(u["id"], d), ctx)


def report() -> tuple[list[str], dict[str, str]]:
    """Returns (cards played, {card: reason}) over the whole card file: the smoke harness."""
    ok: list[str] = []
    bad: dict[str, str] = {}
    for cid in sorted(C.cards()):
        problem = exercise(cid)
        if problem is None:
            ok.append(cid)
        else:
            bad[cid] = problem
    return ok, bad


STATUSES = ("faithful", "not faithful", "no scenario", "left out")


def run_scenario(func: Callable[[], None]) -> str | None:
    """Runs one card scenario; returns None when it passes, else the failure in one line."""
    try:
        func()
    except Exception as exc:  # noqa: BLE001 - the report names any failure
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".strip()
    return None


def classify(scenarios: dict[str, Callable[[], None]]) -> dict[str, tuple[str, str]]:
    """Returns {card: (status, detail)}: "left out" (the engine does not play it; detail is the
    reason), "no scenario", "not faithful" (its scenario fails; detail is how) or "faithful"."""
    out: dict[str, tuple[str, str]] = {}
    for cid in sorted(C.cards()):
        if not C.is_supported(cid):
            out[cid] = ("left out", C.card(cid).get("unsupported") or "unsupported")
        elif cid not in scenarios:
            out[cid] = ("no scenario", "")
        else:
            problem = run_scenario(scenarios[cid])
            out[cid] = ("faithful", "") if problem is None else ("not faithful", problem)
    return out


def tally(status: dict[str, tuple[str, str]], key: str) -> dict[str, Counter[str]]:
    """Counts statuses grouped by a card field ("type" or "faction")."""
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    for cid, (st, _) in status.items():
        groups[C.card(cid)[key]][st] += 1
    return dict(sorted(groups.items()))


def render(status: dict[str, tuple[str, str]]) -> str:
    """Returns the coverage report's text."""
    total = Counter(st for st, _ in status.values())
    head = " / ".join(f"{total[s]} {s}" for s in STATUSES)
    out = [f"Dragon Front coverage, {len(status)} cards: {head}."]
    for key in ("type", "faction"):
        out.append(f"By {key}:  " + " / ".join(STATUSES))
        for group, cnt in tally(status, key).items():
            out.append(f"  {group:<10} " + " ".join(f"{cnt[s]:>4}" for s in STATUSES))
    for label in ("not faithful", "left out"):
        rows = [(cid, why) for cid, (st, why) in status.items() if st == label]
        out.append(f"{label.capitalize()} ({len(rows)}):")
        out.extend(f"  {cid} {C.name(cid)}: {why}" for cid, why in rows)
    return "\n".join(out) + "\n"


def main() -> None:
    """Prints the coverage report: a card is faithful only when its own scenario passes."""
    from tests.dfcards import load_all

    sys.stdout.write(render(classify(load_all())))


if __name__ == "__main__":
    main()
