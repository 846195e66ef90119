"""Dragon Front for two players on a 4x4 grid (see `engine` and `rules` for the mechanics).

Choices where the seed and the rulings are silent (each has a test):
- A unit that moves is not shown the Stronghold: it attacks after a move only a unit or wall now in
  reach; a unit standing in the enemy Spawn Row attacks the Stronghold when activated. A RANGE unit
  in the enemy Frontline row attacks the Stronghold two spaces away when the space between is empty.
- A FLIGHT unit in the enemy Frontline row attacks the Stronghold over a non-flying unit in front.
- A GIANT attacks both lanes ahead; against the Stronghold it strikes once per lane (double damage).
- BERSERK hits units and enemy walls on the four spaces sharing an edge with the new spaces (and the
  enemy Stronghold when it stands in the enemy Spawn Row).
- STUN lasts through the stunned unit's next own turn; CATAPULT stuns itself after firing.
- Activation follows what the unit's owner can see: a hidden (STEALTH) enemy looks empty, RANGE and
  CATAPULT never target it, and a unit stepping into it reveals it and attacks it. A card played onto
  a space a hidden enemy holds reveals that unit and stays in hand, no mana spent.
- Trap forts do not trigger for flying units; traps trigger on moves, PUSH, PULL and SHIFT, not
  on deployment. A giant fort covers two adjacent Frontline spaces and is destroyed as one.
- EVOLVE gives the new card's fresh stats in place; SIPHON heals on any damage the unit deals;
  a respawned unit fires its SPAWN effects; banked Champion Tokens are spent when the champion comes.
- Stipend Accord, the second player's gift, costs 0 as the rulings say (1 in the database), and is
  not part of the mulligan.
- Score: the winner scores 15; otherwise 15 minus the enemy Stronghold's health (0-15).
- Hard cap: after 80 turns the game ends (higher Stronghold wins, equal is a draw); after 60 actions
  in one turn only "End turn" is offered. Random games end long before (fatigue grows each draw).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.core import Event, Game, GameInfo, OptionSpec, Outcome, Termination
from games.dragonfront import cards as C
from games.dragonfront import rules as R
from games.dragonfront.engine import (
    STRONGHOLD,
    Ctx,
    DFState,
    find_fort,
    find_unit,
    has,
    health,
    max_health,
    power,
    space_name,
)
from games.rng import Rng

TRAIT_LABELS = ("FLIGHT", "RANGE", "SPRINT", "RUSH", "ARMOR", "STEALTH", "SWIFT", "BLIGHT", "STUN",
                "DEATHBLOW", "BREACH", "BERSERK", "UNION", "CATAPULT", "SHIFT", "PUSH", "STEELWARD",
                "BLESS", "REGEN", "SIPHON", "GUARD")
SHORT = {"FLIGHT": "FLY", "RANGE": "RNG", "SPRINT": "SPR", "RUSH": "RSH", "ARMOR": "ARM",
         "STEALTH": "STL", "SWIFT": "SWF", "BLIGHT": "BLT", "STUN": "STN", "DEATHBLOW": "DBL",
         "BREACH": "BRC", "BERSERK": "BSK", "UNION": "UNI", "CATAPULT": "CAT", "SHIFT": "SHF",
         "PUSH": "PSH", "STEELWARD": "STW", "BLESS": "BLS", "REGEN": "RGN", "SIPHON": "SIP",
         "GUARD": "GRD"}


class DFTermination(Termination):
    """How a game of Dragon Front ends."""

    STRONGHOLD = "Stronghold destroyed"
    BOTH_STRONGHOLDS = "both Strongholds fell"
    TURN_LIMIT = "turn limit"


class DragonFront(Game[DFState, R.Action]):
    """Dragon Front for two players, on the Hoard engine contract."""
    """Dragon Front: two factions, a 4x4 grid, Strongholds at 15."""

    info = GameInfo(
        name="dragonfront",
        title="Dragon Front",
        min_players=2,
        max_players=2,
        max_actions=R.TURN_ACTION_CAP * 80 + 200,
        score_min=0,
        score_max=15,
        summary=("Two armies clash on a 4x4 grid. Earn mana each turn (1 plus your units in your "
                 "Spawn Row), deploy units, forts and spells, and activate units to march down their "
                 "lane and fight. Bank mana to call your champion early. Bring the enemy Stronghold "
                 "from 15 to 0 to win."),
        options=(OptionSpec("faction", ("random", *[f.lower() for f in C.FACTIONS]), "random",
                            "Your faction's base deck.", per_seat=True),),
        aliases=("df", "dragon front"),
        turn_seconds=180,
    )

    # -- contract -----------------------------------------------------------------------------

    def new_game(self, seed: int, players: int, options: dict[str, Any] | None = None) -> DFState:
        self.check_players(players)
        raw = (options or {}).get("faction")
        if raw is None or isinstance(raw, str):
            raw = [raw, raw]
        if len(raw) != 2:
            raise ValueError("faction needs one value per seat.")
        factions = [self.resolve_option("faction", v) for v in raw]
        return R.new_state(seed, [None if f == "random" else f for f in factions])

    def to_play(self, state: DFState) -> tuple[int, ...]:
        if state.result is not None:
            return ()
        if state.phase == "mulligan":
            return tuple(s for s in (0, 1) if state.players[s]["mulligan"])
        return (state.active,)

    def legal_actions(self, state: DFState, seat: int) -> list[R.Action]:
        return R.legal(state, seat)

    def _apply(self, state: DFState, seat: int, action: R.Action) -> list[Event]:
        ctx = Ctx(owner=seat)
        R.apply_action(state, seat, action, ctx)
        return ctx.events

    def active(self, state: DFState) -> int | None:
        if state.result is not None or state.phase == "mulligan":
            return None
        return state.active

    def players(self, state: DFState) -> int:
        return 2

    def _may_act(self, state: DFState, seat: int) -> bool:
        return R.has_turn(state, seat)

    def _find_legal(self, state: DFState, seat: int, action: R.Action) -> R.Action | None:
        """Looks only among the legal actions of the action's kind (same card, same unit)."""
        code = action.encode()
        for candidate in R.legal(state, seat, like=action):
            if candidate.encode() == code:
                return candidate
        return None

    def outcome(self, state: DFState) -> Outcome | None:
        if state.result is None:
            return None
        reason = state.result["reason"]
        return Outcome(tuple(state.result["winners"]), DFTermination(reason), reason)

    def score(self, state: DFState, seat: int) -> int:
        if state.result is not None and state.result["winners"] == [seat]:
            return 15
        return max(0, min(15, STRONGHOLD - state.players[1 - seat]["sh"]))

    def decode(self, code: str) -> R.Action:
        return R.decode(code)

    def label(self, state: DFState, action: R.Action) -> tuple[str, ...]:
        seat = state.active if state.phase != "mulligan" else 0
        if isinstance(action, R.EndTurn):
            return ("End turn",)
        if isinstance(action, R.Mulligan):
            return self._mulligan_label(state, action)
        if isinstance(action, R.Bank):
            return ("Bank mana", f"{action.n} mana")
        if isinstance(action, R.Discard):
            return ("Discard for mana", C.name(action.card))
        if isinstance(action, R.Activate):
            u = find_unit(state, action.unit)
            if u is None:
                return ("Activate", f"unit {action.unit}")
            where = space_name(u["sp"][0], u["owner"])
            p = R.plan(state, u, u["owner"])
            what = "Act"
            if p is not None and p["kind"] == "move":
                what = f"Move to {space_name(p['to'][0], u['owner'])}"
            elif p is not None:
                what = "Attack " + ", ".join(self._target_name(t, u["owner"]) for t, _ in p["targets"])
            return ("Activate", f"{C.name(u['card'])} ({where})", what)
        if isinstance(action, R.Shift):
            u = find_unit(state, action.unit)
            if u is None:
                return ("Shift", f"unit {action.unit}")
            side = action.d if u["owner"] == 0 else -action.d
            return ("Shift", f"{C.name(u['card'])} ({space_name(u['sp'][0], u['owner'])})",
                    "left" if side < 0 else "right")
        assert isinstance(action, R.Play)
        c = C.card(action.card)
        head = ("Play", c["name"])
        if c["type"] in ("unit", "champion", "fort"):
            sp = int(action.where)
            where = space_name(sp, seat)
            if c["giant"]:
                where += "+" + space_name(sp + 1, seat)
            tail: tuple[str, ...] = (where,)
            if action.mode >= 0:
                tail = (f"{where}, option {action.mode + 1}",)
            return head + tail
        target = self._where_name(state, action.where, seat)
        if action.mode >= 0:
            return head + (f"Option {action.mode + 1}: {target}",)
        return head + (target,)

    def _mulligan_label(self, state: DFState, action: R.Mulligan) -> tuple[str, ...]:
        if action.mask == 0:
            return ("Mulligan", "Keep all")
        picks = [str(i + 1) for i in range(4) if action.mask >> i & 1]
        return ("Mulligan", "Replace card" + ("s " if len(picks) > 1 else " ") + ", ".join(picks))

    def _target_name(self, t: Any, seat: int) -> str:
        if isinstance(t, tuple):
            return "Stronghold"
        return f"{C.name(t['card'])} ({space_name(t['sp'][0] if isinstance(t['sp'], list) else t['sp'], seat)})"

    def _where_name(self, state: DFState, where: str, seat: int) -> str:
        if where == "-":
            return "Cast"
        if where[0] == "u":
            u = find_unit(state, int(where[1:]))
            return self._target_name(u, seat) if u else where
        if where[0] == "f":
            f = find_fort(state, int(where[1:]))
            return self._target_name(f, seat) if f else where
        n = int(where[1:])
        if where[0] == "L":
            return f"Lane {'ABCD'[n if seat == 0 else 3 - n]}"
        return f"Row {(n if seat == 0 else 3 - n) + 1}"

    # -- views --------------------------------------------------------------------------------

    def _view(self, state: DFState, seat: int | None) -> dict[str, Any]:
        players = []
        for s, p in enumerate(state.players):
            champ = p["champion"]
            players.append({
                "seat": s, "faction": p["faction"], "stronghold": p["sh"], "mana": p["mana"],
                "tokens": p["tokens"], "hand": len(p["hand"]), "deck": len(p["deck"]),
                "fatigue": p["fatigue"], "mulligan": p["mulligan"],
                "champion": None if champ is None else {
                    "card": champ, "name": C.name(champ), "cost": R.champion_cost(state, s),
                    "power": C.card(champ)["power"], "health": C.card(champ)["health"],
                    "text": C.card(champ)["text"]},
                "income": R.mana_income(state, s), "discarded": p["discarded"],
            })
        units = []
        for u in state.units:
            if u["hidden"] and u["owner"] != seat:
                continue
            units.append({
                "id": u["id"], "card": u["card"], "name": C.name(u["card"]), "owner": u["owner"],
                "spaces": list(u["sp"]), "power": power(state, u), "health": health(state, u),
                "max_health": max_health(state, u), "fragments": u["frags"],
                "traits": [k for k in TRAIT_LABELS if has(state, u, k)],
                "stunned": bool(u["stun"]), "poisoned": u["poison"], "hidden": u["hidden"],
                "giant": u["giant"], "acted": u["acted"], "sick": u["sick"], "champion": u["champ"],
            })
        forts = [{"id": f["id"], "card": f["card"], "name": C.name(f["card"]), "owner": f["owner"],
                  "space": f["sp"], "wall": bool(f["kw"].get("WALL")),
                  "health": (f["hp"] - f["dmg"]) if f["kw"].get("WALL") else None}
                 for f in state.forts]
        out: dict[str, Any] = {
            "game": "dragonfront", "seat": seat, "to_play": list(self.to_play(state)),
            "over": state.result is not None, "result": state.result, "phase": state.phase,
            "turn": state.turn, "active": state.active, "first": state.first,
            "players": players, "units": units, "forts": forts, "blessed": list(state.blessed),
        }
        if seat is not None:
            out["hand"] = [self._card_view(state, seat, cid) for cid in state.players[seat]["hand"]]
        return out

    def _card_view(self, state: DFState, seat: int, cid: str) -> dict[str, Any]:
        c = C.card(cid)
        return {"card": cid, "name": c["name"], "type": c["type"], "cost": R.card_cost(state, seat, cid),
                "power": c["power"], "health": c["health"], "giant": c["giant"],
                "text": c["text"], "playable": C.is_supported(cid)}

    def text(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """Returns the board as text from the viewer's side (own Spawn Row at the bottom)."""
        me = view["seat"] if view["seat"] is not None else 0
        grid: dict[int, str] = {}
        for f in view["forts"]:
            grid[f["space"]] = f"[{f['name'][:8]}]"
        for u in view["units"]:
            mark = "*" if u["owner"] == me else "!"
            for sp in u["spaces"]:
                grid[sp] = f"{mark}{u['name'][:9]} {u['power']}/{u['health']}"
        lines = []
        for p in view["players"]:
            champ = p["champion"]
            ch = f"{champ['name']} costs {champ['cost']}" if champ else "champion in play"
            lines.append(f"{names[p['seat']]} ({p['faction']}): Stronghold {p['stronghold']}, "
                         f"mana {p['mana']}, tokens {p['tokens']}, hand {p['hand']}, deck {p['deck']}, {ch}")
        rows = range(4) if me == 1 else range(3, -1, -1)
        for r in rows:
            lanes = range(4) if me == 0 else range(3, -1, -1)
            lines.append(f"{(r if me == 0 else 3 - r) + 1} | " + " | ".join(
                grid.get(r * 4 + c, ".").ljust(16) for c in lanes))
        lines.append("    " + "   ".join(x.ljust(16) for x in "ABCD"))
        if view.get("hand") is not None:
            lines.append("Hand: " + ", ".join(f"{h['name']} ({h['cost']})" for h in view["hand"]))
        return "\n".join(lines)

    # -- state as data ------------------------------------------------------------------------

    def to_json(self, state: DFState) -> dict[str, Any]:
        return {"rng": state.rng.state, "players": state.players, "units": state.units,
                "forts": state.forts, "blessed": state.blessed, "phase": state.phase,
                "active": state.active, "first": state.first, "turn": state.turn,
                "turn_actions": state.turn_actions, "next_id": state.next_id, "result": state.result}

    def from_json(self, data: dict[str, Any]) -> DFState:
        if not isinstance(data, dict) or "players" not in data or "rng" not in data:
            raise ValueError(f"expected a Dragon Front state dict, got {type(data).__name__}")
        data = json.loads(json.dumps(data))
        return DFState(rng=Rng(data["rng"]), players=data["players"], units=data["units"],
                       forts=data["forts"], blessed=data["blessed"], phase=data["phase"],
                       active=data["active"], first=data["first"], turn=data["turn"],
                       turn_actions=data["turn_actions"], next_id=data["next_id"],
                       result=data["result"])

    def copy(self, state: DFState) -> DFState:
        return self.from_json(self.to_json(state))

    def shuffle_hidden(self, state: DFState, observer: int | None, seed: int) -> DFState:
        new = self.copy(state)
        rng = Rng(seed)
        for s, p in enumerate(new.players):
            if s == observer:
                rng.shuffle(p["deck"])
                continue
            pool = p["hand"] + p["deck"]
            rng.shuffle(pool)
            n = len(p["hand"])
            p["hand"], p["deck"] = pool[:n], pool[n:]
        return new
