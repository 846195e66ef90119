"""A Babel extractor for names kept in Hoard's JSON data files (cards, spaces, dragon mats).

babel.cfg maps a data file to this extractor with two options: `context`, the pgettext context the
code looks the names up in (`games.text.term(context, name)`), and `fields`, space-separated paths
into the JSON where `*` matches every key or index, e.g. `types.*.name cards.*.name`. With
`lower = true` every name is also extracted in lower case (for texts that use it mid-sentence).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any


def extract_json(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: dict[str, str]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Yields (line, "pgettext", (context, name), comments) for each name found (Babel's API)."""
    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    context = options.get("context", "")
    lower = options.get("lower", "").lower() in ("1", "true", "yes")
    seen: set[str] = set()
    for path in options.get("fields", "").split():
        for value in _walk(data, path.split(".")):
            for name in (value, value.lower()) if lower else (value,):
                if name and name not in seen:
                    seen.add(name)
                    yield _line_of(text, value), "pgettext", (context, name), []


def _walk(node: Any, steps: list[str]) -> Iterator[str]:
    if not steps:
        if isinstance(node, str):
            yield node
        return
    step, rest = steps[0], steps[1:]
    if step == "*":
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
        for child in children:
            yield from _walk(child, rest)
    elif isinstance(node, dict) and step in node:
        yield from _walk(node[step], rest)


def _line_of(text: str, value: str) -> int:
    index = text.find(json.dumps(value, ensure_ascii=False))
    return text.count("\n", 0, index) + 1 if index >= 0 else 1
