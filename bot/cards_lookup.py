"""Card lookup for `/card`: finds a card of any registered game by name and says what to draw.

Transport-free. The games come from the registry and their cards from `renderers.faces`, so a new
game with a face module is found without a change here. Autocomplete entries read "Name (Game)";
their value is `game:key`, which `find` resolves exactly.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import games
from games.text import Text, Translate, echo, english
from renderers.faces import CardFace, faces_of

log = logging.getLogger(__name__)

MAX_CHOICES = 25


class CardNotFound(ValueError):
    """No card, or more than one, matches the query; the message says which."""


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One card in the lookup: its autocomplete label, its exact value and its face."""

    label: str
    value: str
    face: CardFace
    title: str
    """The game's title, for the image footer."""


def entries() -> tuple[CardEntry, ...]:
    """Returns every card of every game with faces, by game then data order."""
    return _entries(tuple(games.names()))


@cache
def _entries(names: tuple[str, ...]) -> tuple[CardEntry, ...]:
    found: list[CardEntry] = []
    for name in names:
        faces = faces_of(name)
        if not faces:
            continue
        title = games.get(name).info.title
        clashes = Counter(face.name.lower() for face in faces)
        for face in faces:
            label = (f"{face.name} ({title})" if clashes[face.name.lower()] == 1
                     else f"{face.name} ({title}, {face.key})")
            found.append(CardEntry(label[:100], f"{name}:{face.key}"[:100], face, title))
    log.debug("Card lookup holds %d cards", len(found))
    return tuple(found)


def search(query: str, *, game: str | None = None, limit: int = MAX_CHOICES,
           tr: Translate = english) -> list[CardEntry]:
    """Returns up to `limit` cards whose name (in English or in `tr`'s language) starts with the
    query, then those containing it."""
    key = query.strip().lower()
    pool = [e for e in entries() if game is None or e.face.game == game]
    starts = [e for e in pool if e.face.name.lower().startswith(key)
              or tr(e.face.name).lower().startswith(key)]
    chosen = {e.value for e in starts}
    inside = [e for e in pool if e.value not in chosen
              and (key in e.label.lower() or key in label(e, tr).lower())]
    return (sorted(starts, key=_order) + sorted(inside, key=_order))[:limit]


def find(query: str, tr: Translate = english) -> CardEntry:
    """Returns the one card a query names: an autocomplete value, a label, a name or a prefix,
    in English or in `tr`'s language.

    :raises CardNotFound: when nothing matches, or several cards do (listing a few).
    """
    text = query.strip()
    if not text:
        raise CardNotFound(Text("Name a card."))
    pool = entries()
    for entry in pool:
        if text == entry.value or text.lower() == entry.label.lower():
            return entry
    key = text.lower()
    names = {e.value: (e.face.name.lower(), tr(e.face.name).lower()) for e in pool}
    matchers: tuple[Callable[[CardEntry], bool], ...] = (
        lambda e: key in names[e.value],
        lambda e: any(n.startswith(key) for n in names[e.value]),
        lambda e: key in e.label.lower() or key in names[e.value][1])
    for matcher in matchers:
        hits = sorted((e for e in pool if matcher(e)), key=_order)
        if len(hits) == 1:
            return hits[0]
        if hits:
            shown = "; ".join(label(e, tr) for e in hits[:6]) + ("; …" if len(hits) > 6 else "")
            raise CardNotFound(Text("'{text}' matches several cards: {cards}. Pick one from the "
                                    "list as you type.", text=echo(text, 40), cards=shown))
    raise CardNotFound(Text("No card of any game is called '{text}'.", text=echo(text, 40)))


def label(entry: CardEntry, tr: Translate = english) -> str:
    """Returns the entry's label with the card's name in `tr`'s language."""
    name = tr(entry.face.name)
    return entry.label.replace(entry.face.name, name, 1) if name != entry.face.name else entry.label


def render(entry: CardEntry, tr: Translate = english) -> bytes:
    """Returns the card's image (PNG) in the reader's language; slow enough to call through
    `asyncio.to_thread`."""
    from renderers.card import render_card

    return render_card(entry.face, game_title=entry.title, tr=tr)


def _order(entry: CardEntry) -> tuple[str, str]:
    return entry.face.name.lower(), entry.label
