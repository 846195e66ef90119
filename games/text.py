"""Language-free texts: a message id (the English template) with its arguments.

Engines never choose a language. Where they tell a player something (an event, a move label, a
refusal, an outcome's reason) they build a `Text`: a `str` whose value is the English sentence, so
every layer that only prints English (logs, tests, JSON) works unchanged, and which also keeps the
message id, its arguments and, for plurals, the plural form and the count. The host and the
renderers translate a `Text` with a gettext catalog (`locales.translate`); a plain `str` passes
through untranslated.

Templates use `str.format` fields: `Text("{player} plays {cards}.", player=seat_ref(0), cards=...)`.
An argument may itself be a `Text` (a card name), translated first. `plural` and `term` build the
other two gettext kinds (`ngettext` and `pgettext`); `make_text` is `Text` as a function, for
compiled code; `pybabel extract` finds them all by name (see babel.cfg).

This module is compiled with mypyc (setup.py), which does not honour `/`: a keyword argument
named like a positional parameter would collide with it, so those names end in `_`, which no
template field does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from mypy_extensions import mypyc_attr

Arg = Any
"""An argument: a str (a `Text` is translated first), an int (formatted for the locale), or anything
with a `str` form."""


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # mypyc: see setup.py
class Text(str):
    """An English sentence that remembers its message id and arguments (see the module docstring)."""

    msgid: str
    args: dict[str, Arg]
    plural_id: str | None
    n: int | None
    context: str | None

    def __new__(cls_, msgid_: str, /, **args: Arg) -> Text:
        return _filled(cls_, msgid_, args, None, None, None)

    @classmethod
    def _make(cls, msgid: str, args: dict[str, Arg], plural_id: str | None, n: int | None,
              context: str | None) -> Text:
        return _filled(cls, msgid, args, plural_id, n, context)

    def __reduce__(self) -> tuple[Callable[..., Text], tuple[Any, ...]]:
        return _remake, (self.msgid, self.args, self.plural_id, self.n, self.context)

    def __repr__(self) -> str:
        return f"Text({str(self)!r})"


_MADE: Final[dict[tuple[object, ...], Text]] = {}
"""Texts already made from plain arguments, by everything that makes them (`_made_key`)."""
_MADE_LIMIT: Final = 1 << 12


def _made_key(cls: type[Text], msgid: str, args: dict[str, Arg], plural_id: str | None,
              n: int | None, context: str | None) -> tuple[object, ...] | None:
    """Returns what identifies a text when every argument is an exact `str` or `int`, else None.
    Those are translated by their type and value alone (a `Text` argument has more to it)."""
    parts: list[object] = [cls, msgid, plural_id, n, context]
    for name, value in args.items():
        kind = type(value)
        if kind is not str and kind is not int:
            return None
        parts.append(name)
        parts.append(value)
    return tuple(parts)


def _filled(cls: type[Text], msgid: str, args: dict[str, Arg], plural_id: str | None,
            n: int | None, context: str | None) -> Text:
    """Makes a text of class `cls`: its English filled in, its parts kept. A module function,
    which compiled code calls directly (a classmethod is called through Python).

    A text of plain arguments (`_made_key`) is made once and handed out again: texts are values
    that nothing changes, engines tell the same few sentences again and again, and filling a
    template costs more than finding it (the cache is emptied when full)."""
    key = _made_key(cls, msgid, args, plural_id, n, context)
    if key is not None:
        found = _MADE.get(key)
        if found is not None:
            return found
    made = _fill(cls, msgid, args, plural_id, n, context)
    if key is not None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        _MADE[key] = made
    return made


def _fill(cls: type[Text], msgid: str, args: dict[str, Arg], plural_id: str | None,
          n: int | None, context: str | None) -> Text:
    """Fills the template (`{n}` is the count, None without one); the arguments fill it as they
    are when it cannot name `{n}` (no "{n" in it), saving a copy."""
    template = plural_id if plural_id is not None and n != 1 else msgid
    if not args and n is None:
        english = template
    elif n is None and "{n" not in template:
        english = template.format_map(args)
    else:
        english = template.format_map({"n": n, **args})
    self = str.__new__(cls, english)
    self.__dict__ = {"msgid": msgid, "args": args, "plural_id": plural_id, "n": n,
                     "context": context}
    return self


def _remake(msgid: str, args: dict[str, Arg], plural_id: str | None, n: int | None,
            context: str | None) -> Text:
    """Rebuilds a pickled text (a module-level function, which pickle finds by name also when
    this module is compiled)."""
    return _filled(Text, msgid, args, plural_id, n, context)


VERBATIM: Final = "!verbatim"
"""The context of a template that is not translated, only filled (`join_texts`)."""


def make_text(msgid_: str, /, **args: Arg) -> Text:
    """Returns `Text(msgid_, **args)`. Compiled code calls a function directly, where calling the
    class goes through Python's type machinery (`type.__call__`, `__new__` through its wrapper,
    `__init__`): about half of what a text costs. The compiled engines make their texts with it."""
    return _filled(Text, msgid_, args, None, None, None)


def plural(singular_: str, plural_: str, n_: int, /, **args: Arg) -> Text:
    """Returns a text whose form depends on the count `n_` (gettext's ngettext); `{n}` is the
    count."""
    return _filled(Text, singular_, args, plural_, n_, None)


def term(context_: str, msgid_: str, /, **args: Arg) -> Text:
    """Returns a name (a card, a space, a class) in a context, e.g. term("drakones", "Dragon"),
    or a data file's text in its context, filled with `args`."""
    return _filled(Text, msgid_, args, None, None, context_)


def echo(text: str, limit: int = 24) -> str:
    """What a refusal quotes of a player's input: the start of a long one ("xxxx…"), so that a
    5,000-character name or number is not sent back whole."""
    return text if len(text) <= limit else text[:limit - 4] + "…"


def seat_ref(seat: int) -> str:
    """Returns the placeholder the host replaces with a player's name: "{p0}", "{p1}", ..."""
    return f"{{p{seat}}}"


def join_texts(items: Iterable[str], sep: str = ", ") -> Text:
    """Returns the items joined by a separator, each translated on its own ("Dwarf 1, Troll 2")."""
    parts = list(items)
    fields = {f"i{k}": part for k, part in enumerate(parts)}
    template = sep.replace("{", "{{").replace("}", "}}").join(f"{{i{k}}}" for k in range(len(parts)))
    return _filled(Text, template, fields, None, None, VERBATIM)


def and_list(items: Iterable[str]) -> str:
    """Returns "A", "A and B", "A and B and C" (each "and" translated)."""
    parts = list(items)
    if len(parts) <= 1:
        return parts[0] if parts else ""  # the item itself, so that a `Text` stays translatable
    return Text("{first} and {last}", first=and_list(parts[:-1]), last=parts[-1])


def or_list(items: Iterable[str]) -> str:
    """Returns "A", "A or B", "A, B or C" (the "or" translated)."""
    parts = list(items)
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return Text("{items} or {last}", items=join_texts(parts[:-1]), last=parts[-1])


Translate = Callable[[str], str]
"""Turns a text into the reader's language (the identity gives English)."""


def english(text: str) -> str:
    """The English translator: a `Text` is already its English sentence."""
    return str.__str__(text)
