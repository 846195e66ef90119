"""The public texts of a table, built from the table alone: lobby, board, result and timer warning.

Pure functions over a `Table` and the names to print (already made safe for the transport, e.g.
markdown-escaped for Discord). They say what the channel shows; `bot.host` decides when, and the
transports how. Images are drawn by the host; nothing here renders.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.messages import Control, OptionMenu, Reply, ReplyKind
from bot.option_texts import labels_of, option_name, option_value
from bot.table import Table
from games.core import Seat
from games.text import Text, Translate, english, join_texts, plural

log = logging.getLogger(__name__)

MAX_LOG_LINES = 15
"""Public lines a board message keeps (a long turn shows its latest ones)."""


def personalise(text: str, names: Sequence[str]) -> str:
    """Replaces the seat placeholders {p0}, {p1}, ... with player names."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


def joined(names: Sequence[str], tr: Translate = english) -> str:
    """Joins names as people write them: "A", "A and B", "A, B and C" (in the reader's language)."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return tr(Text("{names} and {last}", names=", ".join(items[:-1]), last=items[-1]))


def fmt_seconds(seconds: float) -> str:
    """Says a duration the short way: "45 s", "2 min 30 s", "1 h 5 min"."""
    total = max(0, round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    if minutes:
        return f"{minutes} min" + (f" {secs} s" if secs else "")
    return f"{secs} s"


def waiting_users(table: Table) -> tuple[str, ...]:
    """Returns the people (not computer players) who owe a decision now."""
    return tuple(table.seats[s].user for s in table.to_play() if not table.seats[s].is_bot)


def status_line(table: Table, names: Sequence[str], tr: Translate = english) -> str:
    """Says who must decide: "Alice to play." or, in someone else's turn, "Bob to defend (...)"."""
    owed = table.to_play()
    if not owed or table.live is None:
        return ""
    active = table.game.header(table.live.state)["active"]
    playing = [names[s] for s in owed if active is None or s == active]
    defending = [names[s] for s in owed if active is not None and s != active]
    parts = []
    if playing:
        parts.append(tr(Text("{players} to play", players=joined(playing, tr))))
    if defending:
        assert active is not None
        parts.append(tr(Text("{players} to defend ({player}'s turn)",
                             players=joined(defending, tr), player=names[active])))
    return "; ".join(parts) + "."


def standing(table: Table, names: Sequence[str], tr: Translate = english) -> str:
    """Says where a series stands: wins so far, or which game of how many and the totals."""
    series, players = table.series, len(table.seats)
    if series.mode == "match":
        wins = ", ".join(f"{n} {w}" for n, w in zip(names, series.wins(players), strict=False))
        return tr(plural("First to {target}: {wins} ({n} game played)",
                         "First to {target}: {wins} ({n} games played)", len(series.results),
                         target=series.target, wins=wins))
    playing = table.is_playing and table.live is not None and not table.live.recorded
    number = len(series.results) + (1 if playing else 0)
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, series.totals(players), strict=False))
    return tr(Text("Game {number} of {target}, totals so far: {totals}", number=max(number, 1),
                   target=series.target, totals=totals))


def players_field(table: Table, names: Sequence[str],
                  tr: Translate = english) -> tuple[str, str]:
    owed = set(table.to_play())
    return tr(Text("Players")), " · ".join(("▶ " if s in owed else "") + n for s, n in enumerate(names))


def verdict(table: Table, names: Sequence[str], tr: Translate = english) -> str:
    """Names the winner once, with the game's reason: "Bob wins 97 to 11 after ..."."""
    outcome = table.outcome()
    assert outcome is not None
    reason = personalise(tr(outcome.reason), names).strip().rstrip(".")
    winners = [names[s] for s in outcome.winners]
    if outcome.is_draw:
        if "draw" in outcome.reason.lower():
            return reason[0].upper() + reason[1:] + "."
        return tr(Text("A draw: {reason}.", reason=reason) if reason else Text("A draw."))
    if reason and any(w in reason for w in winners):
        return reason[0].upper() + reason[1:] + "."
    who = joined(winners, tr)
    if len(winners) == 1:
        return tr(Text("{player} wins: {reason}.", player=who, reason=reason) if reason
                  else Text("{player} wins.", player=who))
    return tr(Text("{players} win: {reason}.", players=who, reason=reason) if reason
              else Text("{players} win.", players=who))


