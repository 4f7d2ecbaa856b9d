-- Hand-written: trigram matching backs the case-insensitive substring search (ILIKE '%x%')
-- on communities, media, shop items and usernames. Must exist before the GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
