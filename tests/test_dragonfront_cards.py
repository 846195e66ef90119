"""Base-deck cards whose abilities go beyond a single trait: auras, fort triggers, champions."""

from __future__ import annotations

from games.dragonfront import actions as A
from games.dragonfront import rules as R
from games.dragonfront.board import unit_at
from games.dragonfront.play import card_cost
from tests.dragonfront_helpers import FILLER, board, build, do, put, unit_view

BATTALION = "ScU003"


def test_rallying_tower_aura_by_territory() -> None:
    """Rallying Tower: allies in its lane get +1 health at home, +1 power in enemy territory."""
    st = board()
    build(st, "ScF005", 0, 4)
    home = put(st, FILLER, 0, 0)
    away = put(st, FILLER, 0, 8)
    other = put(st, FILLER, 0, 1)
    assert (unit_view(st, home)["power"], unit_view(st, home)["health"]) == (4, 6)
    assert (unit_view(st, away)["power"], unit_view(st, away)["health"]) == (5, 5)
    assert (unit_view(st, other)["power"], unit_view(st, other)["health"]) == (4, 5)


def test_soul_foundry_trades_health_for_mana() -> None:
    """Soul Foundry: occupied at its owner's end of turn, 1 damage to the own Stronghold and +2 mana."""
    st = board()
    build(st, "EcF004", 0, 4)
    put(st, FILLER, 0, 4)
    do(st, A.EndTurn())
    assert st.players[0]["sh"] == 14 and st.players[0]["mana"] == 2


def test_war_refinery_draws_when_its_occupant_dies() -> None:
    """War Refinery: its owner draws when the unit standing on it dies."""
    st = board()
    build(st, "StF005", 1, 8)
    put(st, FILLER, 0, 4)
    put(st, BATTALION, 1, 8)
    do(st, A.Activate(st.units[0]["id"]))
    assert len(st.players[1]["hand"]) == 1


def test_bloodline_glyph_pays_on_any_stronghold_damage() -> None:
    """Bloodline Glyph: +1 mana to its owner whenever either Stronghold is damaged."""
    st = board()
    build(st, "StF006", 1, 9)
    u = put(st, FILLER, 0, 12)
    do(st, A.Activate(u["id"]))
    assert st.players[1]["mana"] == 1 and st.players[1]["sh"] == 11


def test_warden_barracks_adds_a_warden_when_occupied() -> None:
    """Warden Barracks: an ally on it at end of turn adds a 1/2 Warden to the hand."""
    st = board()
    build(st, "ScF008", 0, 5)
    put(st, FILLER, 0, 5)
    do(st, A.EndTurn())
    assert st.players[0]["hand"] == [BATTALION]


def test_cube_portal_drains_when_an_enemy_stands_on_it() -> None:
    """Cube Portal: at its owner's end of turn, an enemy on it loses its owner 1 mana."""
    st = board(factions=("delirium", "scales"))
    build(st, "DeF002", 0, 6)
    put(st, FILLER, 1, 6)
    st.players[1]["mana"] = 2
    do(st, A.EndTurn())
    assert st.players[1]["mana"] == 2  # 2 - 1 drained, then +1 income at its turn start
    assert st.players[0]["mana"] == 1


def test_stronghold_apostle_takes_stronghold_damage() -> None:
    """Stronghold Apostle in the Spawn Row takes the Stronghold's damage."""
    st = board()
    apostle = put(st, "SiU002", 1, 14)
    u = put(st, FILLER, 0, 12)
    do(st, A.Activate(u["id"]))
    assert st.players[1]["sh"] == 15 and apostle not in st.units


def test_sympathetic_barons_return_to_hand() -> None:
    """Sympathetic Barons go back to their owner's hand when the enemy Stronghold is hit."""
    st = board()
    put(st, "AeU006", 0, 1)
    u = put(st, FILLER, 0, 12)
    do(st, A.Activate(u["id"]))
    assert st.players[0]["hand"] == ["AeU006"] and unit_at(st, 1) is None


def test_gajji_necromancer_fills_the_own_half() -> None:
    """Gajji Necromancer: a 1/1 Stygian on every open space of the own territory."""
    st = board()
    st.players[0]["tokens"] = 15
    put(st, FILLER, 0, 5)
    do(st, A.Play("EcC001", "0"))
    stygians = sorted(u["sp"][0] for u in st.units if u["card"] == "ToU001")
    assert stygians == [1, 2, 3, 4, 6, 7]


def test_grand_astronaut_discards_for_power_and_mana() -> None:
    """Grand Astronaut: discard the hand; +1 power and +1 mana per card."""
    st = board(factions=("delirium", "scales"))
    st.players[0].update(tokens=15, hand=[FILLER, FILLER, "DeU002"])
    do(st, A.Play("DeC001", "0"))
    astro = [u for u in st.units if u["champ"]][0]
    assert astro["pw"] == 8 and st.players[0]["mana"] == 3 and st.players[0]["hand"] == []


def test_cradle_of_nymeer_grants_deathblow() -> None:
    """Cradle of Nymeer in play gives ally units DEATHBLOW."""
    st = board(factions=("strife", "scales"))
    ally = put(st, BATTALION, 0, 0)
    assert "DEATHBLOW" not in unit_view(st, ally)["traits"]
    put(st, "StC001", 0, 1)
    assert "DEATHBLOW" in unit_view(st, ally)["traits"]


def test_immortal_banner_boosts_only_at_full_health() -> None:
    """Immortal Banner: allies in enemy territory +2 power while the Banner is unhurt."""
    st = board(factions=("aegis", "scales"))
    banner = put(st, "AeC002", 0, 0)
    raider = put(st, FILLER, 0, 9)
    assert unit_view(st, raider)["power"] == 6
    banner["dmg"] = 1
    assert unit_view(st, raider)["power"] == 4


