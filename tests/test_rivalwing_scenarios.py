"""The 15 test scenarios of the RivalWing rulings (rules/rivalwing.md section 13), with exact states."""

from __future__ import annotations

from games.rivalwing import GAME
from games.rivalwing.cards import kind_of
from games.rivalwing.resolve import round_limit
from games.rivalwing.state import knock_out
from tests.rivalwing_helpers import (
    add_entry,
    breach,
    codes,
    dmg,
    entries,
    give,
    loc,
    play,
    rejected,
    setup,
    slot,
    special,
)


def _discarded(s, kind: str) -> int:
    return sum(1 for c in s.discard if kind_of(c) == kind)


def test_scenario_01_scales_absorb_and_stay() -> None:
    """Scales absorb up to 3, stay on the mat; one type only; a Scales absorbing 0 is refused."""
    s = setup("black", "black")
    give(s, 0, "tail.F")
    give(s, 1, "sc.F", "sc.F", "sc.F", "hurt")
    play(s, 0, "atk:1", "add:tail.F", "decl")
    assert GAME.to_play(s) == (1,)
    rejected(s, 1, "d:hurt:0")                       # Hurt Wrist alone: no Claw hit
    play(s, 1, "d:sc.F:0")
    rejected(s, 1, "d:hurt:0")                       # a second defense type
    play(s, 1, "d:sc.F:0")
    rejected(s, 1, "d:sc.F:0")                       # the third would absorb 0
    play(s, 1, "dend")
    assert entries(s, 1, "F") == [("tail.F", 5, [3, 2])]
    assert dmg(s, 1, "F") == 0
    assert _discarded(s, "sc.F") == 0 and _discarded(s, "tail.F") == 0


def test_scenario_01_one_scales_net_two() -> None:
    """One Scales Front on a Tail 5: net 2, Front 2/12, Tail and Scales stay on the mat."""
    s = setup("black", "black")
    give(s, 0, "tail.F")
    give(s, 1, "sc.F", "sc.F", "sc.F", "hurt")
    play(s, 0, "atk:1", "add:tail.F", "decl")
    play(s, 1, "d:sc.F:0", "dend")
    assert entries(s, 1, "F") == [("tail.F", 5, [3])]
    assert dmg(s, 1, "F") == 2
    assert _discarded(s, "tail.F") == 0 and _discarded(s, "sc.F") == 0


def test_scenario_02_breach_overflow_lost() -> None:
    """Front 10 + Tail 5 = 15 >= 12 breaches; the three cards go to the pile; Core stays 0."""
    s = setup("black", "black")
    add_entry(s, 1, "F", "claw.F", 4)
    add_entry(s, 1, "F", "bite.F", 6)
    give(s, 0, "tail.F")
    play(s, 0, "atk:1", "add:tail.F", "decl")        # B holds nothing: no window
    front = loc(s, 1, "F")
    assert front["breached"] and front["entries"] == []
    assert sorted(kind_of(c) for c in front["pile"]) == ["bite.F", "claw.F", "tail.F"]
    assert entries(s, 1, "C") == [] and dmg(s, 1, "C") == 0


def test_scenario_03_breached_side_hits_core() -> None:
    """A hit on a breached side goes to the Core; Scales of that side are refused."""
    s = setup("black", "black")
    breach(s, 1, "F")
    give(s, 0, "claw.F")
    give(s, 1, "sc.F", "hurt")
    play(s, 0, "atk:1", "add:claw.F", "decl")
    rejected(s, 1, "d:sc.F:0")
    play(s, 1, "none")
    assert entries(s, 1, "C") == [("claw.F", 4, [])]
    assert dmg(s, 1, "C") == 4


def test_scenario_03_hurt_wrist_cancels() -> None:
    """Hurt Wrist cancels the Claw on a breached side: it is discarded, Core 0."""
    s = setup("black", "black")
    breach(s, 1, "F")
    give(s, 0, "claw.F")
    give(s, 1, "sc.F", "hurt")
    play(s, 0, "atk:1", "add:claw.F", "decl")
    play(s, 1, "d:hurt:0", "dend")
    assert dmg(s, 1, "C") == 0
    assert _discarded(s, "claw.F") == 1 and _discarded(s, "hurt") == 1


def test_scenario_04_same_attack_overflow() -> None:
    """The Claw breaches Front 9 -> 13; the Tail after it is lost, not sent to the Core."""
    s = setup("blue", "black")
    add_entry(s, 1, "F", "claw.F", 4)
    add_entry(s, 1, "F", "tail.F", 5)
    give(s, 0, "combo", "claw.F", "tail.F")
    play(s, 0, "atk:1", "add:claw.F", "addc:tail.F", "decl")
    assert loc(s, 1, "F")["breached"]
    assert dmg(s, 1, "C") == 0 and entries(s, 1, "C") == []
    assert _discarded(s, "tail.F") == 1 and _discarded(s, "combo") == 1
    assert sorted(kind_of(c) for c in loc(s, 1, "F")["pile"]) == ["claw.F", "claw.F", "tail.F"]


