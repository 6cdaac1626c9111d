-- 001 §4 'Reveal and Notify': revealing an open interest whose author turned reveal notification on
-- (and asking to contact the author of a private one) tells the author who did it. The reveal row is
-- the notice; the author's read state lives on it, and the author's inbox lists the unread ones.
ALTER TABLE interest_reveals ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE interest_reveals ADD COLUMN notifies_author boolean NOT NULL DEFAULT false;
ALTER TABLE interest_reveals ADD COLUMN author_read_at timestamptz;
CREATE UNIQUE INDEX interest_reveals_uuid_key ON interest_reveals (uuid);
-- The author's inbox walks their interests (investigation_interests_user_idx), then each interest's notices.
CREATE INDEX interest_reveals_notice_idx ON interest_reveals (interest_id, created_at DESC) WHERE notifies_author;
