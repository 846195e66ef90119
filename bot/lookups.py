"""The commands that read a player's records rather than a table: /leaderboard, /profile,
/history (and its record export), /replay, /deck and /card.

Transport-free, like the host that calls it: a `Command` in, `Reply`s out. Refusals (an unknown
game, a player who never played, a game id of another server or still running, an invalid deck)
are ERROR replies to the caller alone, and nothing changes. Ratings, history and replays are per
guild; the console plays in one local guild (`LOCAL_GUILD`).

Replies are in the reader's language: a private one in the user's locale, a public one (a card, a
replay viewer, an animation) in the language of the channel's table (chosen with /language, else
the guild's locale). Each reply says which (`Reply.lang`), for the transport's controls.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace

import locales
from bot import deck_commands, records, stats
from bot.deck_commands import Answer
from bot.messages import LOCAL_GUILD, Button, Command, Reply, ReplyKind, Verb, split_options
from bot.records import RecordError
from bot.replays import Replay, ReplayCache, animation, target_step, viewer_page
from bot.store import Store
from games.text import Text, Translate, plural

log = logging.getLogger(__name__)

GameOf = Callable[[str], Awaitable[str]]
"""Returns the game of a channel's table (the default game of /leaderboard)."""
LangOf = Callable[[str], Awaitable[str | None]]
"""Returns the language chosen for a channel's table (None: none was chosen)."""


async def _no_choice(channel: str) -> str | None:
    return None


def guild_of(cmd: Command) -> str:
    return cmd.guild or LOCAL_GUILD


def _game_id(text: str) -> int:
    cleaned = text.strip().lstrip("#")
    if not cleaned.isdigit() or len(cleaned) > 18:
        raise RecordError(Text("A game id is a number from /history, such as 12; got '{text}'.",
                               text=text))
    return int(cleaned)


