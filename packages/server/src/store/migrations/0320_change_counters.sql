-- Issue 46: answers a server process remembers (metrics/rememberedAnswers.ts, accounts/
-- rememberedCallers.ts) must not outlive a change another process on the same database made. Each
-- writer counts its change here in its own transaction; a reader takes the count before it reads and
-- recalls only what it remembered under the same count (store/changeCounters.ts).
CREATE TABLE change_counters (
  topic text PRIMARY KEY,
  changes bigint NOT NULL DEFAULT 0
);

INSERT INTO change_counters (topic) VALUES ('read_model'), ('callers');
