"""RivalWing tentative choices stay their owner's until committed (issue 10, item 6).

A defender's picks before "Done defending", and the slotted magic, aims and Armageddon sides of a
build before "Declare attack", are seen by their owner only: the spectator's and the other seats'
views, the board PNGs drawn from them and the events they may read are the same as if the choice
had not been made.
"""

from __future__ import annotations

import json
import random

from games.core import Event, visible_events
from games.rivalwing import GAME
from games.rivalwing.state import RWState
from renderers import rivalwing as renderer
from tests.rivalwing_helpers import assert_conserved, give, play, setup, slot

NAMES = ["Ann", "Bo", "Cy"]


def _steps(s: RWState, seat: int, *codes: str) -> list[Event]:
    """Applies codes for `seat` and returns all their events."""
    events: list[Event] = []
    for code in codes:
        events += GAME.apply_code(s, seat, code)
    return events


def _others_see(s: RWState, owner: int) -> dict[int | None, tuple[str, bytes]]:
    """Returns, for the spectator and every seat but `owner`, its view (as JSON) and board PNG."""
    out: dict[int | None, tuple[str, bytes]] = {}
    for seat in (None, *(x for x in range(s.players) if x != owner)):
        v = GAME.view(s, seat)
        out[seat] = (json.dumps(v, sort_keys=True), renderer.render_board(v, names=NAMES))
    return out


def _unseen(events: list[Event], owner: int, players: int) -> bool:
    """True when no event is visible to the spectator or to a seat other than `owner`."""
    return all(not visible_events(events, seat)
               for seat in (None, *(x for x in range(players) if x != owner)))


def _window(*hand: str, slotted: tuple[str, ...] = ()) -> RWState:
    """Returns a 3-dragon duel where seat 1 (a Silver Dragon, two magic slots) must defend a Claw
    and a Tail of seat 0."""
    s = setup("black", "silver", "white")
    give(s, 0, "combo", "claw.F", "tail.F")
    give(s, 1, *hand)
    for kind in slotted:
        slot(s, 1, kind)
    play(s, 0, "atk:1", "add:claw.F", "addc:tail.F", "decl")
    assert GAME.to_play(s) == (1,)
    return s


def test_defense_picks_are_hidden_from_the_spectator_and_other_seats() -> None:
    """Scales picked from the hand are the defender's own: the spectator, the attacker and the
    third seat see the same view and PNG as before the picks, and no event of the picks."""
    s = _window("sc.F", "sc.F", "hurt")
    before = _others_see(s, 1)
    events = _steps(s, 1, "d:sc.F:0", "d:sc.F:1")
    assert _others_see(s, 1) == before
    assert _unseen(events, 1, 3)
    mine = GAME.view(s, 1)["attack"]["window"]
    assert mine["type"] == "Scales" and [pl[0] for pl in mine["plays"]] == [
        "Defense Scales Front", "Defense Scales Front"]
    public = GAME.view(s, None)
    assert public["players"][1]["hand"] == 3
    assert public["attack"]["window"] == {"seat": 1, "type": None, "plays": []}
    assert "Scales" not in GAME.text(public, NAMES)


def test_slotted_defense_picks_leave_their_slot_only_when_committed() -> None:
    """A Deflect picked from a slot stays there, face down to others, until "Done defending";
    then the defense is public."""
    s = _window("hurt", slotted=("deflect",))
    before = _others_see(s, 1)
    events = _steps(s, 1, "d:deflect:1")
    assert _others_see(s, 1) == before and _unseen(events, 1, 3)
    assert s.dragons[1]["slots"][0][0] is not None
    events = _steps(s, 1, "dend")
    assert Event("{p1} defends with Deflect.") in visible_events(events, None)
    assert GAME.view(s, 2)["players"][1]["magic_slots"][0] == {"filled": False, "ready": False}


def test_take_the_hits_after_picks_is_the_same_as_without_them() -> None:
    """Dropping the picks leaves no trace: the state is byte-identical to answering NONE at once,
    hand order and slot positions included."""
    picked, plain = _window("sc.F", "claw.L", "sc.F"), _window("sc.F", "claw.L", "sc.F")
    _steps(picked, 1, "d:sc.F:0", "d:sc.F:0", "none")
    _steps(plain, 1, "none")
    assert json.dumps(GAME.to_json(picked), sort_keys=True) == json.dumps(
        GAME.to_json(plain), sort_keys=True)
    slotted, bare = _window("hurt", slotted=("shield", "deflect")), _window(
        "hurt", slotted=("shield", "deflect"))
    _steps(slotted, 1, "d:deflect:0", "none")
    _steps(bare, 1, "none")
    assert GAME.to_json(slotted) == GAME.to_json(bare)


def test_withdrawing_with_picks_keeps_every_card_bug() -> None:
    """A defender who withdraws with cards picked discards them with its others (they were lost)."""
    s = _window("sc.F", "hurt")
    _steps(s, 1, "d:sc.F:0")
    GAME.resign(s, 1)
    assert_conserved(s)
    discard = GAME.view(s, None)["discard"]
    assert "Defense Scales Front" in discard and "Hurt Wrist" in discard


def test_refresh_in_a_window_draws_as_if_nothing_was_picked_bug() -> None:
    """A defender's Refresh counts its picked cards as held: it draws to six, not past it, and
    drops the picks; the public draw count does not tell that cards were picked."""
    s = _window("sc.F", "sc.F", "refresh", "bite.L", "tail.L", "claw.L")
    events = _steps(s, 1, "d:sc.F:0", "d:sc.F:0", "sp:refresh")
    assert Event("{p1} discards 0 and draws 1.") in visible_events(events, None)
    assert len(s.hands[1]) == 6 and s.attack["window"]["plays"] == []
    _steps(s, 1, "none")
    assert len(s.hands[1]) == 6
    assert_conserved(s)