class Lookups:
    """Answers the record commands of every channel from the store."""

    def __init__(self, store: Store, game_of: GameOf, *, lang_of: LangOf = _no_choice,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.game_of = game_of
        self.lang_of = lang_of
        self.clock = clock
        self.replays = ReplayCache()

    async def handle(self, cmd: Command) -> list[Reply]:
        """Carries out one record command; refusals are private ERROR replies."""
        handler = {
            Verb.LEADERBOARD: self._leaderboard, Verb.PROFILE: self._profile,
            Verb.HISTORY: self._history, Verb.REPLAY: self._replay, Verb.DECK: self._deck,
            Verb.CARD: self._card,
        }[cmd.verb]
        try:
            replies = await handler(cmd)
        except (stats.NotFound, RecordError) as refusal:
            replies = [self._error(cmd, refusal.args[0] if refusal.args else "")]
        public = (await self.public_language(cmd) if any(not r.is_private for r in replies)
                  else locales.DEFAULT)
        return [self._in_language(r, public if not r.is_private else user_language(cmd))
                for r in replies]

    async def public_language(self, cmd: Command) -> str:
        """The language of a public reply: the table's chosen one, else the guild's locale."""
        return await self.lang_of(cmd.channel) or locales.language_of(
            cmd.guild_locale or cmd.locale)

    @staticmethod
    def _in_language(reply: Reply, lang: str) -> Reply:
        """Translates a reply's texts (built as `Text`s) into `lang` and notes the language."""
        tr = locales.translator(lang)
        return replace(reply, lang=lang, text=tr(reply.text), title=tr(reply.title),
                       fields=tuple((tr(name), tr(value)) for name, value in reply.fields),
                       buttons=tuple(replace(b, label=tr(b.label)) for b in reply.buttons))

    # -- ratings and history --------------------------------------------------------------------

    async def _leaderboard(self, cmd: Command) -> list[Reply]:
        words, _ = split_options(cmd.args)
        game = words[0] if words else await self.game_of(cmd.channel)
        board = await stats.leaderboard(self.store.db, guild_of(cmd), game, cmd.user)
        return [self._card_reply(cmd, stats.format_leaderboard(board, user_tr(cmd)))]

    async def _profile(self, cmd: Command) -> list[Reply]:
        words, options = split_options(cmd.args)
        player = options.get("user") or (words[0] if words else cmd.user)
        name = options.get("name") or (cmd.name if player == cmd.user else player)
        found = await stats.profile(self.store.db, guild_of(cmd), player, name)
        return [self._card_reply(cmd, stats.format_profile(found, user_tr(cmd)))]

    async def _history(self, cmd: Command) -> list[Reply]:
        words, options = split_options(cmd.args)
        if options.get("export"):
            game_id = _game_id(options["export"])
            name, data = await records.export_game(self.store.db, game_id, guild_of(cmd))
            text = Text("The record of game #{id}: replay it with `hoard replay {file}`.",
                        id=str(game_id), file=name)
            return [Reply(cmd.channel, ReplyKind.INFO, text, private_to=cmd.user, file=data,
                          file_name=name, table=cmd.channel)]
        player = options.get("user") or (words[0] if words else None)
        name = options.get("name") or (cmd.name if player == cmd.user else player or "")
        found = await stats.history(self.store.db, guild_of(cmd), player, name)
        return [self._card_reply(cmd, stats.format_history(found, user_tr(cmd)))]

    # -- replays --------------------------------------------------------------------------------

    async def replay_of(self, cmd: Command) -> Replay:
        """Returns the replay a /replay command names (no id: the table's last finished game).

        :raises RecordError: for an unknown id, another guild's game or one still running.
        """
        words, _ = split_options(cmd.args)
        if words:
            game_id = _game_id(words[0])
        else:
            game_id = await records.last_finished_game(self.store.db, cmd.channel)
        return await self.replays.get(self.store.db, game_id, guild_of(cmd))

    async def _replay(self, cmd: Command) -> list[Reply]:
        _, options = split_options(cmd.args)
        replay = await self.replay_of(cmd)
        lang = await self.public_language(cmd)
        verb = options.get("verb", "")
        if verb == "anim":
            data = await asyncio.to_thread(animation, replay, lang=lang)
            name = f"replay-{replay.game_id}.webp"
            text = plural("{title}: {n} step, one frame each.", "{title}: {n} steps, one frame each.",
                          len(replay.steps), title=replay.title)
            return [Reply(cmd.channel, ReplyKind.INFO, text, file=data, file_name=name,
                          table=cmd.channel)]
        step = int(options["step"]) if options.get("step", "").isdigit() else 0
        if verb:
            step = target_step(replay, step, verb)
        page = await asyncio.to_thread(viewer_page, replay, step, lang=lang)
        return [Reply(cmd.channel, ReplyKind.INFO, page.text, title=page.title,
                      image=page.image, image_name=page.image_name, table=cmd.channel,
                      buttons=tuple(Button(b.label, b.custom_id, b.disabled)
                                    for b in page.buttons))]

    # -- decks and cards ------------------------------------------------------------------------

    async def _deck(self, cmd: Command) -> list[Reply]:
        answer = await deck_commands.run_deck(self.store.db, cmd.user, cmd.args, now=self.clock(),
                                              tr=user_tr(cmd))
        return [self._answer(cmd, answer)]

    async def _card(self, cmd: Command) -> list[Reply]:
        if not cmd.args:
            return [self._error(cmd, Text("Name a card: /card <name>, e.g. /card Horse Archer."))]
        lang = await self.public_language(cmd)
        answer = await deck_commands.run_card(cmd.args, tr=locales.translator(lang))
        return [self._answer(cmd, answer)]

    # -- replies --------------------------------------------------------------------------------

    def _answer(self, cmd: Command, answer: Answer) -> Reply:
        if answer.refused:
            return self._error(cmd, answer.text)
        reply = Reply(cmd.channel, ReplyKind.INFO, answer.text, image=answer.image,
                      image_name=answer.image_name, table=cmd.channel)
        return reply if answer.public else replace(reply, private_to=cmd.user)

    def _card_reply(self, cmd: Command, card: stats.Card) -> Reply:
        return Reply(cmd.channel, ReplyKind.INFO, card.text, private_to=cmd.user,
                     title=card.title, fields=card.fields, table=cmd.channel)

    def _error(self, cmd: Command, text: str) -> Reply:
        return Reply(cmd.channel, ReplyKind.ERROR, text, private_to=cmd.user, table=cmd.channel)


def user_language(cmd: Command) -> str:
    """The language of a private reply: the user's locale (else the guild's)."""
    return locales.language_of(cmd.locale or cmd.guild_locale)


def user_tr(cmd: Command) -> Translate:
    return locales.translator(user_language(cmd))
