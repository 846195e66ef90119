"""Scenarios for the cards of Essence, Scales, Silence, Thorns and Unaligned that change cards in
hand (random cards, discounts, returns, the graveyard), each written from the card's text."""

from __future__ import annotations

from games.dragonfront import GAME
from games.dragonfront import cards as C
from games.dragonfront.actions import Play
from games.dragonfront.effects_hand import pool
from games.dragonfront.play import card_cost
from tests.dfcards import scenario
from tests.dfcards.kit import cast, end, on, sh, stats
from tests.dfcards.kit_b import act, alive, discard, newest
from tests.dragonfront_helpers import FILLER, board, codes, do, put

WEAK = "ScU003"  # Warden Battalion, 1/2, 1 fragment
DAGGER = "ToS001"  # Mana Dagger: 1 damage to a unit


@scenario("ESC003")
def esc003_prince_will_yates_brings_free_spells() -> None:
    """SPAWN and START OF TURN: Add a random spell to your hand. Random spell's cost is reduced
    to 0 mana. (From the spells its owner could put in a deck.)"""
    st = board(factions=("essence", "scales"))
    cast(st, "ESC003", 0)
    hand = st.players[0]["hand"]
    assert len(hand) == 1 and hand[0] in pool("spell", "essence")
    assert card_cost(st, 0, hand[0]) == 0
    end(st, 2)
    assert len(hand) == 3 and all(card_cost(st, 0, c) == 0 for c in hand if c != FILLER)
    assert sum(1 for c in hand if C.card(c)["type"] == "spell") >= 2


@scenario("ESC005")
def esc005_naamah_cheapens_the_hand_each_turn_end() -> None:
    """FLIGHT. END OF TURN: Reduce the cost of all cards in owner's hand by [1]."""
    st = board()
    put(st, "ESC005", 0, 0)
    st.players[0]["hand"] = [FILLER, DAGGER, FILLER]
    end(st)
    assert [card_cost(st, 0, c) for c in (FILLER, DAGGER)] == [3, 0]
    end(st, 2)
    assert card_cost(st, 0, FILLER) == 2
    end(st)
    st.players[0]["mana"] = 2
    assert f"play:{FILLER}:1" in codes(st)


@scenario("SiS010")
def sis010_underestimated_brings_back_a_fallen_unit() -> None:
    """Return a random non-Champion Ally unit to your hand that died or was discarded this game.
    It costs 2 less."""
    st = board()
    u = put(st, FILLER, 0, 4)
    cast(st, "ScS017", on(u))  # Death Syphon destroys it
    put(st, "SiC002", 0, 1)["dmg"] = 99
    cast(st, DAGGER, on(put(st, FILLER, 1, 9)))
    assert st.players[0]["grave"] == [FILLER]
    cast(st, "SiS010")
    assert st.players[0]["hand"] == [FILLER] and card_cost(st, 0, FILLER) == 2
    st = board()
    st.players[0]["hand"] = [WEAK]
    discard(st, WEAK)
    cast(st, "SiS010")
    assert WEAK in st.players[0]["hand"] and card_cost(st, 0, WEAK) == 0


@scenario("ThS009")
def ths009_redeployment_returns_a_unit_cheaper() -> None:
    """Return an ally non-Champion unit to your hand and reduce its cost by [2]."""
    st = board()
    u = put(st, FILLER, 0, 4)
    cast(st, "ThS009", on(u))
    assert not alive(st, u) and st.players[0]["hand"] == [FILLER]
    assert card_cost(st, 0, FILLER) == 2
    st.players[0]["hand"].append(FILLER)
    assert card_cost(st, 0, FILLER) == 2
    st.players[0]["mana"] = 2
    cast(st, FILLER, 1)
    assert st.players[0]["mana"] == 0 and card_cost(st, 0, FILLER) == 4


