"""Deck building: the `Deck` value, a format's checks, deck codes and card search.

Transport-free and game-free. A game builds decks when its data folder holds `deckbuilding.json`
(the format's numbers and the deck-code table); its cards come from `cards.json` and its base decks
from `decks.json` in the same folder. "Only cards the engine plays" is the engine function that the
format names in `supported` (`module:function`), imported in one place (`DeckFormat.is_supported`)
so that the check follows the engine as it grows.

A deck code is `<prefix><version>-<base64url>`: one byte for the faction, two for the champion, two
per card entry (an index into the append-only `code_cards` table; the top bit marks a second copy)
and a three-byte checksum over the decoded deck, so that a damaged code is refused, never misread.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import importlib
import json
import logging
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, cast

import games
from games.text import Text, Translate, echo, english, join_texts, plural, term
from renderers.faces import faces_of

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
FORMAT_FILE = "deckbuilding.json"
MAX_NAME = 32
"""The longest deck name."""
MAX_CHOICES = 25
"""Discord offers at most 25 autocomplete choices."""
_NAME_EXTRA = frozenset("-_.'")
_CODE = re.compile(r"([A-Za-z]+)(\d+)-([A-Za-z0-9_-]*)")
_SECOND_COPY = 0x8000
_CHECKSUM_BYTES = 3
CURVE_TOP = 7
"""The mana curve's last bar counts every card of this cost or more."""


class DeckError(ValueError):
    """A deck request that cannot be carried out; the message (a `Text`, translated where it is
    shown) says why, in player words."""