def test_removing_innate_magic_over_a_picked_slot_drops_the_picks() -> None:
    """Discarding a picked slotted card (removing Innate Magic with every slot full) drops the
    picks; the slot numbers of picks in later slots follow an emptied slot that is dropped."""
    s = setup("black", "blue")
    give(s, 0, "combo", "claw.F", "tail.F")
    give(s, 1, "innate")
    play(s, 1, "sp:innate")
    slot(s, 1, "deflect")
    slot(s, 1, "deflect")
    play(s, 0, "atk:1", "add:claw.F", "addc:tail.F", "decl")
    _steps(s, 1, "d:deflect:0")
    _steps(s, 1, "rm:0:0")
    assert s.attack["window"]["plays"] == [] and len(s.dragons[1]["slots"]) == 1
    assert_conserved(s)


def test_slotted_magic_in_a_build_is_the_builders_own_until_declared() -> None:
    """Core Hit and Called Shot added to a build (with its aim) are seen by the builder only: the
    others' views and PNGs match the build without them; "Start over" leaves no trace; the
    declaration reveals them."""
    def duel() -> RWState:
        s = setup("silver", "blue", "white")
        slot(s, 0, "corehit")
        slot(s, 0, "called")
        give(s, 0, "claw.F", "claw.F")
        return s

    s = duel()
    events = _steps(s, 0, "atk:1")
    empty = _others_see(s, 0)
    events += _steps(s, 0, "mg:corehit")
    assert _others_see(s, 0) == empty and _unseen(events, 0, 3)
    mine = GAME.view(s, 0)
    assert mine["build"]["magic"] == [{"kind": "corehit"}] and mine["build"]["target"] == 1
    assert "Core Hit" in [sl.get("card") for sl in mine["players"][0]["magic_slots"]]
    events = _steps(s, 0, "add:claw.F")
    with_claw = _others_see(s, 0)
    assert json.loads(with_claw[None][0])["build"]["target"] == 1  # a card lies in front of it
    events += _steps(s, 0, "mg:called", "aim:0:R")
    assert _others_see(s, 0) == with_claw and _unseen(events, 0, 3)
    public = GAME.view(s, None)
    assert "Called Shot" not in json.dumps(public) and "Core Hit" not in json.dumps(public)
    restarted, plain = duel(), duel()
    _steps(restarted, 0, "atk:1", "mg:corehit", "add:claw.F", "mg:called", "aim:0:R", "restart")
    _steps(plain, 0, "atk:1", "add:claw.F", "restart")
    assert _others_see(restarted, 0) == _others_see(plain, 0)
    assert GAME.to_json(restarted) == GAME.to_json(plain)
    events = _steps(s, 0, "decl")
    told = " ".join(e.text for e in visible_events(events, None))
    assert "Core Hit" in told and "Called Shot" in told


def test_armageddon_is_the_builders_own_until_declared() -> None:
    """Choosing Armageddon and its sides shows others only that an attack is being built."""
    s = setup("black", "blue", "white")
    slot(s, 0, "arma")
    events = _steps(s, 0, "atk:arma", "arma:1:L")
    assert _unseen(events, 0, 3)
    for seat in (None, 1, 2):
        v = GAME.view(s, seat)
        assert v["build"]["target"] is None and not v["build"]["armageddon"]
        assert "Armageddon" not in json.dumps(v)
        assert "Armageddon" not in GAME.text(v, NAMES)
    assert GAME.view(s, 0)["build"]["arma_sides"] == [[1, "L"]]
    events = _steps(s, 0, "arma:2:R", "decl")
    assert "Armageddon" in " ".join(e.text for e in visible_events(events, None))


def _forgetting(state: RWState, observer: int | None) -> RWState:
    """Returns a copy without the tentative choices the observer may not see (another seat's
    window picks, another builder's slotted magic, aims and Armageddon sides)."""
    s = GAME.copy(state)
    if s.build is not None and observer != s.active:
        s.build.update(arma=False, magic=[], arma_sides=[])
        for h in s.build["hits"]:
            h["aim"] = None
    window = s.attack["window"] if s.attack is not None else None
    if window is not None and observer != window["seat"]:
        window.update(plays=[], type=None)
    return s


def test_views_never_depend_on_another_seats_tentative_choices() -> None:
    """In random and AI play, at every step of a build or a window, each seat's and the
    spectator's view equals its view of the position without the choices it may not see, and
    equals its view after its hidden cards are reshuffled."""
    from games.rivalwing.ai import choose
    checked = picked = magic = 0
    for seed in range(6):
        players = 2 + seed % 3
        s = GAME.new_game(seed, players)
        rng = random.Random(seed)
        while GAME.outcome(s) is None:
            if s.phase in ("build", "defense"):
                for seat in (None, *range(players)):
                    v = GAME.view(s, seat)
                    assert v == GAME.view(_forgetting(s, seat), seat)
                    assert v == GAME.view(GAME.shuffle_hidden(s, seat, checked), seat)
                checked += 1
                picked += bool(s.attack and s.attack["window"] and s.attack["window"]["plays"])
                magic += bool(s.build and s.build["magic"])
            seat = GAME.to_play(s)[0]
            actions = GAME.legal_actions(s, seat)
            pick = choose(GAME.view(s, seat), actions, seed) if rng.random() < 0.7 else rng.choice(
                actions)
            GAME.apply(s, seat, pick)
            assert_conserved(s)
    assert checked > 500 and picked > 50 and magic > 20, (checked, picked, magic)
