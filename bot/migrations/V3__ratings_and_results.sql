-- Players remembered: each finished game's per-seat results, ratings per (guild, game, player),
-- and the guild a game was played in. Written in SQL that SQLite and PostgreSQL both accept
-- (DOUBLE PRECISION, not REAL: PostgreSQL's REAL is a 4-byte float, too coarse for epoch seconds).

ALTER TABLE games ADD COLUMN guild TEXT;  -- NULL for games finished before V3

CREATE TABLE results (
    game_id       INTEGER NOT NULL REFERENCES games(id),
    seat          INTEGER NOT NULL,
    guild         TEXT NOT NULL,
    game          TEXT NOT NULL,          -- the game's registry name
    player        TEXT NOT NULL,          -- a user id, or bot:<level> for a computer level
    name          TEXT NOT NULL,          -- the seat's display name in that game
    level         TEXT,                   -- the computer level; NULL for a person
    score         INTEGER NOT NULL,
    placement     INTEGER NOT NULL,       -- 1 = first; seats that tie share a placement
    outcome       TEXT NOT NULL,          -- win, draw or loss
    faction       TEXT,                   -- the seat's faction or mat option, if the game has one
    rating_before DOUBLE PRECISION,       -- the displayed rating before and after this game;
    rating_after  DOUBLE PRECISION,       -- NULL when the game was not rated (no person seated)
    finished      DOUBLE PRECISION NOT NULL, -- epoch seconds
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE ratings (
    guild       TEXT NOT NULL,
    game        TEXT NOT NULL,
    player      TEXT NOT NULL,
    name        TEXT NOT NULL,            -- the latest display name
    level       TEXT,                     -- the computer level; NULL for a person
    mu          DOUBLE PRECISION NOT NULL, -- openskill (Weng-Lin, Plackett-Luce) belief
    sigma       DOUBLE PRECISION NOT NULL,
    rating      DOUBLE PRECISION NOT NULL, -- the displayed number, 1500 + 20 * (mu - 3 sigma)
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,         -- the current run of wins
    best_streak INTEGER NOT NULL,
    updated     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild, game, player)
);

CREATE TABLE factions (                   -- how often each player chose each faction or mat
    guild       TEXT NOT NULL,
    game        TEXT NOT NULL,
    player      TEXT NOT NULL,
    faction     TEXT NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (guild, game, player, faction)
);

-- /leaderboard: the top of one game in one guild, and a caller's rank (a count above a rating).
CREATE INDEX ratings_leaderboard ON ratings(guild, game, rating DESC, player);
-- /profile: every game a player is rated in.
CREATE INDEX ratings_by_player ON ratings(guild, player);
-- /profile: a player's last results in one game (trend, last five).
CREATE INDEX results_by_player_game ON results(guild, player, game, finished, game_id);
-- /history [user]: a player's last games in the guild.
CREATE INDEX results_by_player ON results(guild, player, finished, game_id);
-- /history: the guild's last finished games.
CREATE INDEX games_by_guild ON games(guild, finished) WHERE finished IS NOT NULL;