class DeckCodeError(DeckError):
    """A deck code that cannot be read: foreign, damaged, or written by a newer version."""


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck: a faction, one champion and the cards (ids, one entry per copy, sorted)."""

    game: str
    name: str
    faction: str
    """The faction's key, as in the game's `decks.json` (e.g. "eclipse")."""
    champion: str
    cards: tuple[str, ...]

    def count(self, card_id: str) -> int:
        """Returns how many copies of a card the deck holds."""
        return self.cards.count(card_id)

    def to_json(self) -> dict[str, Any]:
        """Returns the deck's contents as JSON-ready data (the name and game are kept apart)."""
        return {"faction": self.faction, "champion": self.champion, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, game: str, name: str, data: Any) -> Deck:
        """Rebuilds a deck from `to_json` data; raises ValueError naming what it expected."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a deck object, got {type(data).__name__}")
        faction, champion, cards = data.get("faction"), data.get("champion"), data.get("cards")
        if not isinstance(faction, str) or not isinstance(champion, str):
            raise ValueError(f"expected faction and champion strings, got {faction!r}, {champion!r}")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise ValueError(f"expected a list of card ids, got {cards!r}")
        return cls(game, name, faction, champion, tuple(sorted(cards)))


@dataclass(frozen=True, slots=True)
class CardChoice:
    """One autocomplete entry: what the user sees and the value sent back (a card id)."""

    label: str
    value: str


class DeckFormat:
    """One game's deck-building rules and card pool, loaded from its data folder."""

    def __init__(self, game: str, spec: Mapping[str, Any], cards: Mapping[str, dict[str, Any]],
                 base: Mapping[str, dict[str, Any]]) -> None:
        self.game = game
        self.title: str = spec["title"]
        self.deck_size: int = spec["deck_size"]
        self.max_copies: int = spec["max_copies"]
        self.champion_type: str = spec["champion_type"]
        self.neutral: str = spec["neutral_faction"]
        self.token_rarity: str = spec["token_rarity"]
        self.code_prefix: str = spec["code_prefix"]
        self.code_version: int = spec["code_version"]
        self.code_factions: tuple[str, ...] = tuple(spec["code_factions"])
        self.code_cards: tuple[str, ...] = tuple(spec["code_cards"])
        self.code_index = {cid: i for i, cid in enumerate(self.code_cards)}
        self._supported_ref: str = spec["supported"]
        self._supported: Callable[[str], bool] | None = None
        self.cards = cards
        self.base = base
        self.factions = {key: str(deck["faction"]) for key, deck in sorted(base.items())}
        """Faction key -> display name, e.g. "eclipse" -> "Eclipse"."""
        self._base_ids = frozenset(cid for deck in base.values()
                                   for cid in [deck["champion"], *deck["cards"]])

    # -- the card pool ------------------------------------------------------------------------------

    def is_supported(self, card_id: str) -> bool:
        """Tells whether the engine plays the card (the engine's own test, imported once)."""
        if self._supported is None:
            module, _, function = self._supported_ref.partition(":")
            self._supported = cast(Callable[[str], bool],
                                   getattr(importlib.import_module(module), function))
        return self._supported(card_id)

    def name(self, card_id: str) -> str:
        """Returns a card's display name (the id itself when unknown)."""
        card = self.cards.get(card_id)
        return str(card["name"]) if card else card_id

    def faction_title(self, faction: str) -> str:
        return self.factions.get(faction, faction)

    def is_champion(self, card_id: str) -> bool:
        card = self.cards.get(card_id)
        return card is not None and card["type"] == self.champion_type

    def fits(self, card_id: str, faction: str) -> bool:
        """Tells whether a card belongs to the faction: its own, Unaligned, or listed as valid."""
        card = self.cards[card_id]
        title = self.faction_title(faction)
        if card["faction"] == title or (card["faction"] == self.neutral
                                        and not self.is_champion(card_id)):
            return True
        return title in (card.get("valid_factions") or [])

    def is_deck_card(self, card_id: str) -> bool:
        """Tells whether a card may go in a deck at all: collectible or part of a base deck."""
        card = self.cards[card_id]
        return bool(card["collectible"]) or card_id in self._base_ids

    def is_legal(self, card_id: str, faction: str) -> bool:
        """Tells whether a card may go in a deck of the faction (the 30 or the champion slot)."""
        return (card_id in self.cards and self.is_deck_card(card_id)
                and self.fits(card_id, faction) and self.is_supported(card_id))

    def legal_cards(self, faction: str) -> list[str]:
        """Returns every card a deck of the faction may hold, champions included, by name."""
        ids = [cid for cid in self.cards if self.is_legal(cid, faction)]
        return sorted(ids, key=lambda cid: (self.name(cid).lower(), cid))

    def find_faction(self, text: str) -> str:
        """Returns the faction key for a name or unique prefix; raises DeckError listing them."""
        key = text.strip().lower()
        matches = [f for f in self.factions if f == key] or [
            f for f in self.factions if key and f.startswith(key)]
        if len(matches) == 1:
            return matches[0]
        raise DeckError(self._not_a_faction(text))

    def _not_a_faction(self, text: str) -> Text:
        return Text("'{text}' is not a {game} faction. Factions: {factions}.", text=echo(text),
                    game=self.title, factions=", ".join(self.factions.values()))

    # -- decks ----------------------------------------------------------------------------------------

    def base_deck(self, name: str, faction: str) -> Deck:
        """Returns a new deck holding the faction's base deck."""
        key = self.find_faction(faction)
        base = self.base[key]
        return Deck(self.game, clean_name(name), key, base["champion"],
                    tuple(sorted(base["cards"])))

    def validate(self, deck: Deck) -> list[str]:
        """Returns one clear message per problem, each a `Text` (empty when the deck may be
        played)."""
        problems: list[str] = []
        if deck.faction not in self.factions:
            return [self._not_a_faction(deck.faction)]
        if len(deck.cards) != self.deck_size:
            gap = self.deck_size - len(deck.cards)
            fix = Text("add {count}", count=gap) if gap > 0 else Text("remove {count}",
                                                                       count=-gap)
            problems.append(plural("The deck holds {n} card; it needs exactly {size} plus the "
                                   "champion ({fix}).",
                                   "The deck holds {n} cards; it needs exactly {size} plus the "
                                   "champion ({fix}).", len(deck.cards), size=self.deck_size,
                                   fix=fix))
        problems += self._champion_problems(deck.champion, deck.faction)
        for card_id, count in sorted(Counter(deck.cards).items()):
            if card_id not in self.cards:
                problems.append(Text("There is no card '{card}' in {game}.", card=card_id,
                                     game=self.title))
                continue
            name = self.name(card_id)
            if count > self.max_copies:
                problems.append(plural("{count} copies of {card}: a deck may hold at most {n} of "
                                       "a card.",
                                       "{count} copies of {card}: a deck may hold at most {n} of "
                                       "a card.", self.max_copies, count=count, card=name))
            if self.is_champion(card_id):
                problems.append(Text("{card} is a champion: it goes in the champion slot, not "
                                     "among the cards.", card=name))
                continue
            problem = self._card_problem(card_id, deck.faction)
            if problem:
                problems.append(problem)
        return problems

    def _champion_problems(self, champion: str, faction: str) -> list[str]:
        if champion not in self.cards:
            return [Text("The deck has no champion ('{card}' is not a {game} card); add one of "
                         "your faction's champions.", card=champion, game=self.title)]
        name = self.name(champion)
        if not self.is_champion(champion):
            return [Text("{card} is not a champion; the champion slot needs a champion card.",
                         card=name)]
        problem = self._card_problem(champion, faction)
        return [problem] if problem else []

    def _card_problem(self, card_id: str, faction: str) -> str | None:
        """Returns why one card may not go in a deck of the faction, or None."""
        card = self.cards[card_id]
        name = self.name(card_id)
        if card["rarity"] == self.token_rarity:
            return Text("{card} is a token, made during play; it cannot go in a deck.", card=name)
        if not self.is_deck_card(card_id):
            return Text("{card} is not a collectible card; it cannot go in a deck.", card=name)
        if not self.fits(card_id, faction):
            title = self.faction_title(faction)
            if self.is_champion(card_id):
                return Text("{card} is {its} champion; {deck} deck needs {deck} champion.",
                            card=name, its=_a(card["faction"]), deck=_a(title))
            return Text("{card} is {its} card; {deck} deck takes only {faction} and {neutral} "
                        "cards.", card=name, its=_a(card["faction"]), deck=_a(title),
                        faction=title, neutral=self.neutral)
        if not self.is_supported(card_id):
            return Text("{card} is not playable in Hoard yet: the engine does not run its text.",
                        card=name)
        return None

    def add(self, deck: Deck, query: str) -> tuple[Deck, str]:
        """Adds a card (a champion takes the champion slot); returns the deck and what changed.

        :raises DeckError: naming the card and the rule that refuses it.
        """
        card_id = self.find_card(query, deck.faction)
        name = self.name(card_id)
        problem = self._card_problem(card_id, deck.faction)
        if problem:
            raise DeckError(problem)
        if self.is_champion(card_id):
            if card_id == deck.champion:
                raise DeckError(Text("{card} is already the champion of {deck}.", card=name,
                                     deck=deck.name))
            old = self.name(deck.champion)
            return replace(deck, champion=card_id), Text(
                "{card} is now the champion (was {old}).", card=name, old=old)
        if deck.count(card_id) >= self.max_copies:
            raise DeckError(plural("{deck} already holds {n} copy of {card}, the most a deck may "
                                   "hold.",
                                   "{deck} already holds {n} copies of {card}, the most a deck "
                                   "may hold.", deck.count(card_id), deck=deck.name, card=name))
        if len(deck.cards) >= self.deck_size:
            raise DeckError(Text("{deck} already holds {size} cards; /deck remove one first.",
                                 deck=deck.name, size=self.deck_size))
        cards = tuple(sorted((*deck.cards, card_id)))
        return replace(deck, cards=cards), Text("Added {card} ({count}/{size} cards).", card=name,
                                                count=len(cards), size=self.deck_size)

    def remove(self, deck: Deck, query: str) -> tuple[Deck, str]:
        """Removes one copy of a card; returns the deck and what changed.

        :raises DeckError: when the deck holds no such card, or for the champion.
        """
        card_id = self.find_card(query, deck.faction, among=deck.cards + (deck.champion,))
        name = self.name(card_id)
        if card_id == deck.champion:
            raise DeckError(Text("{card} is the champion; a deck always has one. /deck add another "
                                 "champion to replace it.", card=name))
        cards = list(deck.cards)
        cards.remove(card_id)
        return (replace(deck, cards=tuple(cards)),
                Text("Removed {card} ({count}/{size} cards).", card=name, count=len(cards),
                     size=self.deck_size))

    # -- finding cards ----------------------------------------------------------------------------

    def find_card(self, query: str, faction: str, *, among: Iterable[str] | None = None) -> str:
        """Returns the card a query names: an id, a name, or a unique prefix or part of a name.

        Legal cards of the faction (or the cards `among`) are tried first; then every card by
        exact name, so that a refusal can say why a known card does not fit.

        :raises DeckError: for no match (with suggestions) or several matches.
        """
        text = query.strip()
        if not text:
            raise DeckError(Text("Name a card."))
        pool = sorted(set(among)) if among is not None else self.legal_cards(faction)
        if text in pool:
            return text
        key = text.lower()
        for matcher in (lambda n: n == key, lambda n: n.startswith(key), lambda n: key in n):
            hits = [cid for cid in pool if matcher(self.name(cid).lower())]
            names = sorted({self.name(cid) for cid in hits})
            if len(names) == 1:
                return hits[0]
            if len(names) > 1:
                shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "")
                raise DeckError(Text("'{text}' matches several cards: {cards}. Type more of the "
                                     "name.", text=echo(text, 40), cards=shown))
        if among is not None:
            raise DeckError(Text("There is no '{text}' in this deck.", text=echo(text, 40)))
        known = [cid for cid in self.cards if self.name(cid).lower() == key or cid == text]
        if known:
            deckable = [cid for cid in known if self.is_deck_card(cid)] or known
            return deckable[0]
        raise DeckError(Text("No {game} card is called '{text}'. Pick one from the list as you "
                             "type.", game=self.title, text=echo(text, 40)))

    def search(self, query: str, faction: str, *, among: Iterable[str] | None = None,
               limit: int = MAX_CHOICES) -> list[CardChoice]:
        """Returns autocomplete choices: names starting with the query first, then containing it."""
        key = query.strip().lower()
        pool = sorted(set(among), key=lambda c: (self.name(c).lower(), c)) if among is not None \
            else self.legal_cards(faction)
        starts = [cid for cid in pool if self.name(cid).lower().startswith(key)]
        inside = [cid for cid in pool if key in self.name(cid).lower() and cid not in starts]
        return [CardChoice(self.label(cid), cid) for cid in (starts + inside)[:limit]]

    def label(self, card_id: str) -> str:
        """Returns a card's autocomplete label, e.g. "Wayward Ghouls (0, unit)"."""
        card = self.cards[card_id]
        return f"{card['name']} ({card['cost']}, {card['type']})"[:100]

    # -- the /deck show image ----------------------------------------------------------------------

    def view(self, deck: Deck, *, with_code: bool = True) -> dict[str, Any]:
        """Returns what `renderers.deck.render_deck` draws: groups by cost, curve, champion."""
        counts = Counter(deck.cards)
        groups: dict[int, list[dict[str, Any]]] = {}
        for card_id in sorted(counts, key=lambda c: (self._cost(c), self.name(c).lower())):
            card = self.cards.get(card_id, {})
            groups.setdefault(self._cost(card_id), []).append({
                "name": self.name(card_id), "count": counts[card_id],
                "kind": self._kind(card.get("type", "?")), "stats": self._stats(card)})
        curve = Counter(min(self._cost(c), CURVE_TOP) for c in deck.cards)
        kinds = Counter(self.cards.get(c, {}).get("type", "?") for c in deck.cards)
        champion = self.cards.get(deck.champion, {})
        badge = self.base.get(deck.faction, {}).get("champion")  # its colour is the faction's
        face = next((f for f in faces_of(self.game) if f.key == badge), None)
        champ_face = next((f for f in faces_of(self.game) if f.key == deck.champion), None)
        code = ""
        if with_code:
            try:
                code = self.encode(deck)
            except DeckError:
                code = ""
        return {
            "name": deck.name, "faction": term(self.game, self.faction_title(deck.faction)),
            "game_title": self.title, "count": len(deck.cards), "deck_size": self.deck_size,
            "accent": list(face.accent) if face else None,
            "champion": {"name": self.name(deck.champion), "cost": champion.get("cost", "?"),
                         "power": champion.get("power"), "health": champion.get("health"),
                         "text": champ_face.text if champ_face else champion.get("text", "")},
            "groups": [{"cost": cost, "cards": cards} for cost, cards in sorted(groups.items())],
            "curve": [(f"{c}+" if c == CURVE_TOP else str(c), curve[c])
                      for c in range(CURVE_TOP + 1)],
            "kinds": [(self._kind(f"{kind}s" if n > 1 else kind), n)
                      for kind, n in sorted(kinds.items())],
            "problems": self.validate(deck), "code": code,
        }

    def _kind(self, kind: str) -> str:
        """A card type as a list names it ("unit", "spells"), a term of the game's context."""
        return term(self.game, kind)

    def _cost(self, card_id: str) -> int:
        return int(self.cards.get(card_id, {}).get("cost", 0))

    @staticmethod
    def _stats(card: Mapping[str, Any]) -> str:
        if card.get("type") in ("unit", "champion") or card.get("power"):
            return f"{card.get('power', 0)}/{card.get('health', 0)}"
        return f"{card['health']} hp" if card.get("health") else ""

    # -- deck codes -------------------------------------------------------------------------------

    def encode(self, deck: Deck) -> str:
        """Returns the deck's code, short, URL-safe and versioned (the name is not part of it).

        :raises DeckError: when a card has no number in the code table.
        """
        missing = [cid for cid in (deck.champion, *deck.cards) if cid not in self.code_index]
        if missing or deck.faction not in self.code_factions:
            raise DeckError(Text("This deck cannot be written as a code (unknown: {unknown}).",
                                 unknown=", ".join(missing) or deck.faction))
        body = bytearray([self.code_factions.index(deck.faction)])
        body += self.code_index[deck.champion].to_bytes(2, "big")
        for card_id, count in sorted(Counter(deck.cards).items(),
                                     key=lambda kv: self.code_index[kv[0]]):
            while count > 0:
                pair = _SECOND_COPY if count >= 2 else 0
                body += (self.code_index[card_id] | pair).to_bytes(2, "big")
                count -= 2 if pair else 1
        body += self._checksum(self.code_version, deck.faction, deck.champion, deck.cards)
        text = base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")
        return f"{self.code_prefix}{self.code_version}-{text}"

    def decode(self, code: str, name: str) -> Deck:
        """Reads a deck code written by `encode` into a deck called `name`.

        :raises DeckCodeError: for a foreign, damaged or newer-version code.
        """
        match = _CODE.fullmatch(code.strip().strip("`").strip())
        if match is None or match.group(1).upper() != self.code_prefix.upper():
            raise DeckCodeError(Text("That is not a {game} deck code; those start with {start} .",
                                     game=self.title,
                                     start=f"{self.code_prefix}{self.code_version}-"))
        version = int(match.group(2))
        if version > self.code_version:
            raise DeckCodeError(Text("That deck code is version {version}, newer than this bot "
                                     "reads (version {known}); the bot needs an update.",
                                     version=version, known=self.code_version))
        if version != self.code_version:
            raise DeckCodeError(Text("Version {version} deck codes are not known; this bot reads "
                                     "version {known}.", version=version, known=self.code_version))
        body = _unbase64(match.group(3))
        damaged = DeckCodeError(Text("That deck code is damaged (a character is missing or "
                                     "changed); copy it again in full."))
        if body is None or len(body) < 3 + _CHECKSUM_BYTES or (len(body) - _CHECKSUM_BYTES) % 2 != 1:
            raise damaged
        payload, check = body[:-_CHECKSUM_BYTES], body[-_CHECKSUM_BYTES:]
        numbers = [int.from_bytes(payload[i:i + 2], "big") for i in range(1, len(payload), 2)]
        if payload[0] >= len(self.code_factions) or any(
                n & ~_SECOND_COPY >= len(self.code_cards) for n in numbers):
            raise damaged
        faction = self.code_factions[payload[0]]
        champion = self.code_cards[numbers[0]]
        cards: list[str] = []
        for n in numbers[1:]:
            cards += [self.code_cards[n & ~_SECOND_COPY]] * (2 if n & _SECOND_COPY else 1)
        if self._checksum(version, faction, champion, cards) != check:
            raise damaged
        return Deck(self.game, clean_name(name), faction, champion, tuple(sorted(cards)))

    def _checksum(self, version: int, faction: str, champion: str, cards: Iterable[str]) -> bytes:
        text = f"{self.code_prefix}{version}|{faction}|{champion}|{','.join(sorted(cards))}"
        return hashlib.blake2b(text.encode("utf-8"), digest_size=_CHECKSUM_BYTES).digest()


