"""German (`de`) localisations of Hoard's slash-command descriptions, served by a Translator."""

from __future__ import annotations

from typing import Any

from discord import Locale, app_commands

GERMAN: dict[str, str] = {
    # commands
    "Take a seat at this channel's table (the first join picks the game).":
        "Nimm an diesem Tisch Platz (wer zuerst beitritt, wählt das Spiel).",
    "Leave this channel's table.": "Verlasse den Tisch in diesem Kanal.",
    "Start the game with everyone seated.": "Starte das Spiel mit allen, die Platz genommen haben.",
    "Play a match: the first to win X games wins.": "Spielt ein Match: Wer zuerst X Spiele gewinnt, siegt.",
    "Play X games and add up the scores.": "Spielt X Partien und zählt die Punkte zusammen.",
    "Add a computer player to the table.": "Setzt einen Computergegner an den Tisch.",
    "Show your hand and your choices (only you see it).": "Zeigt deine Hand und deine Züge (nur für dich sichtbar).",
    "Give up the current game.": "Gib die laufende Partie auf.",
    "Explain a game's rules and Hoard's commands.": "Erklärt die Regeln eines Spiels und Hoards Befehle.",
    "Show this table: players, whose turn, the board.": "Zeigt den Tisch: Spieler, wer dran ist, das Spielbrett.",
    "Set the seconds each player has for a decision.": "Legt fest, wie viele Sekunden jeder für eine Entscheidung hat.",
    # parameters
    "The game to play (only the first player chooses).": "Das Spiel (nur der erste Spieler wählt es).",
    "A game option as name=value, e.g. a faction.": "Eine Spieloption als name=wert, z. B. eine Fraktion.",
    "Seconds per decision for this game.": "Sekunden pro Entscheidung in diesem Spiel.",
    "How many games must be won (1-99).": "Wie viele Spiele gewonnen werden müssen (1-99).",
    "How many games to play (1-99).": "Wie viele Partien gespielt werden (1-99).",
    "The game to explain (default: this table's).": "Das zu erklärende Spiel (sonst das dieses Tisches).",
    "Seconds per decision.": "Sekunden pro Entscheidung.",
    "Play in a thread made from the lobby message.":
        "Spielt in einem Thread, der aus der Lobby-Nachricht entsteht.",
    "Show it to the whole channel instead of only to you.":
        "Zeigt es dem ganzen Kanal statt nur dir.",
}


class HoardTranslator(app_commands.Translator):
    """Translates command and parameter descriptions into German; everything else stays English."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContext[Any, Any]
    ) -> str | None:
        if locale is not Locale.german:
            return None
        return GERMAN.get(string.message)


def T(text: str) -> app_commands.locale_str:  # noqa: N802 - reads like gettext's _()
    """Marks a description as translatable."""
    return app_commands.locale_str(text)
