"""The German (and any catalog language's) names of slash commands, their options and choices.

Discord shows a command under its localised name (`name_localizations`); discord.py's Translator
(`bot.discord_i18n.HoardTranslator`) asks the catalog for each name in a context of its own, so
that pybabel finds them here. A name must stay lowercase, without spaces, at most 32 characters.
"""

from __future__ import annotations

from games.text import term

COMMAND_NAMES = (
    term("command-name", "join"), term("command-name", "leave"), term("command-name", "addbot"),
    term("command-name", "start"), term("command-name", "hand"), term("command-name", "resign"),
    term("command-name", "status"), term("command-name", "language"),
    term("command-name", "timer"), term("command-name", "rules"), term("command-name", "match"),
    term("command-name", "sumof"), term("command-name", "leaderboard"),
    term("command-name", "profile"), term("command-name", "history"),
    term("command-name", "replay"), term("command-name", "deck"), term("command-name", "card"),
    term("command-name", "new"), term("command-name", "add"), term("command-name", "remove"),
    term("command-name", "show"), term("command-name", "list"), term("command-name", "delete"),
    term("command-name", "code"), term("command-name", "import"),
)
OPTION_NAMES = (
    term("option-name", "game"), term("option-name", "option"), term("option-name", "lang"),
    term("option-name", "timer"), term("option-name", "thread"), term("option-name", "post"),
    term("option-name", "seconds"), term("option-name", "x"), term("option-name", "card"),
    term("option-name", "code"), term("option-name", "current"), term("option-name", "deck"),
    term("option-name", "export"), term("option-name", "faction"), term("option-name", "game_id"),
    term("option-name", "level"), term("option-name", "name"), term("option-name", "user"),
    term("option-name", "words"),
)
CHOICE_NAMES = (
    term("choice-name", "easy"), term("choice-name", "normal"), term("choice-name", "hard"),
)
"""The names of slash-command choices that read differently in another language (/addbot's
levels; a game's title and a language's own name read the same everywhere)."""