def test_scenario_04_wingless_combo_rejected() -> None:
    """A Bog Drake (no Wings) cannot declare a Combo."""
    s = setup("bog", "black")
    give(s, 0, "combo", "claw.F", "tail.F")
    play(s, 0, "atk:1", "add:claw.F")
    rejected(s, 0, "addc:tail.F")
    assert not any(c.startswith("addc") for c in codes(s, 0))


def test_scenario_05_breached_wings() -> None:
    """Wing Attack needs unbreached Wings; Frost is lost; no wing defenses for a breached-wing B."""
    s = setup("white", "black")
    breach(s, 1, "W")
    give(s, 0, "br.ice", "watk")
    give(s, 1, "wblk", "sharp", "arch", "sc.L")
    play(s, 0, "atk:1", "add:br.ice:L")
    rejected(s, 0, "wa:0")
    play(s, 0, "decl")
    opts = codes(s, 1)
    assert not any(c.startswith(("d:wblk", "d:sharp", "d:arch")) for c in opts)
    play(s, 1, "none")
    assert entries(s, 1, "L") == [("br.ice", 5, [])]
    assert entries(s, 1, "C") == [] and loc(s, 1, "W")["entries"] == []
    assert s.last_attack["hits"][1]["name"] == "Frost"
    assert s.last_attack["hits"][1]["fate"].startswith("lost")


def test_scenario_06a_corrode_and_resistance() -> None:
    """Black's Breath Acid at a Bog Drake: Corrode forbids Scales; resisted 5 -> 2."""
    s = setup("black", "bog")
    give(s, 0, "br.acid")
    give(s, 1, "sc.F", "hurt")
    play(s, 0, "atk:1", "add:br.acid:F", "decl")
    hit = s.attack["hits"][0]
    assert hit["element"] == "Acid" and hit["corrode"]
    rejected(s, 1, "d:sc.F:0")
    play(s, 1, "none")
    assert dmg(s, 1, "F") == 2


def test_scenario_06b_remove_breath_resistance() -> None:
    """Remove Breath Resistance: full 5, and a Breath Resistance card in the slot is discarded."""
    s = setup("black", "bog")
    slot(s, 0, "rbr")
    special(s, 1, "bres")
    give(s, 0, "br.acid")
    play(s, 0, "atk:1", "add:br.acid:F", "mg:rbr", "decl")
    assert s.dragons[1]["specials"] == [None]
    assert _discarded(s, "bres") == 1
    assert dmg(s, 1, "F") == 5


def test_scenario_06c_element_from_the_mat() -> None:
    """A Blue Dragon's Breath Ice is Lightning: no Frost, not resisted by White: 5, Scales -> 2."""
    s = setup("blue", "white")
    give(s, 0, "br.ice")
    give(s, 1, "sc.L")
    play(s, 0, "atk:1", "add:br.ice:L", "decl")
    assert [h["name"] for h in s.attack["hits"]] == ["Breath Ice"]
    assert s.attack["hits"][0]["element"] == "Lightning"
    play(s, 1, "d:sc.L:0", "dend")
    assert entries(s, 1, "L") == [("br.ice", 5, [3])]
    assert dmg(s, 1, "L") == 2


def test_scenario_07_magic_timing() -> None:
    """Magic placed on turn 3 is ready on turn 4; Shield prevents 6; Core Hit lays a marker."""
    s = setup("silver", "black")
    s.dragons[0]["turns"] = 3
    give(s, 0, "corehit", "shield", "claw.L")
    play(s, 0, "magm:corehit:0", "mag:shield:1")
    assert s.active == 1                               # Place Magic was the whole action
    give(s, 1, "bite.B")
    play(s, 1, "atk:0", "add:bite.B", "decl")
    assert not any("corehit" in c for c in codes(s, 0))
    play(s, 0, "d:shield:0:6", "dend")
    assert loc(s, 0, "B")["entries"] == []
    assert _discarded(s, "bite.B") == 1 and _discarded(s, "shield") == 1
    assert s.active == 0 and s.dragons[0]["turns"] == 4
    s.hands[1] = []                                    # B answers nothing
    play(s, 0, "atk:1", "add:claw.L", "mg:corehit", "decl")
    assert dmg(s, 1, "L") == 4
    assert entries(s, 1, "C") == [("marker", 3, [])]


