"""Dragon Front rules from the seed and the rulings: setup, turn flow, champions, limits, the end."""

from __future__ import annotations

import json
import random

import pytest

from games.core import BadActionCode, GameOver, IllegalAction, NotYourTurn, header
from games.dragonfront import GAME
from games.dragonfront import actions as A
from games.dragonfront import cards as C
from games.dragonfront import rules as R
from games.dragonfront.board import unit_at
from games.dragonfront.context import Ctx
from games.dragonfront.damage import check_end, damage_stronghold, damage_unit, resolve_deaths
from games.dragonfront.play import champion_cost
from games.dragonfront.resources import draw
from games.dragonfront.state import MAX_TURNS
from tests.dragonfront_helpers import FILLER, board, build, codes, do, put
from tests.playout import dumps, random_playout


def test_setup_four_cards_and_stipend_for_the_second_player() -> None:
    """Each player draws 4; the second player also holds the 0-cost Stipend Accord."""
    st = GAME.new_game(3, 2, {"faction": ["eclipse", "aegis"]})
    second = 1 - st.first
    assert len(st.players[st.first]["hand"]) == 4
    assert st.players[second]["hand"][-1] == C.STIPEND and len(st.players[second]["hand"]) == 5
    assert C.card(C.STIPEND)["cost"] == 0
    assert [p["faction"] for p in st.players] == ["eclipse", "aegis"]
    assert all(p["sh"] == 15 and len(p["deck"]) == 26 for p in st.players)


def test_mulligan_is_a_stage_for_both_seats() -> None:
    """Both seats owe a mulligan; replaced cards go back and the first turn starts after both."""
    st = GAME.new_game(5, 2, {})
    assert GAME.to_play(st) == (0, 1)
    size = len(st.players[0]["hand"])
    kept = st.players[0]["hand"][1:]
    GAME.apply(st, 0, A.Mulligan(1))
    hand = st.players[0]["hand"]
    assert hand[:len(kept)] == kept and len(hand) == size and len(st.players[0]["deck"]) == 26
    assert GAME.to_play(st) == (1,)
    GAME.apply(st, 1, A.Mulligan(0))
    first = st.first
    assert st.phase == "main" and GAME.to_play(st) == (first,)
    assert st.players[first]["mana"] == 1 and len(st.players[first]["deck"]) == 25


def test_faction_option_is_per_seat_and_checked() -> None:
    """The faction option takes one value per seat; unknown factions are refused."""
    st = GAME.new_game(1, 2, {"faction": ["thorns", None]})
    assert st.players[0]["faction"] == "thorns"
    with pytest.raises(ValueError):
        GAME.new_game(1, 2, {"faction": ["dragons", None]})


def test_mana_income_and_cap() -> None:
    """Income is 1 + units in the own Spawn Row; mana never exceeds 10; unspent mana carries over."""
    st = board(active=1)
    put(st, FILLER, 0, 0)
    put(st, FILLER, 0, 1)
    put(st, FILLER, 0, 5)
    st.players[0]["mana"] = 4
    do(st, A.EndTurn())
    assert st.players[0]["mana"] == 7
    st.players[0]["mana"] = 9
    st.active = 1
    do(st, A.EndTurn())
    assert st.players[0]["mana"] == 10


def test_fatigue_grows_and_full_hand_burns() -> None:
    """An empty deck deals 1, then 2; a card drawn into a hand of 10 is burned."""
    st = board()
    st.players[0]["deck"] = []
    draw(st, 0, Ctx(owner=0))
    draw(st, 0, Ctx(owner=0))
    assert st.players[0]["sh"] == 12
    st.players[1].update(hand=[FILLER] * 10, deck=[FILLER] * 3)
    draw(st, 1, Ctx(owner=1))
    assert len(st.players[1]["hand"]) == 10 and len(st.players[1]["deck"]) == 2


def test_discard_for_mana_once_per_turn() -> None:
    """Discarding a card gives 1 mana, once a turn."""
    st = board()
    st.players[0]["hand"] = [FILLER, "EcU002"]
    do(st, A.Discard(FILLER))
    assert st.players[0]["mana"] == 1 and st.players[0]["hand"] == ["EcU002"]
    assert not any(c.startswith("disc:") for c in codes(st))