# -- module-level API: the format is found from the deck or the game name -----------------------------


@cache
def deck_format(game: str) -> DeckFormat | None:
    """Returns the deck-building format of a game, or None when the game has no deck building."""
    folder = DATA_DIR / game
    path = folder / FORMAT_FILE
    if not path.is_file():
        return None
    spec = json.loads(path.read_text(encoding="utf-8"))
    cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    base = json.loads((folder / "decks.json").read_text(encoding="utf-8"))
    log.debug("Loaded the deck format of %s (%d cards)", game, len(cards))
    return DeckFormat(game, spec, cards, base)


def formats() -> list[DeckFormat]:
    """Returns the format of every registered game that has deck building, by game name."""
    return [fmt for fmt in (deck_format(name) for name in games.names()) if fmt is not None]


def format_for(game: str | None = None) -> DeckFormat:
    """Returns a game's format (the only one when `game` is None); raises DeckError otherwise."""
    if game is None:
        found = formats()
        if len(found) == 1:
            return found[0]
        raise DeckError(Text("Name the game whose decks you mean.") if found
                        else Text("No game here has deck building."))
    fmt = deck_format(game)
    if fmt is None:
        raise DeckError(Text("{game} has no deck building.", game=game))
    return fmt


def new_deck(name: str, faction: str, game: str | None = None) -> Deck:
    """Returns a new deck that starts from the faction's base deck."""
    return format_for(game).base_deck(name, faction)


