-- The media list's cache (lib/page-cache.ts, docs/performance.md "The page cache"): the list is
-- the same for every viewer and shows each entry's title, author, cover, counters and unit
-- counts, so every statement that inserts, changes or removes a media row, or adds or removes
-- an episode, volume or issue, tells every server through NOTIFY on the live channel (as
-- migration 0014's triggers do): one "rows.changed" for the table "media" with "id": null,
-- which drops every cached page of the list. Sent at commit, not for a rolled-back
-- transaction; PostgreSQL folds the same payload sent twice in one transaction into one.
-- The function takes the list's name as the trigger's argument (migration 0016 uses it for the
-- shop list).
CREATE FUNCTION "otakura_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('otakura_live', json_build_object('o', 'db', 'e',
    json_build_object('type', 'rows.changed', 'table', TG_ARGV[0], 'id', NULL))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('media');
--> statement-breakpoint
CREATE TRIGGER "media_episodes_list_change" AFTER INSERT OR DELETE OR UPDATE OF "media_id" OR TRUNCATE ON "media_episodes"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('media');
--> statement-breakpoint
CREATE TRIGGER "media_volumes_list_change" AFTER INSERT OR DELETE OR UPDATE OF "media_id" OR TRUNCATE ON "media_volumes"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('media');
--> statement-breakpoint
CREATE TRIGGER "media_issues_list_change" AFTER INSERT OR DELETE OR UPDATE OF "media_id" OR TRUNCATE ON "media_issues"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('media');
