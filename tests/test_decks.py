"""Deck building (bot/decks.py): base decks, one message per problem, deck codes, card search."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot import decks as D
from games.dragonfront import GAME
from games.dragonfront import cards as C

FMT = D.format_for("dragonfront")
FACTIONS = sorted(C.decks())


def _base(faction: str = "eclipse", name: str = "test") -> D.Deck:
    return D.new_deck(name, faction, "dragonfront")


def _card(predicate: Any) -> str:
    """Returns the first card id (in id order) whose data satisfies the predicate."""
    return next(cid for cid, c in sorted(C.cards().items()) if predicate(c))


def _pick_legal(faction: str, *, exclude: D.Deck) -> str:
    """Returns a legal non-champion card of the faction that the deck does not hold."""
    return next(cid for cid in FMT.legal_cards(faction)
                if not FMT.is_champion(cid) and exclude.count(cid) == 0)


# -- base decks and the format -------------------------------------------------------------------


def test_the_only_deck_format_is_found_through_the_registry() -> None:
    """The one game with deckbuilding.json is the default format."""
    assert [f.game for f in D.formats()] == ["dragonfront"]
    assert D.format_for() is FMT
    with pytest.raises(D.DeckError, match="no deck building"):
        D.format_for("drakones")


@pytest.mark.parametrize("faction", FACTIONS)
def test_base_decks_validate_clean(faction: str) -> None:
    """Each faction's base deck is a legal deck, for this module and for the engine alike."""
    deck = _base(faction)
    assert len(deck.cards) == 30
    assert D.validate(deck) == []
    assert C.validate_deck(FMT.factions[faction], deck.champion, list(deck.cards)) == []


def test_new_deck_takes_a_faction_prefix_in_any_case() -> None:
    """`/deck new x ECL` starts from the Eclipse base deck; an unknown faction lists them all."""
    assert _base("ECL").faction == "eclipse"
    with pytest.raises(D.DeckError, match="Factions: Aegis, Delirium"):
        _base("dragons")
    with pytest.raises(D.DeckError, match="is not a Dragon Front faction"):
        _base("s")  # scales, silence and strife share the prefix


def test_code_table_holds_every_card_once() -> None:
    """Every card has a number in the append-only code table, and no number is used twice."""
    assert len(set(FMT.code_cards)) == len(FMT.code_cards)
    assert set(C.cards()) <= set(FMT.code_cards)
    assert list(FMT.code_factions) == FACTIONS


def test_format_numbers_agree_with_the_engine() -> None:
    """The data file's deck size and copy limit are the engine's."""
    assert (FMT.deck_size, FMT.max_copies) == (C.DECK_SIZE, C.MAX_COPIES)


def test_legal_card_names_are_unique_per_faction() -> None:
    """Within a faction's legal pool each name names one card, so a name finds it."""
    for faction in FACTIONS:
        pool = FMT.legal_cards(faction)
        assert len({FMT.name(c).lower() for c in pool}) == len(pool)
        for cid in pool[::7]:
            assert FMT.find_card(FMT.name(cid), faction) == cid


# -- validation: one message per problem ----------------------------------------------------------


def test_size_problem_says_how_many_to_add_or_remove() -> None:
    deck = _base()
    short = replace(deck, cards=deck.cards[2:])
    assert D.validate(short) == ["The deck holds 28 cards; it needs exactly 30 plus the champion "
                                 "(add 2)."]
    extra = _pick_legal("eclipse", exclude=deck)
    long = replace(deck, cards=tuple(sorted((*deck.cards, extra))))
    assert D.validate(long) == ["The deck holds 31 cards; it needs exactly 30 plus the champion "
                                "(remove 1)."]


def test_copies_problem_names_the_card() -> None:
    deck = _base()
    cards = list(deck.cards)
    cards[cards.index(cards[2])] = cards[0]  # a third copy of the first card
    problems = D.validate(replace(deck, cards=tuple(sorted(cards))))
    assert problems == [f"3 copies of {FMT.name(cards[0])}: a deck may hold at most 2 of a card."]


def test_faction_problem_names_the_card_and_the_faction() -> None:
    deck = _base()
    strife = _card(lambda c: c["faction"] == "Strife" and c["type"] != "champion"
                   and c["collectible"] and C.is_supported(c["id"]))
    cards = (*deck.cards[1:], strife)
    problems = D.validate(replace(deck, cards=tuple(sorted(cards))))
    assert problems == [f"{FMT.name(strife)} is a Strife card; an Eclipse deck takes only Eclipse "
                        "and Unaligned cards."]


