-- Trigram similarity for fuzzy search over names and labels. Trusted since PostgreSQL 13, so the
-- database owner may create it; PGlite loads it as a bundled extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