def test_scenario_08_chaos_lock() -> None:
    """A Chaos breath locks every special until cleanup; B's Breath Resistance works afterwards."""
    s = setup("shadow", "black", "white")
    give(s, 1, "bres", "sc.L", "sc.L")
    give(s, 2, "regen")
    eid = add_entry(s, 2, "F", "claw.F", 4)
    give(s, 0, "br.acid")
    s.dice = [4, 2]
    play(s, 0, "atk:1", "add:br.acid", "decl")
    hit = s.attack["hits"][0]
    assert (hit["element"], hit["base"], hit["loc"], hit["corrode"]) == ("Chaos", 7, "L", False)
    assert s.chaos_lock
    rejected(s, 1, "sp:bres")
    rejected(s, 2, f"sp:regen:{eid}")
    play(s, 1, "d:sc.L:0", "d:sc.L:0", "dend")
    assert entries(s, 1, "L") == [("br.acid", 7, [3, 3])]
    assert dmg(s, 1, "L") == 1
    assert not s.chaos_lock and s.active == 1
    play(s, 1, "sp:bres")
    assert s.dragons[1]["specials"] != [None]


def test_scenario_08_variant_no_lock_for_lightning() -> None:
    """A Blue Dragon's breath is Lightning: no lock, Breath Resistance in the window halves 5 -> 2."""
    s = setup("blue", "black", "white")
    give(s, 1, "bres", "sc.L", "sc.L")
    give(s, 0, "br.acid")
    play(s, 0, "atk:1", "add:br.acid:L", "decl")
    assert not s.chaos_lock
    play(s, 1, "sp:bres", "none")
    assert dmg(s, 1, "L") == 2


def test_scenario_09_magic_resistance() -> None:
    """Magic Resistance blocks Heal on yourself and magic declared against you."""
    s = setup("silver", "blue")
    special(s, 0, "mres")
    slot(s, 0, "heal")
    add_entry(s, 0, "F", "claw.F", 4)
    give(s, 0, "claw.R")
    assert "atk:self" not in codes(s, 0)
    play(s, 0, "atk:1")
    assert not any(c.startswith("mg:heal:0") for c in codes(s, 0))
    rejected(s, 0, "mg:heal:0:1")
    play(s, 0, "restart", "dis:claw.R")
    slot(s, 1, "corehit")
    give(s, 1, "tail.R")
    play(s, 1, "atk:0")
    rejected(s, 1, "mg:corehit")


def test_scenario_09_variant_resistance_in_the_window() -> None:
    """Magic Resistance played in the window cancels that attack's Core Hit; the Tail lands."""
    s = setup("silver", "blue")
    s.active = 1
    give(s, 0, "mres")
    slot(s, 1, "corehit")
    give(s, 1, "tail.R")
    play(s, 1, "atk:0", "add:tail.R", "mg:corehit", "decl")
    play(s, 0, "sp:mres", "none")
    assert dmg(s, 0, "R") == 5
    assert dmg(s, 0, "C") == 0
    assert s.last_attack["hits"][1]["fate"] == "cancelled"


def test_scenario_10_toughened_scales() -> None:
    """Heal removes E1; its Scales moves to E2 (absorbs 3, net 1); Front 1."""
    s = setup("black", "blue")
    slot(s, 0, "heal")
    e1 = add_entry(s, 0, "F", "tail.F", 5, covers=(3,))
    add_entry(s, 0, "F", "claw.F", 4)
    assert dmg(s, 0, "F") == 6
    play(s, 0, "atk:self", f"mg:heal:0:{e1}", "decl")
    assert entries(s, 0, "F") == [("claw.F", 4, [3])]
    assert dmg(s, 0, "F") == 1
    assert _discarded(s, "tail.F") == 1


def test_scenario_10_variant_banked_scales() -> None:
    """With E1 alone the Scales is banked; a later Claw 4 is absorbed 3: Front 1."""
    s = setup("black", "blue")
    slot(s, 0, "heal")
    e1 = add_entry(s, 0, "F", "tail.F", 5, covers=(3,))
    play(s, 0, "atk:self", f"mg:heal:0:{e1}", "decl")
    assert loc(s, 0, "F")["entries"] == [] and len(loc(s, 0, "F")["banked"]) == 1
    assert dmg(s, 0, "F") == 0
    give(s, 1, "claw.F")
    s.hands[0] = []
    play(s, 1, "atk:0", "add:claw.F", "decl")
    assert entries(s, 0, "F") == [("claw.F", 4, [3])]
    assert dmg(s, 0, "F") == 1 and loc(s, 0, "F")["banked"] == []


