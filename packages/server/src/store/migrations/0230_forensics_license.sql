-- 002 §6: in triage, IP results need a forensics licence, held per organization and set by its admin
-- (docs/API.md "Session and organizations"). Organizations start without one.
ALTER TABLE organizations ADD COLUMN has_forensics_license boolean NOT NULL DEFAULT false;

-- The demo world's Partner Agency holds the licence (docs/API.md "Session and organizations"); a store seeded
-- before this migration gets it too.
UPDATE organizations SET has_forensics_license = true WHERE uuid = '5e1e0000-0000-4000-8000-0000000000a2';
