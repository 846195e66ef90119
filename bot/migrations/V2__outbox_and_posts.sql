-- What committed changes owe the channel (lobby updates, boards with their mentions, results,
-- timer warnings): written in the same transaction as the change, deleted once delivered.
CREATE TABLE outbox (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    channel TEXT NOT NULL,
    version INTEGER NOT NULL,         -- the table version the post shows
    kind    TEXT NOT NULL,            -- lobby, board, result, warning
    payload TEXT NOT NULL,            -- JSON: the reply without its image, and the view to draw it
    created REAL NOT NULL,
    UNIQUE (channel, version, kind)
);

CREATE INDEX outbox_by_channel ON outbox(channel, id);

-- The messages a transport keeps for each table (its lobby, current board, last result, thread),
-- so that edits find them again after a restart.
CREATE TABLE posts (
    channel    TEXT NOT NULL,
    role       TEXT NOT NULL,         -- lobby, board, result, warning, thread
    message_id TEXT NOT NULL,
    place      TEXT NOT NULL,         -- the channel or thread the message is in
    version    INTEGER NOT NULL,
    image      TEXT NOT NULL,         -- the attachment's file name ('' for none)
    image_url  TEXT NOT NULL,
    PRIMARY KEY (channel, role)
);

-- Half way through a decision's time the players who owe it are reminded.
ALTER TABLE tables ADD COLUMN warn_at REAL;