def test_champion_problems() -> None:
    """No champion, a non-champion in the slot, another faction's champion, a champion in the 30."""
    deck = _base()
    assert D.validate(replace(deck, champion="nope")) == [
        "The deck has no champion ('nope' is not a Dragon Front card); add one of your "
        "faction's champions."]
    assert D.validate(replace(deck, champion=deck.cards[0])) == [
        f"{FMT.name(deck.cards[0])} is not a champion; the champion slot needs a champion card."]
    assert D.validate(replace(deck, champion="StC001")) == [
        "Cradle of Nymeer is a Strife champion; an Eclipse deck needs an Eclipse champion."]
    cards = tuple(sorted((*deck.cards[1:], "EcC002")))
    assert D.validate(replace(deck, cards=cards)) == [
        "The First is a champion: it goes in the champion slot, not among the cards."]


def test_unplayable_card_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card the engine does not play is named; the check is the engine's own function."""
    deck = _base()
    first = deck.cards[0]
    monkeypatch.setattr(FMT, "_supported", lambda cid: cid != first)
    assert D.validate(deck) == [f"{FMT.name(first)} is not playable in Hoard yet: the engine "
                                "does not run its text."]


def _mark_unsupported(monkeypatch: pytest.MonkeyPatch) -> str:
    """Marks an Unaligned collectible non-champion card unsupported, as the converter marks a card
    whose text it cannot parse (every such card is supported now), and returns its id."""
    cid = _card(lambda c: c["faction"] == "Unaligned" and c["collectible"]
                and c["type"] != "champion" and c["rarity"] != "Token")
    monkeypatch.setitem(C.cards()[cid], "unsupported", "the engine does not run its text")
    return cid


def test_unplayable_card_from_the_data_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card the converter marked unsupported is refused by the engine's own check."""
    unsupported = _mark_unsupported(monkeypatch)
    assert not FMT.is_supported(unsupported)
    deck = _base()
    problems = D.validate(replace(deck, cards=tuple(sorted((*deck.cards[1:], unsupported)))))
    assert problems == [f"{FMT.name(unsupported)} is not playable in Hoard yet: the engine does "
                        "not run its text."]


def test_token_and_uncollectible_problems() -> None:
    deck = _base()
    token = _card(lambda c: c["rarity"] == "Token" and c["faction"] == "Unaligned")
    problems = D.validate(replace(deck, cards=tuple(sorted((*deck.cards[1:], token)))))
    assert problems == [f"{FMT.name(token)} is a token, made during play; it cannot go in a deck."]
    odd = _card(lambda c: c["type"] == "champion" and not c["collectible"]
                and c["faction"] == "Unaligned")
    assert D.validate(replace(deck, champion=odd)) == [
        f"{FMT.name(odd)} is not a collectible card; it cannot go in a deck."]


def test_unknown_card_and_faction_problems() -> None:
    deck = _base()
    assert D.validate(replace(deck, cards=(*deck.cards[1:], "ZZ999"))) == [
        "There is no card 'ZZ999' in Dragon Front."]
    assert D.validate(replace(deck, faction="dragons"))[0].startswith(
        "'dragons' is not a Dragon Front faction.")


def test_each_problem_is_its_own_message() -> None:
    """A deck with three problems gets three messages."""
    deck = _base()
    strife = _card(lambda c: c["faction"] == "Strife" and c["type"] == "unit" and c["collectible"])
    bad = replace(deck, champion="StC001", cards=(*deck.cards[3:], strife))
    assert len(D.validate(bad)) == 3


# -- add and remove ---------------------------------------------------------------------------------


def test_add_and_remove_by_name_and_id() -> None:
    """Removing makes room; adding by name or id puts the card back; each says what changed."""
    deck = _base()
    first = deck.cards[0]
    deck, said = D.remove_card(deck, FMT.name(first).upper())
    assert said == f"Removed {FMT.name(first)} (29/30 cards)." and deck.count(first) == 1
    extra = _pick_legal("eclipse", exclude=deck)
    deck, said = D.add_card(deck, extra)
    assert said == f"Added {FMT.name(extra)} (30/30 cards)." and deck.count(extra) == 1
    assert D.validate(deck) == []


