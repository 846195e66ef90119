"""A Dragon Front card's rules text, generated from its encoding as a language-free `Text`.

Every phrase is a message id with arguments (the effect's target, its amount, the card it
names), so the host and the renderers translate a card's text phrase by phrase; its English
is the card file's `text`, which the converter writes with this same function. The words
themselves are in `card_words`. Card names stay as printed (Dragon Front keeps them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from games.dragonfront import cards as C
from games.dragonfront.card_words import (
    AMOUNT_WORDS,
    BUILD_WHERE,
    CONTEXT,
    KEYWORD_TEXTS,
    KINDS,
    N_,
    NAMES,
    RELOCATE_WHERE,
    SELECTORS,
    SUMMON_WHERE,
    TAXES,
    TELEPORT_PLACE,
    TRIGGERS,
    UNTIL,
)
from games.text import VERBATIM, Text, and_list, join_texts, term

Names = Callable[[str], str]
"""A card's name by id (the card file's at run time, the source's in the converter)."""


def keyword(name: str) -> Text:
    """A keyword as printed on cards ("FLIGHT"), in the reader's language."""
    return term(CONTEXT, name)


def race(name: str) -> Text:
    """A race in title case ("Golem"), in the reader's language."""
    return term(CONTEXT, name.title())


@cache
def text_of(card_id: str) -> Text:
    """Returns the rules text of a card of the card file (built once per card)."""
    return describe(C.card(card_id))


@cache
def modes_of(card_id: str) -> tuple[Text, ...]:
    """Returns the texts of a card's CHOOSE ONE options (built once per card)."""
    return tuple(mode_texts(C.card(card_id)))


def mode_texts(card: dict[str, Any], names: Names | None = None) -> list[Text]:
    """Returns the text of each CHOOSE ONE option of a card ("draw 3"), in order."""
    g = _Gen(names or _card_name)
    return [g.mode(mode) for mode in card.get("modes", [])]


def describe(card: dict[str, Any], names: Names | None = None) -> Text:
    """Returns a card's short rules text, generated from its encoding."""
    if card.get("unsupported"):
        return Text("Not playable yet.")
    g = _Gen(names or _card_name)
    bits: list[str] = _printed_order([g.keyword_text(k, v) for k, v in card.get("kw", {}).items()],
                                     card.get("text"))
    if card.get("respawn"):
        options = card["respawn"] if isinstance(card["respawn"], list) else [card["respawn"]]
        if len(options) > 3:
            bits.append(Text("RESPAWN as a random one of {n} champions", n=len(options)))
        else:
            bits.append(Text("RESPAWN {cards}", cards=_or(g.name(r) for r in options)))
    bits += [g.ability(a) for a in card.get("abilities", [])]
    if card["type"] == "spell" and "do" in card:
        g.target = _kind(card.get("target", ""))
        bits.append(_Capital(_joined(g.effect(e) for e in card["do"])))
    modes = [g.mode(mode) for mode in card.get("modes", [])]
    if modes:
        bits.append(Text("Choose: {options}", options=_options(modes)))
    return join_texts([b for b in bits if b], ". ")


def _printed_order(keywords: list[str], printed: str | None) -> list[str]:
    """Puts the keywords in the order the card prints them: the card file keeps its `kw` sorted,
    and its English `text` (written from the source's order) records the printed one."""
    if not printed:
        return keywords
    where = {k: printed.find(str(k)) for k in keywords}
    return sorted(keywords, key=lambda k: (where[k] < 0, where[k]))


class _Capital(Text):
    """A text whose English begins with a capital letter (a spell's sentence); its translations
    begin as their templates do."""

    def __new__(cls, inner: Text) -> _Capital:
        made = Text._make("{text}", {"text": inner}, None, None, VERBATIM)
        self = str.__new__(cls, str(inner)[:1].upper() + str(inner)[1:])
        self.msgid, self.args, self.plural_id, self.n, self.context = (
            made.msgid, made.args, None, None, made.context)
        return self

    def __reduce__(self) -> tuple[Callable[..., _Capital], tuple[Any, ...]]:
        return _Capital, (self.args["text"],)


def _card_name(card_id: str) -> str:
    return C.cards()[card_id]["name"] if card_id in C.cards() else card_id


def _joined(parts: Iterable[str], sep: str = "; ") -> Text:
    return join_texts(list(parts), sep)


def _or(parts: Iterable[str]) -> str:
    items = list(parts)
    if len(items) <= 1:
        return items[0] if items else ""
    return Text("{first} or {last}", first=_or(items[:-1]), last=items[-1])