def validate(deck: Deck) -> list[str]:
    """Returns one clear message per problem with the deck (empty when it may be played)."""
    return format_for(deck.game).validate(deck)


def add_card(deck: Deck, card: str) -> tuple[Deck, str]:
    """Adds a card by name or id; returns the new deck and a line saying what changed."""
    return format_for(deck.game).add(deck, card)


def remove_card(deck: Deck, card: str) -> tuple[Deck, str]:
    """Removes one copy of a card by name or id; returns the new deck and what changed."""
    return format_for(deck.game).remove(deck, card)


def encode(deck: Deck) -> str:
    """Returns the deck's code."""
    return format_for(deck.game).encode(deck)


def decode(code: str, name: str) -> Deck:
    """Reads a deck code of whichever game's prefix it carries.

    :raises DeckCodeError: for a foreign, damaged or newer-version code.
    """
    found = formats()
    match = _CODE.fullmatch(code.strip().strip("`").strip())
    for fmt in found:
        if match is not None and match.group(1).upper() == fmt.code_prefix.upper():
            return fmt.decode(code, name)
    if len(found) == 1:
        return found[0].decode(code, name)  # its refusal names the expected prefix
    raise DeckCodeError(Text("That is not a deck code this bot knows."))


def search_cards(query: str, faction: str, *, game: str | None = None,
                 among: Iterable[str] | None = None, limit: int = MAX_CHOICES) -> list[CardChoice]:
    """Returns up to `limit` autocomplete choices over the faction's legal cards (or `among`)."""
    return format_for(game).search(query, faction, among=among, limit=limit)


