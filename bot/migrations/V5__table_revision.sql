-- Compare-and-swap for table writes: every write names the revision it read and moves it on by one,
-- so two processes on one database never overwrite each other silently. Rows written before V5
-- start at revision 1 (0 means "no row yet" to the code).
ALTER TABLE tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