def test_units_spawn_only_in_the_own_spawn_row_and_forts_on_open_frontlines() -> None:
    """Units go to the own Spawn Row; forts to Frontline spaces without a fort or enemy unit."""
    st = board()
    st.players[0].update(mana=10, hand=["EcU002", "EcF004"])
    put(st, FILLER, 0, 2)
    put(st, FILLER, 1, 9)
    units = sorted(int(c.split(":")[2]) for c in codes(st) if c.startswith("play:EcU002"))
    forts = sorted(int(c.split(":")[2]) for c in codes(st) if c.startswith("play:EcF004"))
    assert units == [0, 1, 3]
    assert forts == [4, 5, 6, 7, 8, 10, 11]


def test_champion_cost_falls_with_damage_and_tokens() -> None:
    """Champion cost = 15 - own Stronghold damage - banked tokens; banking moves mana 1 for 1."""
    st = board()
    st.players[0].update(sh=11, mana=5)
    assert champion_cost(st, 0) == 11
    do(st, A.Bank(3))
    assert st.players[0]["tokens"] == 3 and st.players[0]["mana"] == 2
    assert champion_cost(st, 0) == 8
    st.players[0]["mana"] = 8
    champ = st.players[0]["champion"]
    assert f"play:{champ}:0" in codes(st)
    do(st, A.Play(champ, "0"))
    assert st.players[0]["champion"] is None and st.players[0]["mana"] == 0
    assert st.players[0]["tokens"] == 0
    champs = [u for u in st.units if u["champ"]]
    assert len(champs) == 1 and champs[0]["sp"] == [0]


def test_activation_moves_or_attacks_and_enemy_spawn_row_hits_the_stronghold() -> None:
    """A unit moves into an open space, attacks an enemy ahead, and from the enemy Spawn Row hits
    the Stronghold; after a move it does not hit the Stronghold."""
    st = board()
    u = put(st, FILLER, 0, 8)
    do(st, A.Activate(u["id"]))
    assert u["sp"] == [12] and st.players[1]["sh"] == 15
    st.active = 1
    do(st, A.EndTurn())
    do(st, A.Activate(u["id"]))
    assert st.players[1]["sh"] == 11


def test_ally_ahead_blocks_activation() -> None:
    """A unit with an ally directly ahead cannot be activated."""
    st = board()
    u = put(st, FILLER, 0, 0)
    put(st, FILLER, 0, 4)
    assert f"act:{u['id']}" not in codes(st)


def test_units_activate_once_per_turn() -> None:
    """Each unit activates at most once a turn."""
    st = board()
    u = put(st, FILLER, 0, 0)
    do(st, A.Activate(u["id"]))
    assert f"act:{u['id']}" not in codes(st)


def test_win_when_the_enemy_stronghold_falls() -> None:
    """The game ends when a Stronghold reaches 0; the winner scores 15."""
    st = board()
    st.players[1]["sh"] = 3
    u = put(st, FILLER, 0, 12)
    do(st, A.Activate(u["id"]))
    assert GAME.outcome(st).winners == (0,) and GAME.score(st, 0) == 15 and GAME.to_play(st) == ()
    assert GAME.score(st, 1) == 0
    h = header(GAME.view(st, None))
    assert h["over"] and h["winners"] == [0] and h["termination"] == "Stronghold destroyed"
    assert h["to_play"] == [] and h["active"] is None


def test_a_finished_game_refuses_every_move_with_game_over() -> None:
    """Once a Stronghold has fallen, any move by either seat raises GameOver and changes nothing."""
    st = board()
    st.players[1]["sh"] = 3
    u = put(st, FILLER, 0, 12)
    do(st, A.Activate(u["id"]))
    before = dumps(GAME, st)
    for seat in (0, 1):
        assert GAME.legal_actions(st, seat) == []
        for action in (A.EndTurn(), A.Activate(u["id"]), A.Mulligan(0)):
            with pytest.raises(GameOver):
                GAME.apply(st, seat, action)
            assert dumps(GAME, st) == before


