-- The three address bulk calls answer each known address with the same JSON every time: `answers`
-- holds it, printed once by refreshRollups with the functions that build the answers (metrics parts,
-- risk summary, attribution tags; metrics/summaryAnswers.ts), and a batch joins the pieces instead of
-- parsing the row's values, building objects and printing them again on every call. It replaces
-- `wire` (0080), the row's values as JSON, which only that path read.
-- Emptied first so a store built before the column gets its summaries rebuilt at start
-- (ensureRollups), as 0060 and 0080 did.
TRUNCATE address_summary;
ALTER TABLE address_summary DROP COLUMN wire;
ALTER TABLE address_summary ADD COLUMN answers text NOT NULL;
