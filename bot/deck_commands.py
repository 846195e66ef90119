"""The `/deck` and `/card` commands, transport-free: words in, an `Answer` out.

The host turns an `Answer` into its reply (text, optional PNG, refusal or not, private or public);
the console and Discord then show it their own way. Autocomplete helpers give Discord its choices.
`seat_deck` is what `/join <game> deck=<name>` needs: the saved deck, checked, as the engine's
`deck` option value for that seat (a snapshot, so later edits do not change a game in progress).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import aiosqlite

from bot import cards_lookup
from bot import deck_store as store
from bot.decks import (
    MAX_CHOICES,
    CardChoice,
    Deck,
    DeckError,
    DeckFormat,
    clean_name,
    engine_option,
    format_for,
    free_name,
    name_key,
    render_deck,
)
from bot.messages import split_options
from games.text import Text, Translate, english, join_texts, plural

log = logging.getLogger(__name__)

DECK_HELP = Text(
    "/deck new <name> <faction> · /deck add <card> · /deck remove <card> · /deck show [name] · "
    "/deck list · /deck delete <name> · /deck code [name] · /deck import <code> [name]. "
    "add and remove change your current deck (the last one made, changed or shown), or the one "
    "named with deck=<name>."
)
NO_DECKS = Text("You have no decks yet: /deck new <name> <faction> starts one.")


@dataclass(frozen=True, slots=True)
class Answer:
    """What a deck or card command says back."""

    text: str
    image: bytes | None = None
    image_name: str = "deck.png"
    refused: bool = False
    """A refusal: nothing changed (the host shows it as an error)."""
    public: bool = False
    """Shown to the channel; otherwise only to the user who asked."""


def _refuse(text: str) -> Answer:
    return Answer(text, refused=True)


def _split(args: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """`split_options`, with each word split at its spaces (a deck or card name is rejoined)."""
    words, options = split_options(args)
    return [part for word in words for part in word.split()], options


async def run_deck(db: aiosqlite.Connection, user: str, args: Sequence[str], *, now: float,
                   game: str | None = None, images: bool = True,
                   tr: Translate = english) -> Answer:
    """Carries out one `/deck` command for a user, answering in `tr`'s language; a refusal
    changes nothing."""
    words, options = _split(args)
    if not words:
        return Answer(tr(DECK_HELP))
    verb, rest = words[0].lower(), words[1:]
    try:
        fmt = format_for(game)
        handler = _HANDLERS.get(verb)
        if handler is None:
            return _refuse(tr(Text("There is no /deck {verb}. {help}", verb=verb, help=DECK_HELP)))
        answer = await handler(_Call(db, user, fmt, rest, options, now, images, tr))
    except DeckError as refusal:
        return _refuse(tr(refusal.args[0] if refusal.args else ""))
    return replace(answer, text=tr(answer.text))


@dataclass(frozen=True, slots=True)
class _Call:
    db: aiosqlite.Connection
    user: str
    fmt: DeckFormat
    words: list[str]
    options: dict[str, str]
    now: float
    images: bool
    tr: Translate = english
    """The reader's language (the deck image is drawn in it)."""

    async def deck(self, name: str | None = None) -> Deck:
        """Returns the named deck, or the current one; raises DeckError when there is none."""
        name = name or self.options.get("deck") or None
        if name is None:
            found = await store.current(self.db, self.user, self.fmt.game)
            if found is None:
                raise DeckError(NO_DECKS)
            return found
        loaded = await store.load(self.db, self.user, self.fmt.game, name)
        if loaded is None:
            raise DeckError(Text("You have no deck called {name}; /deck list shows yours.",
                                 name=name))
        return loaded

    async def shown(self, deck: Deck, text: str) -> Answer:
        """Returns the text with the deck's image in the reader's language (when images are on)."""
        image = await asyncio.to_thread(render_deck, deck, self.tr) if self.images else None
        return Answer(text, image=image, image_name="deck.png")


