-- Tables (one per channel), games as seed + action log, and key/value metadata.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE tables (
    channel  TEXT PRIMARY KEY,
    data     TEXT NOT NULL,           -- JSON: game, seats, series, timer, version, strikes
    game_id  INTEGER,                 -- the game in progress or last played, if any
    deadline REAL,                    -- when the current decision times out (epoch seconds)
    updated  REAL NOT NULL
);

CREATE TABLE games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    channel  TEXT NOT NULL,
    game     TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    players  INTEGER NOT NULL,
    options  TEXT NOT NULL,           -- JSON engine options
    seats    TEXT NOT NULL,           -- JSON list of {user, name, is_bot}
    started  REAL NOT NULL,
    finished REAL,
    result   TEXT                     -- JSON {scores, winners, reason}
);

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    idx     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    code    TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, idx)
);

CREATE INDEX games_by_channel ON games(channel);
CREATE INDEX tables_by_deadline ON tables(deadline) WHERE deadline IS NOT NULL;
