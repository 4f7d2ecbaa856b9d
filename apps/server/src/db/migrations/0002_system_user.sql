-- Hand-written: the fixed system account that deleted comments are attributed to (spec §4).
-- No account row, so nobody can sign in as it. ON CONFLICT keeps the step safe to repeat.
INSERT INTO "users" ("id", "name", "email", "email_verified", "username", "display_username", "role", "created_at", "updated_at")
VALUES ('00000000-0000-7000-8000-000000000000', 'Otakura', 'system@localhost.invalid', true, 'system', 'system', 'user', now(), now())
ON CONFLICT DO NOTHING;