def deck_view(deck: Deck, *, with_code: bool = True) -> dict[str, Any]:
    """Returns the data of the `/deck show` image (see `renderers.deck`)."""
    return format_for(deck.game).view(deck, with_code=with_code)


def render_deck(deck: Deck, tr: Translate = english) -> bytes:
    """Returns the `/deck show` image (PNG) in the reader's language; slow enough to call
    through `asyncio.to_thread`."""
    from renderers.deck import render_deck as draw

    return draw(deck_view(deck), tr)


def engine_option(deck: Deck) -> dict[str, Any]:
    """Returns one seat's value of the engine's proposed `deck` option.

    :raises DeckError: listing the problems when the deck may not be played.
    """
    problems = validate(deck)
    if problems:
        raise DeckError(Text("{deck} cannot be played yet: {problems}", deck=deck.name,
                             problems=join_texts(problems, " ")))
    return {"faction": deck.faction, "champion": deck.champion, "cards": list(deck.cards)}


def engine_decks(decks: Sequence[Deck | None]) -> list[dict[str, Any] | None] | None:
    """Returns the engine's `deck` option for all seats (None when no seat brings a deck)."""
    if all(deck is None for deck in decks):
        return None
    return [None if deck is None else engine_option(deck) for deck in decks]


def clean_name(text: str) -> str:
    """Returns a deck name checked for length and characters (letters, digits, - _ . ').

    :raises DeckError: saying what a name may hold.
    """
    name = text.strip()
    if not 1 <= len(name) <= MAX_NAME or not all(ch.isalnum() or ch in _NAME_EXTRA for ch in name):
        raise DeckError(Text("A deck name has 1 to {most} letters, digits or - _ . ' (no spaces: "
                             "use - instead), e.g. ghoul-rush.", most=MAX_NAME))
    return name


def name_key(name: str) -> str:
    """Returns the form under which deck names are unique (case-insensitive)."""
    return name.casefold()


def free_name(base: str, taken: Iterable[str]) -> str:
    """Returns `base`, or `base-2`, `base-3`, ... whichever no deck of `taken` uses yet."""
    used = {name_key(n) for n in taken}
    stem = clean_name(base[:MAX_NAME - 3])
    if name_key(stem) not in used:
        return stem
    number = 2
    while name_key(f"{stem}-{number}") in used:
        number += 1
    return f"{stem}-{number}"


def _a(word: str) -> Text:
    """Returns the word with its English indefinite article ("an Eclipse", "a Scales"); each
    language's catalog words it its own way."""
    return Text("an {word}", word=word) if word[:1].lower() in "aeiou" else Text("a {word}",
                                                                                  word=word)


def _unbase64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