@scenario("ThU007")
def thu007_arachnis_riders_raise_a_druid_from_hand() -> None:
    """DEATH: Grant +1/+1 to all Druids in your hand. RESPAWN a random Druid from your hand at no
    cost."""
    st = board()
    riders = put(st, "ThU007", 0, 4)
    st.players[0]["hand"] = ["ThU003", FILLER, "ThU019"]
    cast(st, "ScS017", on(riders))
    risen = newest(st)
    assert risen["card"] in ("ThU003", "ThU019") and risen["sp"] == [4] and risen["owner"] == 0
    printed = C.card(risen["card"])
    assert stats(st, risen) == (printed["power"] + 1, printed["health"] + 1)
    rest = [c for c in st.players[0]["hand"] if c != FILLER]
    assert len(rest) == 1 and st.players[0]["mana"] == 1  # the Riders' own fragment
    other = C.card(rest[0])
    shown = [h for h in GAME.view(st, 0)["hand"] if h["card"] == rest[0]]
    assert [(h["power"], h["health"]) for h in shown] == [(other["power"] + 1, other["health"] + 1)]
    cast(st, rest[0], 0)
    assert stats(st, newest(st)) == (other["power"] + 1, other["health"] + 1)


@scenario("UnS004")
def uns004_military_secrets_draws_free_spells() -> None:
    """DRAW 2 and reduce the mana cost of the drawn spells to 0."""
    st = board()
    st.players[0]["deck"] = [FILLER, DAGGER, FILLER]
    cast(st, "UnS004")
    assert st.players[0]["hand"] == [FILLER, DAGGER]
    assert card_cost(st, 0, DAGGER) == 0 and card_cost(st, 0, FILLER) == 4


@scenario("ScU006")
def scu006_combat_engies_bring_a_wall() -> None:
    """SPAWN: Add 1 random WALL to your hand."""
    st = board(factions=("scales", "eclipse"))
    cast(st, "ScU006", 0)
    hand = st.players[0]["hand"]
    assert len(hand) == 1 and C.card(hand[0])["type"] == "fort" and C.card(hand[0])["kw"].get("WALL")
    assert hand[0] in pool("wall", "scales")


@scenario("ThC003")
def thc003_tamas_dow_hands_out_traps() -> None:
    """SPAWN: Add two random TRAPS to your hand. When a Hollow unit spawns, add a random TRAP to
    your hand. (Its owner's Hollows.)"""
    st = board(factions=("thorns", "scales"))
    cast(st, "ThC003", 0)
    hand = st.players[0]["hand"]
    traps = pool("trap", "thorns")
    assert len(hand) == 2 and all(c in traps for c in hand)
    cast(st, "ThU001", 1)
    assert len(hand) == 3 and hand[2] in traps
    cast(st, FILLER, 2)
    assert len(hand) == 3


@scenario("ThC004")
def thc004_branduir_calls_two_druids() -> None:
    """RUSH. SPAWN: Add 2 random Druids to your hand."""
    st = board(factions=("thorns", "scales"))
    cast(st, "ThC004", 0)
    hand = st.players[0]["hand"]
    assert len(hand) == 2 and all(C.card(c)["race"] == "DRUID" for c in hand)
    assert f"act:{newest(st)['id']}" in codes(st)


@scenario("ESS002")
def ess002_esoteric_rebuttal_pays_the_last_fallen_allys_fragments() -> None:
    """Damage the enemy Stronghold equal to the Mana Fragments of the last ally unit killed this
    turn. This spell's cost is equal to the unit's Mana Fragments."""
    st = board()
    st.players[0]["hand"] = ["ESS002"]
    assert card_cost(st, 0, "ESS002") == 0
    u = put(st, FILLER, 0, 4)
    put(st, WEAK, 1, 8)
    e = put(st, WEAK, 1, 9)
    act(st, put(st, FILLER, 0, 5))
    assert not alive(st, e) and card_cost(st, 0, "ESS002") == 0
    cast(st, "ScS017", on(u))
    assert card_cost(st, 0, "ESS002") == 2
    st.players[0]["mana"] = 2
    before = sh(st, 1)
    do(st, Play("ESS002", "-"))
    assert sh(st, 1) == before - 2 and st.players[0]["mana"] == 0
