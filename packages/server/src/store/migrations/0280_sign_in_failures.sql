-- Issue 41: failed sign-ins per account and per client address, so repeated guesses slow down and
-- then lock (SDK signInThrottle). In the store, so every server process on one database counts the
-- same failures.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);