def test_draw_when_both_strongholds_fall() -> None:
    """Both Strongholds at 0 at once is a draw (SIPHON cannot save a fallen keep)."""
    st = board()
    st.players[0].update(sh=1, deck=[])
    st.players[1]["sh"] = 1
    st.players[1]["deck"] = []
    st.players[0]["mana"] = 10
    st.players[0]["hand"] = ["StS020"]  # 1 damage to the enemy
    do(st, A.Play("StS020", "-"))
    assert GAME.outcome(st).winners == (0,)
    st2 = board(active=1)
    st2.players[0].update(sh=1, deck=[])
    put(st2, FILLER, 1, 0)
    st2.players[1]["sh"] = 1
    st2.players[1]["deck"] = []
    st2.players[1]["fatigue"] = 0
    damage_stronghold(st2, 0, 1, Ctx(owner=1), source=None)
    st2.result = None
    st2.players[0]["sh"] = 0
    st2.players[1]["sh"] = 0
    check_end(st2)
    assert GAME.outcome(st2).is_draw


def test_turn_cap_ends_the_game() -> None:
    """After the hard cap of turns the healthier Stronghold wins."""
    st = board()
    st.turn = MAX_TURNS - 1
    st.players[0]["sh"] = 9
    do(st, A.EndTurn())
    assert GAME.outcome(st).winners == (1,) and GAME.outcome(st).reason == "turn limit"


def test_rejected_actions_change_nothing() -> None:
    """Illegal and off-turn actions raise and leave the state byte-identical."""
    st = board()
    st.players[0]["hand"] = [FILLER]
    before = dumps(GAME, st)
    for seat, code, error in ((0, "play:ScU017:0", IllegalAction), (1, "end", NotYourTurn),
                              (0, "act:99", IllegalAction), (0, "bank:3", IllegalAction),
                              (0, "play:nope:0", BadActionCode)):
        with pytest.raises(error):
            GAME.apply_code(st, seat, code)
        assert dumps(GAME, st) == before


def test_hidden_information_stays_hidden() -> None:
    """Hands, deck order and stealthed enemies never reach another seat's view or the public text."""
    st = GAME.new_game(11, 2, {"faction": ["silence", "eclipse"]})
    GAME.apply(st, 0, A.Mulligan(0))
    GAME.apply(st, 1, A.Mulligan(0))
    envoy = put(st, "SiU001", 0, 1)
    secret = st.players[0]["hand"]
    for seat in (1, None):
        v = GAME.view(st, seat)
        assert "hand" not in v or v.get("hand") is None or seat is not None
        text = json.dumps(v)
        assert "SiU001" not in text and "Netherworld Envoy" not in text
        assert all(u["id"] != envoy["id"] for u in v["units"])
    public = GAME.text(GAME.view(st, None), ["a", "b"])
    for cid in secret:
        assert C.name(cid) not in public or any(u["card"] == cid for u in GAME.view(st, None)["units"])
    for s in range(3):
        assert GAME.view(GAME.shuffle_hidden(st, 1, s), 1) == GAME.view(st, 1)


def test_deck_validation() -> None:
    """Decks hold 30 cards + 1 champion, at most 2 copies, one faction plus Unaligned cards."""
    for faction, deck in C.decks().items():
        assert C.validate_deck(deck["faction"], deck["champion"], deck["cards"]) == [], faction
    base = C.decks()["eclipse"]
    assert C.validate_deck("Eclipse", base["champion"], base["cards"][:29])
    assert C.validate_deck("Eclipse", base["champion"], base["cards"][:28] + ["EcU002"] * 2)
    assert C.validate_deck("Eclipse", "ScC001", base["cards"])
    assert C.validate_deck("Eclipse", base["champion"], base["cards"][:29] + ["ScU023"])


def test_base_decks_are_fully_supported() -> None:
    """Every card of the eight base decks (and their champions) has a working effect encoding."""
    for deck in C.decks().values():
        for cid in [*deck["cards"], deck["champion"]]:
            assert C.is_supported(cid), cid


def test_all_base_decks_play_each_other() -> None:
    """Every pair of base decks plays a full random game without error."""
    factions = [f.lower() for f in C.FACTIONS]
    seed = 0
    for a in factions:
        for b in factions:
            seed += 1
            result = random_playout(GAME, seed, 2, {"faction": [a, b]})
            assert GAME.outcome(result.state) is not None


def test_events_about_hidden_units_are_private() -> None:
    """A stealthed unit's moves are told only to its owner."""
    from games.core import visible_events

    st = board(factions=("silence", "scales"))
    envoy = put(st, "SiU001", 0, 0)
    events = GAME.apply(st, 0, A.Activate(envoy["id"]))
    assert envoy["sp"] == [4]
    assert all("Netherworld" not in e.text for e in visible_events(events, 1))
    assert any("Netherworld" in e.text for e in visible_events(events, 0))