def score_line(table: Table, names: Sequence[str], tr: Translate = english) -> str:
    """Shows the scores with what they count (empty for a win-or-lose score outside a /sumof)."""
    live, info = table.live, table.game.info
    assert live is not None
    if info.score_max - info.score_min <= 1 and table.series.mode != "sumof":
        return ""
    meaning = getattr(info, "score_label", "") or Text("the score a /sumof series adds up")
    scores = ", ".join(f"{n} {table.game.score(live.state, s)}" for s, n in enumerate(names))
    return tr(Text("Score ({meaning}): {scores}.", meaning=meaning, scores=scores))


def lobby_reply(table: Table, names: Sequence[str], *, fresh: bool = False,
                tr: Translate = english) -> Reply:
    """The lobby message: the game, its options, the seats, the series and what to do next."""
    game = table.game
    info = game.info
    lines = [tr(Text("**Seats** ({seated}/{most})", seated=len(table.seats),
                     most=info.max_players))]
    for index, seat in enumerate(table.seats):
        extra = [tr(Text("{option}: {value}", option=option_name(k), value=option_value(v, labels_of(info, k))))
                 for k, v in sorted(seat.options.items()) if _is_per_seat(table, k)]
        if seat.is_bot:
            extra.insert(0, tr(Text("computer")))
        if seat.deck_name:
            extra.append(tr(Text("deck {name}", name=seat.deck_name)))
        if seat.forfeited:
            extra.append(tr(Text("forfeited the last game (timed out)")))
        lines.append(f"{index + 1}. {names[index]}" + (f" — {', '.join(extra)}" if extra else ""))
    open_seats = max(0, info.min_players - len(table.seats))
    shared = table.game_options()
    table_options = [Text("{option} {value}", option=option_name(o.name),
                          value=option_value(str(shared.get(o.name, o.default)), o.labels))
                     for o in info.options if not o.per_seat]
    if table_options:
        lines.append(tr(Text("Options: {options}", options=join_texts(table_options))))
    timing = Text("Series: {series} · Timer: {seconds} per decision", series=table.series.describe(),
                  seconds=fmt_seconds(table.turn_seconds()))
    lines.append(tr(timing) + (tr(Text(" · Games are played in a thread")) if table.in_thread else ""))
    lines.append(_lobby_status(table, names, open_seats, tr))
    return Reply(table.channel, ReplyKind.LOBBY, "\n".join(lines),
                 title=tr(Text("{game} — table", game=info.title)),
                 table=table.channel, version=table.version, controls=_lobby_controls(table),
                 menus=_lobby_menus(table, tr), fresh=fresh)


def _is_per_seat(table: Table, name: str) -> bool:
    return any(o.name == name and o.per_seat for o in table.game.info.options)


def _lobby_status(table: Table, names: Sequence[str], missing: int, tr: Translate) -> str:
    if table.is_playing:
        return tr(Text("A game is in progress in the thread below.") if table.in_thread else
                  Text("A game is in progress — see the board below."))
    if not table.seats:
        return tr(Text("Nobody is seated yet: **Join** (/join) to take a seat."))
    if missing:
        return tr(plural("Waiting for {n} more player: **Join** (/join), or **Add computer** "
                         "(/addbot).",
                         "Waiting for {n} more players: **Join** (/join), or **Add computer** "
                         "(/addbot).", missing))
    if table.live is not None and table.outcome() is not None:
        return tr(Text("Last game: {verdict} **Start** (/start) for the next one.",
                       verdict=verdict(table, names, tr)))
    return tr(Text("Ready: a seated player presses **Start** (/start)."))


def _lobby_controls(table: Table) -> tuple[Control, ...]:
    if table.is_playing:
        return ()
    info = table.game.info
    controls = []
    if len(table.seats) < info.max_players:
        controls.append(Control.JOIN)
        if table.seats:
            controls.append(Control.ADDBOT)
    if table.seats:
        controls.append(Control.LEAVE)
    if len(table.seats) >= info.min_players:
        controls.append(Control.START)
    return tuple(controls)


def _lobby_menus(table: Table, tr: Translate) -> tuple[OptionMenu, ...]:
    if table.is_playing or not table.seats:
        return ()
    return tuple(OptionMenu(o.name, tuple(o.choices), o.per_seat, tr(o.help),
                            tuple((v, tr(t)) for v, t in o.labels))
                 for o in table.game.info.options)


