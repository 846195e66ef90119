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
    "The top 10 of a game in this server, and your own rank.":
        "Die besten 10 eines Spiels auf diesem Server und dein eigener Rang.",
    "A player's ratings, results and streaks in every game.":
        "Wertungen, Ergebnisse und Serien eines Spielers in jedem Spiel.",
    "The last 10 finished games in this server.":
        "Die letzten 10 beendeten Partien auf diesem Server.",
    "Watch a finished game again, turn by turn.":
        "Sieh dir eine beendete Partie noch einmal an, Zug um Zug.",
    "Build, share and show your decks.": "Baue, teile und zeige deine Decks.",
    "Start a deck from a faction's base deck.": "Beginnt ein Deck mit dem Grunddeck einer Fraktion.",
    "Add a card to your current deck.": "Fügt deinem aktuellen Deck eine Karte hinzu.",
    "Remove a card from your current deck.": "Nimmt eine Karte aus deinem aktuellen Deck.",
    "Show a deck as an image with its mana curve.": "Zeigt ein Deck als Bild mit seiner Manakurve.",
    "List your decks.": "Listet deine Decks auf.",
    "Delete one of your decks.": "Löscht eines deiner Decks.",
    "A deck's code, to share it.": "Der Code eines Decks, um es zu teilen.",
    "Save a deck from its code.": "Speichert ein Deck aus seinem Code.",
    "Show one card of any game, as an image.": "Zeigt eine Karte eines beliebigen Spiels als Bild.",
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
    "One of your saved decks (see /deck).": "Eines deiner gespeicherten Decks (siehe /deck).",
    "How strongly it plays (default: normal).": "Wie stark er spielt (sonst normal).",
    "The game (default: this table's).": "Das Spiel (sonst das dieses Tisches).",
    "The player (default: you).": "Der Spieler (sonst du).",
    "Only games this player took part in.": "Nur Partien, an denen dieser Spieler teilnahm.",
    "The game id from /history (default: this table's last game).":
        "Die Partie-Nummer aus /history (sonst die letzte dieses Tisches).",
    "Export this game as a record file.": "Diese Partie als Aufzeichnungsdatei exportieren.",
    "The deck's name, e.g. ghoul-rush.": "Der Name des Decks, z. B. ghul-ansturm.",
    "The faction.": "Die Fraktion.",
    "The card.": "Die Karte.",
    "The deck (default: your current one).": "Das Deck (sonst dein aktuelles).",
    "The deck.": "Das Deck.",
    "The deck code.": "Der Deck-Code.",
    "A name for it (default: its faction).": "Ein Name dafür (sonst seine Fraktion).",
    "The card's name.": "Der Name der Karte.",
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
