"""The Dragon Front board: geometry, who stands where, new units and forts, and the listing caches.

Spaces are numbered 0..15 as `row * 4 + lane`; row 0 is seat 0's Spawn Row and row 3 is seat 1's.
Seat 0 advances towards higher rows, seat 1 towards lower ones.
"""

from __future__ import annotations

from games.dragonfront import cards as C
from games.dragonfront.state import DFState, Fort, Still, Unit

# -- geometry --------------------------------------------------------------------------------


def row_of(sp: int) -> int:
    """Returns the row (0-3) of a space."""
    return sp // 4


def lane_of(sp: int) -> int:
    """Returns the lane (0-3) of a space."""
    return sp % 4


def fwd(seat: int) -> int:
    """Returns a seat's forward direction in rows (+1 or -1)."""
    return 1 if seat == 0 else -1


def spawn_row(seat: int) -> int:
    """Returns a seat's Spawn Row."""
    return 0 if seat == 0 else 3


def enemy_row(seat: int) -> int:
    """Returns the enemy Spawn Row as seen by a seat."""
    return 3 if seat == 0 else 0


def in_territory(seat: int, row: int) -> bool:
    """Tells whether a row is in a seat's territory."""
    return row <= 1 if seat == 0 else row >= 2


def in_home(st: DFState, seat: int, sp: int) -> bool:
    """Tells whether a space counts as a seat's territory: its own two rows, except that a CAMP
    fort's space counts as its owner's territory wherever it stands."""
    if st.forts:
        for f in st.forts:
            if f["sp"] == sp and f["kw"].get("CAMP"):
                return bool(f["owner"] == seat)
    return in_territory(seat, sp // 4)


def space_name(sp: int, seat: int) -> str:
    """Names a space from `seat`'s side: lanes A-D left to right, rows 1-4 from the own Spawn Row."""
    r, c = row_of(sp), lane_of(sp)
    if seat == 1:
        r, c = 3 - r, 3 - c
    return f"{'ABCD'[c]}{r + 1}"


def neighbours(sp: int) -> list[int]:
    """Returns the spaces sharing an edge with a space."""
    r, c = row_of(sp), lane_of(sp)
    return [rr * 4 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr <= 3 and 0 <= cc <= 3]


def around(spaces: list[int]) -> set[int]:
    """Returns the spaces sharing an edge with any of `spaces`, those excluded."""
    return {n for s in spaces for n in neighbours(s)} - set(spaces)


# -- lookups ---------------------------------------------------------------------------------


def unit_at(st: DFState, sp: int) -> Unit | None:
    """Returns the unit on a space, or None."""
    still = st.cache.still
    if still is not None:
        return still.occupancy[sp] if 0 <= sp < 16 else None
    for u in st.units:
        spaces: list[int] = u["sp"]  # typed: native int compares, not `in` on an object
        for s in spaces:
            if s == sp:
                return u
    return None


def fort_at(st: DFState, sp: int) -> Fort | None:
    """Returns the fort on a space, or None."""
    for f in st.forts:
        at: int = f["sp"]  # typed: a native compare when compiled
        if at == sp:
            return f
    return None


def find_unit(st: DFState, uid: int) -> Unit | None:
    """Returns the unit with an id, or None."""
    for u in st.units:
        if u["id"] == uid:
            return u
    return None


def find_fort(st: DFState, fid: int) -> Fort | None:
    """Returns the fort with an id, or None."""
    for f in st.forts:
        if f["id"] == fid:
            return f
    return None


def is_wall(f: Fort | None) -> bool:
    """Tells whether a fort is a WALL."""
    return f is not None and bool(f["kw"].get("WALL"))


def spaces_of(x: Unit | Fort) -> list[int]:
    """Returns the spaces a unit or a fort stands on."""
    sp = x["sp"]
    return sp if isinstance(sp, list) else [sp]


def on_board(st: DFState, x: object) -> bool:
    """Tells whether this very unit stands on the board (`x in st.units` compares dicts by
    value, key by key, with every unit before it; units never equal one another)."""
    for u in st.units:  # noqa: SIM110 - a plain loop: `any` would make a generator each call
        if u is x:
            return True
    return False


def is_alive(st: DFState, x: object) -> bool:
    """Tells whether this very unit or fort is still on the board."""
    return on_board(st, x) or any(x is f for f in st.forts)


def has_flight_raw(u: Unit) -> bool:
    """Tells whether a unit has printed or granted FLIGHT."""
    return bool(u["kw"].get("FLIGHT"))


def race_of(u: Unit | Fort) -> str:
    """Returns a unit's race: one an effect gave it (Ordination), else its card's ("" for none)."""
    race: str = u.get("race") or C.card(u["card"])["race"] or ""
    return race


def unique(items: list[Unit | None]) -> list[Unit]:
    """Returns the units of a list without None and without repeats (by identity), in order."""
    out: list[Unit] = []
    for x in items:
        if x is not None and all(x is not y for y in out):
            out.append(x)
    return out


# -- new pieces ------------------------------------------------------------------------------


def new_unit(st: DFState, card_id: str, owner: int, spaces: list[int]) -> Unit:
    """Returns a fresh unit of a card (not yet on the board)."""
    c = C.card(card_id)
    u: Unit = {"id": st.next_id, "card": card_id, "owner": owner, "sp": sorted(spaces),
               "pw": c["power"], "hp": c["health"], "dmg": 0, "frags": c["fragments"],
               "kw": dict(c["kw"]), "ab": [dict(a) for a in c["abilities"]],
               "stun": 0, "poison": False, "sick": True, "acted": False, "shifted": False,
               "hidden": False, "eotpw": None, "champ": c["type"] == "champion",
               "giant": c["giant"], "respawn": c.get("respawn")}
    st.next_id += 1
    return u


def new_fort(st: DFState, card_id: str, owner: int, sp: int) -> Fort:
    """Returns a fresh fort of a card (not yet on the board)."""
    c = C.card(card_id)
    f: Fort = {"id": st.next_id, "card": card_id, "owner": owner, "sp": sp, "hp": c["health"],
               "dmg": 0, "kw": dict(c["kw"]), "ab": [dict(a) for a in c["abilities"]]}
    st.next_id += 1
    return f


def bless_spaces(st: DFState, spaces: list[int]) -> None:
    """BLESS: marks the spaces without a fort as blessed tiles."""
    for s in spaces:
        if fort_at(st, s) is None and s not in st.blessed:
            st.blessed.append(s)
    st.blessed.sort()


def place_unit(st: DFState, u: Unit) -> None:
    """Puts a unit on the board (no SPAWN trigger): BLESS marks its tiles."""
    st.units.append(u)
    st.units.sort(key=lambda x: x["id"])
    if u["kw"].get("BLESS"):
        bless_spaces(st, u["sp"])


def pieces_of(st: DFState, cards: frozenset[str]) -> list[Unit | Fort]:
    """Returns the units, then the forts, whose cards are among `cards`, in board order. Kept
    with the board key (`next_id` and the numbers of units and forts): which pieces stand on the
    board, and their cards, change only when a piece is added (a new id), removed, or evolved (a
    new id too). Owners, abilities and the rest are for the caller to read afresh."""
    key = (st.next_id, len(st.units), len(st.forts))
    index = st.cache.by_cards
    if index is None or index[0] != key:
        index = st.cache.by_cards = (key, {})
    found = index[1].get(cards)
    if found is None:  # two loops: no tuple of all the pieces made first
        found = index[1][cards] = [u for u in st.units if u["card"] in cards]
        if st.forts:
            found += [f for f in st.forts if f["card"] in cards]
    return found



def listening(st: DFState, cards: frozenset[str] | None) -> list[Unit | Fort]:
    """Returns the pieces that may hold the abilities of some triggers, units first, in board
    order: those of `cards` (`cards.listeners`), or every piece when that is None. The list is
    the board as it stands now; a caller may change the board while it goes through it."""
    return [*st.units, *st.forts] if cards is None else pieces_of(st, cards)


# -- caches while nothing changes ------------------------------------------------------------


class still:  # noqa: N801 - used as a function: `with still(st):`
    """Caches keywords, who stands where, the walls' spaces, card cost changes, open spaces and
    whether auras could reach a side (`state.Still`) while nothing changes (listing actions,
    planning an activation); nested uses share the outer caches. A plain class, not a generator context
    manager: it runs on every listing and activation."""

    __slots__ = ("_outer", "_st")

    def __init__(self, st: DFState) -> None:
        self._st = st
        self._outer = False

    def __enter__(self) -> None:
        cache = self._st.cache
        if cache.still is not None:
            return
        self._outer = True
        st = self._st
        kept = cache.spare  # the state's one Still, emptied after each use
        if kept is None:
            kept = cache.spare = Still()
        occupancy = kept.occupancy
        for u in st.units:
            spaces: list[int] = u["sp"]  # typed: native loops when compiled
            for sp in spaces:
                occupancy[sp] = u
        walls = kept.walls
        for f in st.forts:
            kw: dict[str, int] = f["kw"]  # typed: a native `get`, not a method call
            if kw.get("WALL"):
                walls.add(f["sp"])
        cache.still = kept

    def __exit__(self, *exc: object) -> None:
        if self._outer:
            cache = self._st.cache
            if cache.still is not None:
                cache.still.reset()
            cache.still = None