async def _new(call: _Call) -> Answer:
    if len(call.words) != 2:
        return _refuse(Text("Usage: /deck new <name> <faction>, e.g. /deck new ghoul-rush "
                            "eclipse. Factions: {factions}.",
                            factions=", ".join(call.fmt.factions.values())))
    deck = call.fmt.base_deck(call.words[0], call.words[1])
    await store.save(call.db, call.user, deck, now=call.now, overwrite=False)
    return await call.shown(deck, Text("New deck {deck}: the {faction} base deck. /deck remove and "
                                       "/deck add change it.", deck=deck.name,
                                       faction=call.fmt.faction_title(deck.faction)))


async def _add(call: _Call) -> Answer:
    deck = await call.deck()
    changed, said = call.fmt.add(deck, " ".join(call.words))
    await store.save(call.db, call.user, changed, now=call.now)
    return Answer(_changed(call.fmt, changed, said))


async def _remove(call: _Call) -> Answer:
    deck = await call.deck()
    changed, said = call.fmt.remove(deck, " ".join(call.words))
    await store.save(call.db, call.user, changed, now=call.now)
    return Answer(_changed(call.fmt, changed, said))


async def _show(call: _Call) -> Answer:
    deck = await call.deck(call.words[0] if call.words else None)
    await store.touch(call.db, call.user, call.fmt.game, deck.name, now=call.now)
    problems = call.fmt.validate(deck)
    state = Text("Ready to play.") if not problems else Text(
        "To fix: {problems}", problems=join_texts(problems, " "))
    text = Text("{deck} ({faction}, {count}/{size} cards, champion {champion}). {state}",
                deck=deck.name, faction=call.fmt.faction_title(deck.faction),
                count=len(deck.cards), size=call.fmt.deck_size,
                champion=call.fmt.name(deck.champion), state=state)
    return await call.shown(deck, text)


async def _list(call: _Call) -> Answer:
    decks = await store.list_decks(call.db, call.user, call.fmt.game)
    if not decks:
        return Answer(NO_DECKS)
    current = await store.current(call.db, call.user, call.fmt.game)
    lines = []
    for deck in decks:
        is_current = current is not None and name_key(current.name) == name_key(deck.name)
        ready = not call.fmt.validate(deck)
        line = (plural("{deck}: {faction}, {n} card, {state}",
                       "{deck}: {faction}, {n} cards, {state}", len(deck.cards),
                       deck=Text("{deck} (current)", deck=deck.name) if is_current else deck.name,
                       faction=call.fmt.faction_title(deck.faction),
                       state=Text("ready") if ready else Text("not ready")))
        lines.append(line)
    return Answer(Text("Your decks:\n{decks}", decks=join_texts(lines, "\n")))


async def _delete(call: _Call) -> Answer:
    if len(call.words) != 1:
        return _refuse(Text("Usage: /deck delete <name>."))
    if not await store.delete(call.db, call.user, call.fmt.game, call.words[0]):
        return _refuse(Text("You have no deck called {name}; /deck list shows yours.",
                            name=call.words[0]))
    return Answer(Text("Deleted {name}.", name=call.words[0]))


async def _code(call: _Call) -> Answer:
    deck = await call.deck(call.words[0] if call.words else None)
    code = call.fmt.encode(deck)
    return Answer(Text("{deck}: {code}\nAnyone can load it with /deck import {code}",
                       deck=deck.name, code=code))


async def _import(call: _Call) -> Answer:
    if not 1 <= len(call.words) <= 2:
        return _refuse(Text("Usage: /deck import <code> [name]."))
    deck = call.fmt.decode(call.words[0], "import")
    taken = [d.name for d in await store.list_decks(call.db, call.user, call.fmt.game)]
    name = call.words[1] if len(call.words) == 2 else free_name(deck.faction, taken)
    deck = replace(deck, name=clean_name(name))
    await store.save(call.db, call.user, deck, now=call.now, overwrite=False)
    return await call.shown(deck, Text("Imported {deck}. {state}", deck=deck.name,
                                       state=_readiness(call.fmt, deck)))


_HANDLERS = {"new": _new, "add": _add, "remove": _remove, "show": _show, "list": _list,
             "delete": _delete, "code": _code, "import": _import}