def board_reply(table: Table, names: Sequence[str], *, fresh: bool,
                mentions: Sequence[str] = (), tr: Translate = english) -> Reply:
    """The turn's board (without its image): this board's lines, who is to decide, the players."""
    assert table.live is not None
    fields = [players_field(table, names, tr)]
    if table.series.mode != "single":
        fields.append((tr(Text("Series")), standing(table, names, tr)))
    text = "\n".join([*table.turn_log[-MAX_LOG_LINES:], status_line(table, names, tr)]).strip()
    waiting = waiting_users(table)
    return Reply(table.channel, ReplyKind.BOARD, text, title=table.game.info.title,
                 fields=tuple(fields), mentions=tuple(u for u in mentions if u in waiting),
                 waiting_on=waiting, table=table.channel, version=table.version, fresh=fresh,
                 in_thread=table.in_thread)


def result_reply(table: Table, names: Sequence[str], lines: Sequence[str], *, fresh: bool,
                 tr: Translate = english) -> Reply:
    """The result message (without the final board's image): verdict, scores, series, what next."""
    assert table.live is not None
    series, players = table.series, len(table.seats)
    text = [*lines[-MAX_LOG_LINES:], f"**{verdict(table, names, tr)}**"]
    score = score_line(table, names, tr)
    if score:
        text.append(score)
    fields = [(tr(Text("Players")), " · ".join(names))]
    continues = series.mode != "single" and not series.is_finished(players)
    if series.mode != "single":
        fields.append((tr(Text("Series")), standing(table, names, tr)))
        if series.is_finished(players):
            text += _series_over(table, names, tr)
    if continues:
        text.append(tr(Text("**Next game** (/start) plays on the series.")))
        controls: tuple[Control, ...] = (Control.NEXT,)
    else:
        text.append(_rematch_line(table, names, tr))
        controls = (Control.REMATCH,)
    return Reply(table.channel, ReplyKind.RESULT, "\n".join(text),
                 title=tr(Text("Game over — {game}", game=table.game.info.title)),
                 fields=tuple(fields), table=table.channel, version=table.version, over=True,
                 fresh=fresh, controls=controls, in_thread=table.in_thread)


def _series_over(table: Table, names: Sequence[str], tr: Translate) -> list[str]:
    series, players = table.series, len(table.seats)
    winners = [names[s] for s in series.winners(players)]
    args = {"series": series.describe(), "players": joined(winners, tr)}
    lines = [tr(Text("Series over ({series}): {players} wins!", **args) if len(winners) == 1 else
                Text("Series over ({series}): {players} win!", **args))]
    for number, result in enumerate(series.results, 1):
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=False))
        lines.append(tr(Text("  Game {number}: {scores}", number=number, scores=scores)))
    return lines


def _rematch_line(table: Table, names: Sequence[str], tr: Translate) -> str:
    people = [(s, seat) for s, seat in enumerate(table.seats) if not seat.is_bot]
    asked = [names[s] for s, seat in people if seat.user in table.rematch]
    waiting = [names[s] for s, seat in people if seat.user not in table.rematch]
    if not asked:
        return tr(Text("**Rematch** plays again with the same seats and options once everyone asks."))
    return tr(Text("Rematch asked by {asked}; waiting for {waiting}.", asked=joined(asked, tr),
                   waiting=joined(waiting, tr)))


def warning_reply(table: Table, names: Sequence[str], seats: Sequence[Seat], left: float,
                  tr: Translate = english) -> Reply:
    """Reminds the people who owe a decision how long they have left."""
    assert table.live is not None
    users = tuple(table.seats[s].user for s in seats)
    ruled = any(table.game.timeout_action(table.live.state, s) is not None for s in seats)
    then = (Text("the game's timeout rule decides for you") if ruled else
            Text("the computer plays for you"))
    who = joined([names[s] for s in seats], tr)
    text = tr(Text("⏳ {players}: {time} left for your decision; then {then}.", players=who,
                   time=fmt_seconds(left), then=then))
    return Reply(table.channel, ReplyKind.WARNING, text, mentions=users, waiting_on=users,
                 table=table.channel, version=table.version, fresh=True, in_thread=table.in_thread)