def test_add_refusals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Full deck, third copy, other faction, token, unplayable, unknown and ambiguous names."""
    deck = _base()
    with pytest.raises(D.DeckError, match="already holds 30 cards; /deck remove one first"):
        D.add_card(deck, _pick_legal("eclipse", exclude=deck))
    deck, _ = D.remove_card(deck, deck.cards[-1])
    with pytest.raises(D.DeckError, match="already holds 2 copies of"):
        D.add_card(deck, deck.cards[0])
    with pytest.raises(D.DeckError, match="is a Strife card; an Eclipse deck"):
        D.add_card(deck, FMT.name(_card(lambda c: c["faction"] == "Strife" and c["type"] == "unit"
                                        and c["collectible"] and C.is_supported(c["id"]))))
    unsupported = _mark_unsupported(monkeypatch)
    with pytest.raises(D.DeckError, match="not playable in Hoard yet"):
        D.add_card(deck, FMT.name(unsupported))
    with pytest.raises(D.DeckError, match="No Dragon Front card is called 'zzz'"):
        D.add_card(deck, "zzz")
    with pytest.raises(D.DeckError, match="matches several cards"):
        D.add_card(deck, "dra")
    with pytest.raises(D.DeckError, match="Name a card"):
        D.add_card(deck, "  ")


def test_adding_a_champion_replaces_the_champion() -> None:
    deck = _base()
    new, said = D.add_card(deck, "grim angel")
    assert new.champion == "EcC004" and said == "Grim Angel is now the champion (was Gajji " \
                                                 "Necromancer)."
    assert new.cards == deck.cards
    with pytest.raises(D.DeckError, match="already the champion"):
        D.add_card(new, "Grim Angel")
    with pytest.raises(D.DeckError, match="Eos Alpha is an Aegis champion; an Eclipse deck"):
        D.add_card(deck, "Eos Alpha")


def test_remove_refusals() -> None:
    deck = _base()
    with pytest.raises(D.DeckError, match="is the champion; a deck always has one"):
        D.remove_card(deck, FMT.name(deck.champion))
    outside = _pick_legal("eclipse", exclude=deck)
    with pytest.raises(D.DeckError, match="There is no .* in this deck"):
        D.remove_card(deck, FMT.name(outside))


# -- deck codes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("faction", FACTIONS)
def test_codes_round_trip_for_base_decks(faction: str) -> None:
    """A base deck's code is short and URL-safe, and reads back as the same deck."""
    deck = _base(faction)
    code = D.encode(deck)
    assert code.startswith("DF1-") and len(code) <= 60
    assert all(ch.isalnum() or ch in "-_" for ch in code)
    back = D.decode(code, "copy")
    assert (back.faction, back.champion, back.cards, back.name) == (
        deck.faction, deck.champion, deck.cards, "copy")


def test_codes_round_trip_for_built_and_single_copy_decks() -> None:
    """Single copies, a new champion and even an unfinished deck survive the code."""
    deck = _base("scales")
    for _ in range(5):
        deck, _ = D.remove_card(deck, deck.cards[0])
    deck, _ = D.add_card(deck, _pick_legal("scales", exclude=deck))
    champion = next(c for c in FMT.legal_cards("scales")
                    if FMT.is_champion(c) and c != deck.champion)
    deck, _ = D.add_card(deck, champion)
    assert D.decode(D.encode(deck), "x").to_json() == deck.to_json()
    assert D.decode(f"  `{D.encode(deck)}`\n", "x").cards == deck.cards  # pasted from Discord


def test_foreign_codes_are_refused() -> None:
    for code in ("hello", "XX1-AAAA", "", "DF-AAAA", "https://example.com/DF1-AAAA"):
        with pytest.raises(D.DeckCodeError, match="not a Dragon Front deck code; those start "
                                                 "with DF1-"):
            D.decode(code, "x")


def test_newer_and_unknown_versions_are_refused() -> None:
    body = D.encode(_base()).split("-", 1)[1]
    with pytest.raises(D.DeckCodeError, match="version 2, newer than this bot reads"):
        D.decode(f"DF2-{body}", "x")
    with pytest.raises(D.DeckCodeError, match="Version 0 deck codes are not known"):
        D.decode(f"DF0-{body}", "x")


def test_every_single_character_change_is_refused() -> None:
    """Changing any one character of a code, or cutting it short, is caught as damage."""
    code = D.encode(_base("thorns"))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    rng = random.Random(4)
    for pos in range(4, len(code)):
        other = rng.choice([ch for ch in alphabet if ch != code[pos]])
        with pytest.raises(D.DeckCodeError, match="damaged"):
            D.decode(code[:pos] + other + code[pos + 1:], "x")
    for cut in (5, 8, 20, len(code) - 1):
        with pytest.raises(D.DeckCodeError, match="damaged"):
            D.decode(code[:cut], "x")


# -- autocomplete and names -------------------------------------------------------------------------


def test_search_offers_prefix_matches_first_and_only_legal_cards() -> None:
    choices = D.search_cards("gh", "eclipse")
    assert 0 < len(choices) <= 25
    names = [FMT.name(c.value) for c in choices]
    starting = [n for n in names if n.lower().startswith("gh")]
    assert names[:len(starting)] == starting
    assert all(FMT.is_legal(c.value, "eclipse") for c in choices)
    assert all(c.label.startswith(FMT.name(c.value)) and len(c.label) <= 100 for c in choices)


def test_search_caps_at_25_and_covers_the_faction() -> None:
    everything = D.search_cards("", "silence")
    assert len(everything) == 25
    assert {c.value for c in D.search_cards("", "silence", limit=1000)} == set(
        FMT.legal_cards("silence"))
    assert D.search_cards("no such card", "silence") == []


