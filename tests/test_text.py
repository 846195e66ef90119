"""Texts (`games.text`) fill their fields and survive pickling, compiled (setup.py) or not."""

from __future__ import annotations

import pickle

from games.text import Text, plural, term


def test_fields_may_be_named_like_the_parameters() -> None:
    """A field named cls, msgid, n or context fills the template (mypyc ignores `/`, so a
    compiled call must not mistake it for the parameter of that name)."""
    assert Text("Tower ({cls})", cls="L") == "Tower (L)"
    assert Text("{msgid} {context}", msgid="a", context="b") == "a b"
    assert term("drakones", "{cls} wall", cls="heavy") == "heavy wall"
    assert plural("{n} card of {singular}", "{n} cards of {singular}", 2, singular="x") \
        == "2 cards of x"


def test_a_pickled_text_keeps_its_message_id_and_arguments() -> None:
    """Texts cross processes (the computer players' pool) as pickles."""
    text = plural("{n} card", "{n} cards", 3)
    back = pickle.loads(pickle.dumps(text))
    assert (back, back.msgid, back.args, back.plural_id, back.n) == \
        ("3 cards", "{n} card", {}, "{n} cards", 3)
    assert isinstance(back, Text)