def _readiness(fmt: DeckFormat, deck: Deck) -> str:
    problems = fmt.validate(deck)
    return Text("Ready to play.") if not problems else Text(
        "Not ready: {problems}", problems=join_texts(problems, " "))


def _changed(fmt: DeckFormat, deck: Deck, said: str) -> str:
    """What an add or remove answers: the deck, what changed and whether it may be played."""
    return Text("{deck}: {change} {state}", deck=deck.name, change=said,
                state=_readiness(fmt, deck))


async def run_card(args: Sequence[str], *, images: bool = True,
                   tr: Translate = english) -> Answer:
    """Carries out `/card <name>`: the card's image, for everyone in the channel (in `tr`'s
    language)."""
    query = " ".join(args)
    try:
        entry = cards_lookup.find(query, tr)
    except cards_lookup.CardNotFound as refusal:
        return _refuse(tr(refusal.args[0] if refusal.args else ""))
    image = await asyncio.to_thread(cards_lookup.render, entry, tr) if images else None
    face = entry.face
    text = Text("{card}: {kind}. {text}", card=cards_lookup.label(entry, tr), kind=face.type_line,
                text=face.text)
    return Answer(tr(text).strip(), image=image, image_name="card.png", public=True)


# -- /join <game> deck=<name> ------------------------------------------------------------------------


async def seat_deck(db: aiosqlite.Connection, user: str, game: str, name: str) -> dict[str, Any]:
    """Returns the engine's `deck` option value for one seat from the user's saved deck.

    :raises DeckError: when the game has no decks, the user has no such deck, or it is not ready.
    """
    fmt = format_for(game)
    deck = await store.load(db, user, fmt.game, name)
    if deck is None:
        raise DeckError(Text("You have no {game} deck called {name}; /deck list shows yours.",
                             game=fmt.title, name=name))
    return engine_option(deck)


# -- autocomplete ---------------------------------------------------------------------------------------


async def complete_deck_names(db: aiosqlite.Connection, user: str, prefix: str, *,
                              game: str | None = None) -> list[str]:
    """Returns the user's deck names that start with (then contain) the prefix, at most 25."""
    try:
        fmt = format_for(game)
    except DeckError:
        return []
    names = [d.name for d in await store.list_decks(db, user, fmt.game)]
    key = prefix.strip().casefold()
    starts = [n for n in names if n.casefold().startswith(key)]
    return (starts + [n for n in names if key in n.casefold() and n not in starts])[:MAX_CHOICES]


async def complete_cards(db: aiosqlite.Connection, user: str, prefix: str, *, removing: bool,
                         deck_name: str | None = None, game: str | None = None
                         ) -> list[CardChoice]:
    """Returns card choices for `/deck add` (the deck faction's legal cards it may still take)
    or `/deck remove` (the cards in the deck), from the named or current deck."""
    try:
        fmt = format_for(game)
        call = _Call(db, user, fmt, [], {"deck": deck_name or ""}, 0.0, False)
        deck = await call.deck()
    except DeckError:
        return []
    if removing:
        return fmt.search(prefix, deck.faction, among=deck.cards)
    open_cards = [cid for cid in fmt.legal_cards(deck.faction)  # leave out what cannot be added
                  if cid != deck.champion and deck.count(cid) < fmt.max_copies]
    return fmt.search(prefix, deck.faction, among=open_cards)


def complete_factions(prefix: str, *, game: str | None = None) -> list[str]:
    """Returns the faction names that start with the prefix."""
    try:
        fmt = format_for(game)
    except DeckError:
        return []
    key = prefix.strip().lower()
    return [title for faction, title in fmt.factions.items() if faction.startswith(key)]


def complete_card_lookup(prefix: str, tr: Translate = english) -> list[tuple[str, str]]:
    """Returns `/card` choices across every game as (label, value): "Name (Game)" with the name
    in `tr`'s language, value `game:key`."""
    return [(cards_lookup.label(e, tr), e.value) for e in cards_lookup.search(prefix, tr=tr)]