def test_range_unit_hits_the_stronghold_from_the_enemy_frontline() -> None:
    """Choice: a RANGE unit in the enemy Frontline with an empty space ahead shoots the Stronghold."""
    st = board()
    coven = put(st, "EcU025", 0, 8)
    do(st, A.Activate(coven["id"]))
    assert coven["sp"] == [8] and st.players[1]["sh"] == 13


def test_playing_onto_a_hidden_enemy_reveals_it_and_keeps_the_card() -> None:
    """Choice: deploying onto a space a hidden enemy holds reveals it; the card and mana stay."""
    st = board(active=1, factions=("silence", "scales"))
    envoy = put(st, "SiU001", 0, 12)
    st.players[1].update(mana=1, hand=["EcU002"])
    assert "play:EcU002:12" in codes(st)
    do(st, A.Play("EcU002", "12"))
    assert not envoy["hidden"] and st.players[1]["hand"] == ["EcU002"] and st.players[1]["mana"] == 1


def test_damage_that_comes_back_round_ends_when_its_unit_falls() -> None:
    """Two Bastions side by side, each under an ally 4/5: a hit on one guard sets off the other
    Bastion, which hits the first guard again, and so on; a destroyed guard takes no more, so the
    exchange ends with both destroyed (1+2+2 on the first, 2+2+2 on the second)."""
    st = board()
    build(st, "AeF013", 0, 5)
    build(st, "AeF013", 0, 6)
    first, second = put(st, FILLER, 0, 5), put(st, FILLER, 0, 6)
    ctx = Ctx(owner=1)
    assert damage_unit(st, first, 1, ctx, source=None) == 1
    assert (first["dmg"], second["dmg"]) == (5, 6)
    resolve_deaths(st, ctx)
    assert first not in st.units and second not in st.units


def test_traps_do_not_fire_on_deployment() -> None:
    """Choice: a BREACH unit deployed onto an enemy trap does not spring it."""
    st = board(factions=("strife", "thorns"))
    build(st, "ThF001", 1, 8)
    st.players[0].update(mana=2, hand=["StU006"])
    do(st, A.Play("StU006", "8"))
    goblins = [u for u in st.units if u["card"] == "StU006"][0]
    assert goblins["stun"] == 0


def test_labels_are_unique_paths() -> None:
    """Every legal action has its own label path."""
    state = GAME.new_game(2, 2, {})
    rng = random.Random(2)
    for _ in range(80):
        if GAME.outcome(state) is not None:
            break
        for seat in GAME.to_play(state):
            labels = [GAME.label(state, a) for a in GAME.legal_actions(state, seat)]
            assert len(labels) == len(set(labels))
        seat = rng.choice(GAME.to_play(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_seed_combat_example_drake_scavengers_versus_shade_manipulators() -> None:
    """The seed's example: Drake Scavengers kill Shade Manipulators, keep 1 health, gain +1 power;
    the Shade's owner gains its 1 Mana Fragment."""
    st = board()
    drake = put(st, "StU018", 0, 4)
    put(st, "EcU010", 1, 8)
    do(st, A.Activate(drake["id"]))
    assert unit_at(st, 8) is None
    assert drake["hp"] - drake["dmg"] == 1 and drake["pw"] == 3
    assert st.players[1]["mana"] == 1


def test_apply_checks_against_the_legal_actions_of_its_kind() -> None:
    """`legal(..., like=a)` holds `a` and only legal actions, and unlisted codes of each kind are
    refused with the state unchanged."""
    for seed in range(6):
        st = GAME.new_game(seed, 2, {})
        rng = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(GAME.to_play(st))
            legal = [a.encode() for a in GAME.legal_actions(st, seat)]
            for a in GAME.legal_actions(st, seat):
                subset = [b.encode() for b in R.legal(st, seat, like=a)]
                assert a.encode() in subset and set(subset) <= set(legal)
            for bad in (A.Activate(999), A.Bank(99), A.Play(FILLER, "15"), A.Shift(999, 1)):
                if bad.encode() not in legal:
                    before = dumps(GAME, st)
                    with pytest.raises(IllegalAction):
                        GAME.apply(st, seat, bad)
                    assert dumps(GAME, st) == before
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
