-- Saved decks, per user and game; a name is unique per user and game, whatever its case.
-- Portable SQL (SQLite and PostgreSQL): plain types, a composite primary key, no AUTOINCREMENT.
CREATE TABLE decks (
    user_id  TEXT NOT NULL,            -- the owner (a Discord user id, or a console name)
    game     TEXT NOT NULL,            -- the game whose cards the deck holds
    name_key TEXT NOT NULL,            -- the name case-folded: what makes it unique
    name     TEXT NOT NULL,            -- the name as the user typed it
    faction  TEXT NOT NULL,
    data     TEXT NOT NULL,            -- JSON {faction, champion, cards}
    updated  REAL NOT NULL,            -- epoch seconds; the newest deck is the user's current one
    PRIMARY KEY (user_id, game, name_key)
);

CREATE INDEX decks_by_user ON decks(user_id, game, updated);