def test_plague_marauder_weakens_when_allies_die() -> None:
    """Plague Marauder loses 1 power or 1 health when another ally dies."""
    st = board(active=1)
    marauder = put(st, "EcU018", 0, 0)
    put(st, BATTALION, 0, 4)
    put(st, FILLER, 1, 8)
    do(st, A.Activate(st.units[-1]["id"]))
    assert marauder["pw"] + marauder["hp"] == 9


def test_harbinger_choose_one_tokens() -> None:
    """Harbinger of the Dragon: CHOOSE ONE gains 3 Champion Tokens (or draws)."""
    st = board(factions=("strife", "scales"))
    st.players[0].update(mana=4, hand=["StU012"])
    do(st, A.Play("StU012", "0", 0))
    assert st.players[0]["tokens"] == 3


def test_lamprey_tangle_evolves_on_a_blessed_tile() -> None:
    """Lamprey Tangle on a blessed tile evolves into Feeder Maw at its owner's end of turn."""
    st = board(factions=("aegis", "scales"))
    st.blessed = [0]
    lamprey = put(st, "AeU001", 0, 0)
    do(st, A.EndTurn())
    assert lamprey["card"] == "AeU012"


def test_giant_fort_takes_two_spaces_and_falls_as_one() -> None:
    """Wasteland (a giant fort) covers two adjacent spaces; destroying one half removes both."""
    st = board()
    st.players[1].update(mana=3, hand=["EcF008"])
    st.active = 1
    do(st, A.Play("EcF008", "8"))
    assert sorted(f["sp"] for f in st.forts) == [8, 9]
    st.active = 0
    u = put(st, FILLER, 0, 5)
    do(st, A.Activate(u["id"]))
    assert u["sp"] == [9] and u["dmg"] == 1
    st.players[0].update(mana=2, hand=["StS006"])
    do(st, A.Play("StS006", f"f{st.forts[0]['id']}"))
    assert st.forts == []


def test_respawned_unit_fires_its_spawn_effect() -> None:
    """RESPAWN: the Earth Mother that replaces a dead Earth Child fires its SPAWN damage."""
    st = board(factions=("thorns", "scales"))
    put(st, "ThU021", 0, 4)
    foe = put(st, FILLER, 1, 8)
    intruder = put(st, BATTALION, 1, 1)
    st.active = 1
    do(st, A.Activate(foe["id"]))
    mother = unit_at(st, 4)
    assert mother is not None and mother["card"] == "ToU004"
    assert intruder not in st.units


def test_curse_hurts_its_holder_when_discarded() -> None:
    """Curse: discarding it deals 2 to the discarder's Stronghold (casting it does nothing)."""
    st = board()
    st.players[0]["hand"] = ["AeS003"]
    do(st, A.Discard("AeS003"))
    assert st.players[0]["sh"] == 13 and st.players[0]["mana"] == 1


def test_rooted_units_never_move() -> None:
    """A unit that does not move when activated (Tyrant-like) has no activation with nothing ahead."""
    st = board()
    u = put(st, FILLER, 0, 0)
    u["kw"]["ROOTED"] = 1
    assert f"act:{u['id']}" not in [a.encode() for a in R.legal(st, 0)]


def test_reference_library_makes_spells_cheaper() -> None:
    """Reference Library: its owner's spells cost 1 less (shown in the hand view too)."""
    st = board()
    build(st, "ESF008", 0, 5)
    st.players[0].update(mana=1, hand=["ScS012"])
    assert card_cost(st, 0, "ScS012") == 1
    assert "play:ScS012:-" not in [a.encode() for a in R.legal(st, 0)]


def test_destruction_spire_kills_the_next_enemy_deployed_in_its_lane() -> None:
    """Destruction Spire: the next enemy non-champion deployed in its lane dies, and the fort too."""
    st = board(active=1)
    build(st, "SiF012", 0, 6)
    st.players[1].update(mana=1, hand=["EcU002"])
    do(st, A.Play("EcU002", "14"))
    assert unit_at(st, 14) is None and st.forts == []


def test_plague_mine_raises_a_stygian_on_a_kill() -> None:
    """Plague Mine: its 2 damage kills the intruder and a Stygian rises on the space."""
    st = board()
    build(st, "EcF006", 1, 4)
    u = put(st, BATTALION, 0, 0)
    do(st, A.Activate(u["id"]))
    risen = unit_at(st, 4)
    assert u not in st.units and risen is not None and risen["card"] == "ToU001" and risen["owner"] == 1


def test_pins_and_needles_hurts_pushed_units() -> None:
    """Pins and Needles: a unit moved by PUSH takes 1 damage."""
    st = board(factions=("essence", "scales"))
    build(st, "DeF003", 1, 13)
    titan = put(st, "ESU011", 0, 4)
    foe = put(st, FILLER, 1, 8)
    do(st, A.Activate(titan["id"]))
    assert foe["sp"] == [12] and foe["dmg"] == 3 + 1


def test_unwanted_crawlers_shift_the_enemy_ahead_at_turn_start_bug() -> None:
    """The Unwanted Crawlers: at its owner's turn start the enemy directly ahead slides a lane
    (the "enemy_ahead" selector, once dropped from the selector table)."""
    st = board(active=1, factions=("delirium", "scales"))
    put(st, "DeU021", 0, 4)
    foe = put(st, FILLER, 1, 8)
    do(st, A.EndTurn())
    assert foe["sp"] == [9]