def _options(parts: list[Text]) -> str:
    """CHOOSE ONE options: "draw 3 OR +2 mana"."""
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return Text("{first} OR {last}", first=_options(parts[:-1]), last=parts[-1])


def _kind(kind: str) -> Text:
    return Text(KINDS.get(kind, "the target"))


def _word(english: str) -> Text:
    """A word derived from an encoding's name ("entrant has flight"); see `card_words.DERIVED`."""
    return Text(english)


def _signed(n: int) -> str:
    return f"{n:+d}"


class _Gen:
    """Builds the texts of one card (remembering what "the target" of its spell is)."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.target = Text("the target")
        self.picked = "picked"

    def name(self, card_id: str) -> str:
        return self.names(card_id)

    def mode(self, mode: dict[str, Any]) -> Text:
        self.target = _kind(mode.get("target", ""))
        parts = [self.effect(e) for e in mode["do"]] + [self.ability(a)
                                                        for a in mode.get("abilities", [])]
        self.target = Text("the target")
        return _joined(parts)

    def keyword_text(self, k: str, v: int) -> str:
        if k in KEYWORD_TEXTS:
            return Text(KEYWORD_TEXTS[k], n=v)
        if v == 1 or k == "STUN":
            return keyword(k)
        return Text("{keyword} {n}", keyword=keyword(k), n=v)

    # -- conditions and amounts -------------------------------------------------------------

    def cond(self, c: Any) -> str:
        if isinstance(c, list):
            return and_list(self.cond(x) for x in c)
        if isinstance(c, dict) and "not" in c:
            return Text("not {condition}", condition=self.cond(c["not"]))
        if isinstance(c, dict) and "any" in c:
            return _or(self.cond(x) for x in c["any"])
        if isinstance(c, dict) and "is" in c:
            return self._derived(f"{c['of']} {c['is'].replace('_', ' ')}")
        if isinstance(c, dict) and "state" in c:
            return self._derived(f"{c['of']} is {c['state'].replace('_', ' ')}".replace(
                "target is", "it is"))
        if isinstance(c, dict) and "victim_power" in c:
            return Text("it had power {n}", n=c["victim_power"])
        if isinstance(c, dict) and "at_least" in c:
            return Text("{what} {n}+", what=_word(c["at_least"]), n=c["n"])
        if isinstance(c, dict):
            return race(str(c.get("race") or c.get("race_in_lane") or ""))
        if c == "is_champion":
            return Text("a champion")
        if c == "champion_destroyed":
            return Text("a champion has died")
        return self._derived(str(c).replace("_", " "))

    def _derived(self, english: str) -> Text:
        return _word(english.replace("picked", self.picked))

    def amount(self, n: Any) -> str:
        if isinstance(n, dict):
            if "count" in n:
                return Text("{n} per {what}", n=n["times"], what=_word(n["count"].replace("_", " ")))
            if "base" in n:
                return Text("{base} (+{n} per unit died)", base=n["base"], n=n["per_count"])
            return Text("1 per damage")
        if isinstance(n, list):
            return Text("{low}-{high}", low=n[0], high=n[1])
        if str(n) in AMOUNT_WORDS:
            return Text(AMOUNT_WORDS[str(n)])
        return str(n)

    def steps(self, effects: list[dict[str, Any]]) -> Text:
        return _joined(self.effect(x) for x in effects)

    # -- effects ----------------------------------------------------------------------------

    def effect(self, e: dict[str, Any]) -> str:
        op, to, n = e["op"], e.get("to", ""), e.get("n", "")
        who: str = ""
        if to:
            who = Text(SELECTORS[to]) if to in SELECTORS else _word(to.replace("_", " "))
        if to == "target":
            who = self.target
        make = _EFFECTS.get(op)
        if make is None:
            return Text("{operation} {who}", operation=_word(op.replace("_", " ")),
                        who=who) if who else _word(op.replace("_", " "))
        return make(self, e, who, n)

    def ability(self, a: dict[str, Any]) -> str:
        on = a["on"]
        if on == "static":
            head = (Text("While {condition}: ", condition=self.cond(a["if"])) if a.get("if")
                    else Text("Always: "))
            return Text("{head}{what}", head=head, what=self._bonus(a, static=True))
        if on == "foe_aura":
            return Text("Enemy units on it have power {n}", n=a["setpw"])
        if on == "carrier":
            return Text("A non-giant unit may be deployed on its space; it then goes back to your "
                        "hand")
        if on == "deploy_here":
            which = Text(" ({condition})", condition=self.cond(a["if"])) if a.get("if") else ""
            then = Text("; then: {steps}", steps=self.steps(a["do"])) if a.get("do") else ""
            return Text("Your units{condition} may be deployed here{then}", condition=which,
                        then=then)
        if on == "cost":
            kind = _word(f"{a['kind']}s")
            if a["n"] < 0:
                return Text("Your {kind} cost {n} less", kind=kind, n=abs(a["n"]))
            return Text("Your {kind} cost {n} more", kind=kind, n=abs(a["n"]))
        if on == "aura" and a.get("respawn"):
            return Text("Other allies get RESPAWN {card}", card=self.name(a["respawn"]))
        if on in ("aura", "command"):
            cond: str = Text(" when {condition}", condition=self.cond(a["if"])) if a.get("if") else ""
            if a.get("per"):
                cond = Text("{condition} per {what}", condition=cond,
                            what=_word(a["per"].replace("_", " ")))
            who = _word(a["who"].replace("_", " "))
            bonus = self._bonus(a, static=False)
            if on == "command":
                return Text("While waiting on the Stronghold, {who} get {bonus}{condition}",
                            who=who, bonus=bonus, condition=cond)
            return Text("{who} get {bonus}{condition}", who=who, bonus=bonus, condition=cond)
        if on in TAXES:
            return Text(TAXES[on])
        head = Text(TRIGGERS[on]) if on in TRIGGERS else _word(on)
        steps = _joined(self.effect(e) for e in a["do"])
        if a.get("if"):
            return Text("{trigger} (if {condition}): {steps}", trigger=head,
                        condition=self.cond(a["if"]), steps=steps)
        return Text("{trigger}: {steps}", trigger=head, steps=steps)

    def _bonus(self, a: dict[str, Any], *, static: bool) -> Text:
        bits: list[str] = [f"{_signed(a.get('pw', 0))}/{_signed(a.get('hp', 0))}"
                           if a.get("pw") or a.get("hp") else ""]
        bits += [keyword(k) for k in a.get("kw", {})]
        if static:
            bits += [Text("+{n} fragments", n=a["frags"])] if a.get("frags") else []
            bits += ([Text("per {what}", what=_word(a["per"].replace("_", " ")))]
                     if a.get("per") else [])
        return join_texts([b for b in bits if b], " ")


_OPEN_SPACES = N_("open spaces")
_FRONTLINES = N_("the Frontlines")
"""Where a summon or a teleport goes when its place has no word of its own."""

_Effect = Callable[[_Gen, dict[str, Any], str, Any], str]


def _draw(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    if e.get("who") == "both":
        return Text("draw {amount} (both)", amount=g.amount(n))
    return Text("draw {amount}", amount=g.amount(n))


def _tokens(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    if isinstance(n, dict) and "count" in n:
        counted = n["count"].replace("_", " ").removeprefix("all ").rstrip("s")
        return Text("+{n} champion token per {what} in play", n=n["times"], what=_word(counted))
    return Text("+{amount} champion tokens", amount=g.amount(n))


def _damage_split(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    over = Text("enemies") if e.get("to") in ("enemies", "enemy_all") else who
    return Text("{amount} dmg spread over {who}", amount=g.amount(n), who=over)


def _heal(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    if n == 99:
        return Text("heal {who} fully", who=who)
    return Text("heal {who} {amount}", who=who, amount=g.amount(n))


def _buff(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    pw = e.get("pw", 0)
    power = Text("+{amount}", amount=g.amount(pw)) if isinstance(pw, dict) else _signed(pw)
    stats = Text("{who} {power}/{health}", who=who, power=power, health=_signed(e.get("hp", 0)))
    return Text("{stats} this turn", stats=stats) if e.get("eot") else stats


def _grant(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    if "kw" in e:
        return Text("{who} gets {keywords}", who=who,
                    keywords=join_texts([keyword(k) for k in e["kw"]], " "))
    if "respawn" in e:
        if e["respawn"] == "$own":
            return Text("{who} gets RESPAWN itself", who=who)
        return Text("{who} gets RESPAWN {card}", who=who, card=g.name(e["respawn"]))
    return Text("{who} gains: {ability}", who=who, ability=g.ability(e["ability"]))


def _if(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    first = Text("if {condition}: {steps}", condition=g.cond(e["cond"]), steps=g.steps(e["then"]))
    if e.get("else"):
        return Text("{first}, else {steps}", first=first, steps=g.steps(e["else"]))
    return first


def _each(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    """Inside "each of", the unit it is at is "it" (elsewhere a condition names it "picked")."""
    outer, g.picked = g.picked, "it"
    steps = g.steps(e["do"])
    g.picked = outer
    return Text("each of {who}: {steps}", who=who, steps=steps)


def _destroy(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    if e.get("then"):
        return Text("destroy {who}, then {steps}", who=who, steps=g.steps(e["then"]))
    return Text("destroy {who}", who=who)


def _set_power(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    if e.get("eot"):
        return Text("{who} power becomes {n} this turn", who=who, n=n)
    return Text("{who} power becomes {n}", who=who, n=n)


def _until(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    bits: list[str] = [f"{_signed(e.get('pw', 0))}/{_signed(e.get('hp', 0))}"
                       if e.get("pw") or e.get("hp") else ""]
    bits += [keyword(k) for k in e.get("kw", [])]
    return Text("{who} {bonus} {until}", who=who, bonus=join_texts([b for b in bits if b], " "),
                until=Text(UNTIL[e["at"]]))


def _add_random(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    pool = _word(e["pool"])
    count = e.get("n", 1)
    if e.get("cost") is not None:
        made = Text("add {n} random {cost}-cost {pool} card(s) to hand", n=count, cost=e["cost"],
                    pool=pool)
    else:
        made = Text("add {n} random {pool} card(s) to hand", n=count, pool=pool)
    return Text("{text}, costing 0", text=made) if e.get("free") else made


def _token_name(g: _Gen, card_id: str) -> str:
    return Text(NAMES[card_id]) if card_id in NAMES else card_id


def _respawn_from_hand(g: _Gen, e: dict[str, Any], who: str, n: Any) -> str:
    kind = race(e["race"]) if "race" in e else Text("Unit")
    return Text("a random non-giant {kind} from your hand takes its place, free", kind=kind)


def _simple(template: str, **fixed: Any) -> _Effect:
    """An effect whose text is one template over {who}, {amount} and {n}."""
    return lambda g, e, who, n: Text(template, who=who, amount=g.amount(n), n=n, **fixed)


_EFFECTS: dict[str, _Effect] = {
    "draw": _draw,
    "mana": lambda g, e, who, n: Text("+{amount} mana", amount=g.amount(n)),
    "fill_mana": lambda g, e, who, n: Text("mana to 10"),
    "tokens": _tokens,
    "drain": lambda g, e, who, n: Text("steal {n} mana", n=n),
    "damage": lambda g, e, who, n: Text("{amount} dmg to {who}", amount=g.amount(n), who=who),
    "damage_split": _damage_split,
    "damage_pierce": lambda g, e, who, n: Text("{n} dmg, overflow runs down the lane", n=n),
    "heal": _heal,
    "buff": _buff,
    "grant": _grant,
    "random": lambda g, e, who, n: Text("one of: {options}", options=join_texts(
        [g.steps(opt) for opt in e["of"]], " | ")),
    "if": _if,
    "pick": lambda g, e, who, n: Text("{who}: {steps}", who=who, steps=g.steps(e["do"])),
    "each": _each,
    "add_hand": lambda g, e, who, n: Text("add {amount} {card} to hand", amount=g.amount(n),
                                          card=g.name(e["card"])),
    "summon": lambda g, e, who, n: Text("a {card} on {where}", card=g.name(e["card"]), where=Text(
        SUMMON_WHERE.get(e["to"], _OPEN_SPACES))),
    "destroy": _destroy,
    "lose_fragment": lambda g, e, who, n: Text("lose a fragment or die"),
    "discard_hand": lambda g, e, who, n: Text("discard hand, each: {steps}",
                                              steps=g.steps(e["each"])),
    "set_power": _set_power,
    "evolve": lambda g, e, who, n: Text("becomes {card}", card=g.name(e["card"])),
    "teleport": lambda g, e, who, n: Text("move {who} to a random open space in {where}", who=who,
                                          where=Text(TELEPORT_PLACE.get(e["where"],
                                                                        _FRONTLINES))),
    "steal_fort": _simple(N_("take control of {who}")),
    "return_hand": _simple(N_("return {who} to its owner's hand")),
    "to_deck": lambda g, e, who, n: Text("shuffle it into your deck"),
    "refresh": lambda g, e, who, n: Text("it may act again"),
    "steal_fragments": lambda g, e, who, n: Text("take its fragments"),
    "copy_hand": _simple(N_("add a copy of {who} to hand")),
    # the second set (tools.dragonfront.encodings_more)
    "replace_forts": lambda g, e, who, n: Text("every fort becomes a Scorched Land of yours"),
    "leap": _simple(N_("{who} jumps two spaces ahead if it lands free")),
    "advance": lambda g, e, who, n: Text("{who} steps ahead, leaving a {card}", who=who,
                                         card=_token_name(g, e["leave"])),
    "swap": lambda g, e, who, n: Text("the two swap places"),
    "to_open_fort": _simple(N_("{who} is sent to a random free fort")),
    "reveal": _simple(N_("reveal {who}")),
    "summon_random": lambda g, e, who, n: Text("a {card} on a random free space of your Spawn Row",
                                               card=_token_name(g, e["card"])),
    "return_champion": lambda g, e, who, n: Text("it goes back to your Stronghold"),
    "champ_bonus": lambda g, e, who, n: Text("your waiting champion +{power}/+{health}",
                                             power=e.get("pw", 0), health=e.get("hp", 0)),
    "devour_fort": lambda g, e, who, n: Text("destroy the fort here; +X/+X, X its cost"),
    "damage_per_kill": _simple(N_("{n} dmg to {who}; per kill, both players +1 mana")),
    "mana_both": _simple(N_("both players +{n} mana")),
    "owner_mana": _simple(N_("its owner +{n} mana")),
    "run_turn_abilities": lambda g, e, who, n: Text("your start and end of turn abilities run now"),
    "copy_foe_deck": lambda g, e, who, n: Text("copy a random card of the foe's deck to hand"),
    "buff_until": _until,
    "fortify": lambda g, e, who, n: Text("your Stronghold takes no damage until your next turn"),
    "mettle": _simple(N_("{who} cannot drop below 1 health this turn")),
    "ward": lambda g, e, who, n: Text("no damage to it this turn"),
    "add_random": _add_random,
    "draw_free_spells": _simple(N_("draw {n}; spells drawn cost 0")),
    "discount_hand": _simple(N_("cards in your hand cost {n} less")),
    "buff_hand": lambda g, e, who, n: Text("{kind}s in your hand +{power}/+{health}",
                                           kind=race(e["race"]), power=e.get("pw", 0),
                                           health=e.get("hp", 0)),
    "return_cheaper": _simple(N_("return {who} to hand, costing {n} less")),
    "raise_from_grave": _simple(N_("a random fallen ally unit returns to hand, costing {n} less")),
    "respawn_from_hand": _respawn_from_hand,
    # the Aegis, Delirium and Eclipse set (tools.dragonfront.convert_ae_de_ec)
    "build": lambda g, e, who, n: Text("build {card} on {where}", card=g.name(e["card"]),
                                       where=Text(BUILD_WHERE[e["at"]])),
    "shift_fort": _simple(N_("slide {who} one lane")),
    "take_control": lambda g, e, who, n: (Text("take control of {who} this turn", who=who)
                                          if e.get("eot") else
                                          Text("take control of {who}", who=who)),
    "relocate": lambda g, e, who, n: Text("send {who} to {where}", who=who,
                                          where=Text(RELOCATE_WHERE[e["where"]])),
    "draw_ahead": lambda g, e, who, n: Text("move a random non-giant enemy onto an open space in "
                                            "front"),
    "duplicate": _simple(N_("copy {who} onto every open space of its row")),
    "pull_onto": lambda g, e, who, n: Text("pull it onto this fort if free, and stun it"),
    "set_race": lambda g, e, who, n: Text("{who} becomes {kind}", who=who, kind=race(e["race"])),
    "reroll": lambda g, e, who, n: Text("{who} gets random power and health {low}-{high}", who=who,
                                        low=e["range"][0], high=e["range"][1]),
    "copy_deck": lambda g, e, who, n: Text("shuffle {n} copies of {who} into your deck",
                                           n=e.get("n", 1), who=who),
    "respawn_shrunk": lambda g, e, who, n: Text("it returns at -1/-1"),
    "replace_hand": lambda g, e, who, n: Text("a random enemy hand card becomes {card}",
                                              card=g.name(e["card"])),
    "gain_fragments": lambda g, e, who, n: Text("gain its fragments"),
    "count_up": lambda g, e, who, n: Text("the damage grows by 1"),
}
"""How each effect operation reads; an operation missing here reads as its name."""