def test_scenario_11_elimination_mid_turn() -> None:
    """B deflects A's Bite onto A's breached Front: A's Core 12 >= 8, knocked out by B; B's turn."""
    s = setup("black", "silver", "white")
    add_entry(s, 0, "C", "claw.L", 6)
    breach(s, 0, "F")
    slot(s, 1, "deflect")
    give(s, 0, "combo", "bite.F", "claw.L", "sc.R")
    play(s, 0, "atk:1", "add:bite.F", "addc:claw.L", "decl")
    play(s, 1, "d:deflect:0", "dend")
    assert dmg(s, 1, "L") == 4
    assert not s.dragons[0]["conscious"]
    assert s.knockouts == [[0, 1, 0]]
    assert s.hands[0] == [] and all(x is None for x, _ in s.dragons[0]["slots"])
    assert all(not p["entries"] and not p["pile"] for p in s.dragons[0]["loc"].values())
    assert s.active == 1 and s.phase == "action"


def test_scenario_12_wing_arching_and_regeneration() -> None:
    """Wing Arching moves both hits to the Wings; the Claw breaches them; Regeneration restores."""
    s = setup("black", "blue")
    add_entry(s, 1, "W", "claw.F", 8)
    give(s, 0, "combo", "claw.F", "tail.F")
    give(s, 1, "arch", "sharp", "regen")
    play(s, 0, "atk:1", "add:claw.F", "addc:tail.F", "decl")
    play(s, 1, "d:arch", "dend")
    assert loc(s, 1, "W")["breached"]
    assert dmg(s, 1, "F") == 0
    assert _discarded(s, "tail.F") == 1
    assert s.active == 1
    s.hands[1] = []
    give(s, 1, "regen", "combo", "claw.R", "tail.R")
    play(s, 1, "atk:0", "add:claw.R")
    assert not any(c.startswith("addc") for c in codes(s, 1))     # no Combo without Wings
    play(s, 1, "restart", "sp:regen:W")
    w = loc(s, 1, "W")
    assert not w["breached"] and w["pile"] == [] and dmg(s, 1, "W") == 0
    play(s, 1, "atk:0", "add:claw.R")
    assert "addc:tail.R" in codes(s, 1)


def test_scenario_13_reshuffle_and_exhaustion() -> None:
    """Drawing reshuffles the discard pile; with both piles empty the draw stops; only Pass."""
    from games.rivalwing.resolve import start_turn
    s = setup("black", "blue")
    give(s, 0, "claw.F", "tail.F")
    rest = s.deck
    s.deck = [rest.pop()]
    s.discard = [rest.pop(), rest.pop(), rest.pop()]
    start_turn(s, 0, [])
    assert len(s.hands[0]) == 6 and s.deck == [] and s.discard == []
    s2 = setup("black", "blue")
    give(s2, 0, "claw.F", "tail.F")
    s2.deck, s2.discard = [], []
    start_turn(s2, 0, [])
    assert len(s2.hands[0]) == 2
    s2.hands[0] = []
    assert codes(s2, 0) == ["pass"]


def test_scenario_14_timeouts() -> None:
    """A missed window is no defense; three timed-out turns withdraw; A scores 8, B 0."""
    s = setup("black", "blue")
    give(s, 0, "claw.B")
    give(s, 1, "sc.B")
    play(s, 0, "atk:1", "add:claw.B", "decl")
    assert GAME.timeout_action(s, 1).encode() == "none"
    GAME.apply(s, 1, GAME.timeout_action(s, 1))
    assert dmg(s, 1, "B") == 4
    for _ in range(3):
        assert s.active == 1
        GAME.apply(s, 1, GAME.timeout_action(s, 1))
        if s.phase == "over":
            break
        play(s, 0, next(c for c in codes(s, 0) if c.startswith("dis:")))
    assert GAME.outcome(s).winners == (0,)
    assert s.knockouts == [[1, 0, 1]]
    assert (GAME.score(s, 0), GAME.score(s, 1)) == (8, 0)


def _series_duel_one():
    s = setup("black", "black", "black", "black")
    knock_out(s, 3, 2, [])
    knock_out(s, 2, 0, [])
    knock_out(s, 1, 0, [])
    return s


def _series_duel_two():
    s = setup("black", "black", "black", "black")
    knock_out(s, 3, 1, [])
    knock_out(s, 2, 1, [])
    add_entry(s, 0, "C", None, 3)           # A: 5 core left
    add_entry(s, 1, "C", None, 5)           # B: 3 core left
    round_limit(s, [])
    return s


def test_scenario_15_series_scoring() -> None:
    """Duel 1: A 12, B 2, C 3, D 0. Duel 2: A 7, B 6, C 1, D 0. Totals 19, 8, 4, 0."""
    one, two = _series_duel_one(), _series_duel_two()
    assert GAME.outcome(one).winners == (0,)
    assert [GAME.score(one, s) for s in range(4)] == [12, 2, 3, 0]
    assert GAME.outcome(two).winners == (0,) and GAME.outcome(two).reason == "round limit"
    assert [GAME.score(two, s) for s in range(4)] == [7, 6, 1, 0]
    assert [GAME.score(one, s) + GAME.score(two, s) for s in range(4)] == [19, 8, 4, 0]