def test_search_among_a_deck_for_removal() -> None:
    deck = _base()
    choices = D.search_cards("", "eclipse", among=deck.cards)
    assert [c.value for c in choices] == sorted(set(deck.cards),
                                                key=lambda c: (FMT.name(c).lower(), c))


def test_deck_names() -> None:
    assert D.clean_name("  ghoul-rush ") == "ghoul-rush"
    for bad in ("", "two words", "x" * 33, "a=b"):
        with pytest.raises(D.DeckError, match="A deck name has 1 to 32"):
            D.clean_name(bad)
    assert D.free_name("eclipse", ["Eclipse", "eclipse-2"]) == "eclipse-3"
    assert D.free_name("thorns", ["eclipse"]) == "thorns"


def test_deck_json_round_trip_and_errors() -> None:
    deck = _base()
    assert D.Deck.from_json("dragonfront", "test", deck.to_json()) == deck
    with pytest.raises(ValueError, match="expected a list of card ids"):
        D.Deck.from_json("dragonfront", "t", {"faction": "x", "champion": "y", "cards": "z"})


# -- the engine option ------------------------------------------------------------------------------


def test_engine_option_shape_and_refusal() -> None:
    deck = _base("strife")
    option = D.engine_option(deck)
    assert option == {"faction": "strife", "champion": "StC001", "cards": list(deck.cards)}
    assert D.engine_decks([None, None]) is None
    assert D.engine_decks([deck, None]) == [option, None]
    with pytest.raises(D.DeckError, match="cannot be played yet: The deck holds 29"):
        D.engine_option(replace(deck, cards=deck.cards[1:]))


def test_a_built_deck_plays_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deck built here, sent through a code, plays a whole game (a stand-in for the engine's
    `deck` option: the seat's base deck is swapped for the built one)."""
    deck = _base("eclipse", "mine")
    for _ in range(4):
        deck, _ = D.remove_card(deck, deck.cards[0])
    while len(deck.cards) < 30:
        deck, _ = D.add_card(deck, _pick_legal("eclipse", exclude=deck))
    deck, _ = D.add_card(deck, "Grim Angel")
    imported = D.decode(D.encode(deck), "theirs")
    option = D.engine_option(imported)
    real = C.decks()
    patched = {**real, "eclipse": {"faction": "Eclipse", "champion": option["champion"],
                                   "cards": option["cards"]}}
    monkeypatch.setattr(C, "decks", lambda: patched)
    state = GAME.new_game(5, 2, {"faction": ["eclipse", "thorns"]})
    seen = set(state.players[0]["deck"]) | set(state.players[0]["hand"])
    assert seen <= set(option["cards"]) | {C.STIPEND}
    assert state.players[0]["champion"] == "EcC004"
    rng = random.Random(5)
    for _ in range(GAME.info.max_actions):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.to_play(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert GAME.outcome(state) is not None


# -- the /deck show image ---------------------------------------------------------------------------


def _png_checks(png: bytes) -> Any:
    import io

    from PIL import Image

    assert len(png) <= 250 * 1024
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width == 1100 and 300 <= image.height <= 1400
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) > 20
    return image


@pytest.mark.parametrize("faction", FACTIONS)
def test_deck_image_of_each_base_deck(faction: str) -> None:
    """The list image draws for every base deck, small and with real content."""
    _png_checks(D.render_deck(_base(faction)))


def test_deck_view_groups_by_cost_with_curve_and_champion() -> None:
    deck = _base()
    view = D.deck_view(deck)
    assert [g["cost"] for g in view["groups"]] == sorted(g["cost"] for g in view["groups"])
    assert sum(c["count"] for g in view["groups"] for c in g["cards"]) == 30
    assert sum(n for _, n in view["curve"]) == 30 and view["curve"][-1][0] == "7+"
    assert view["champion"]["name"] == "Gajji Necromancer" and view["faction"] == "Eclipse"
    assert view["problems"] == [] and view["code"] == D.encode(deck)
    assert view["accent"] is not None


def test_deck_image_of_a_wide_deck_with_problems() -> None:
    """Thirty different cards and several problems still fit a readable image."""
    deck = _base("essence")
    pool = [c for c in FMT.legal_cards("essence") if not FMT.is_champion(c)]
    wide = replace(deck, cards=tuple(sorted(pool[:30])), champion="StC001")
    problems = D.validate(wide)
    assert problems
    view = D.deck_view(wide)
    from renderers.deck import _side

    blocks, _ = _side(view)
    from renderers.common import font

    for kind, block in blocks:
        if kind == "text":
            f = font(block.size, bold=block.bold)
            assert all(f.getlength(line) <= block.box[2] - block.box[0] for line in block.lines)
    _png_checks(D.render_deck(wide))
