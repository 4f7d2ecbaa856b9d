-- The page cache (lib/page-cache.ts, docs/performance.md "The page cache"): every statement that
-- changes or removes a community or a user row, or a series' link to its community, tells every
-- server through NOTIFY on the live channel, in the live bus's envelope ("o" = "db", which no
-- server is, so every server takes it, the writer's too). Delivered when the transaction commits,
-- not before; nothing is sent for a rolled-back one. Whatever wrote the row (a route, a CLI, a
-- bulk load) is covered, so a cached page cannot outlive the row it was made from.
-- More than 100 rows in one statement, or a TRUNCATE: one "id": null, which drops every page of
-- that table.
CREATE FUNCTION "otakura_notify_rows"(tbl text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids uuid[];
  one uuid;
BEGIN
  SELECT coalesce(array_agg(DISTINCT x), '{}') INTO distinct_ids FROM unnest(ids) AS x WHERE x IS NOT NULL;
  IF cardinality(distinct_ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(distinct_ids) > 100 THEN
    PERFORM pg_notify('otakura_live', json_build_object('o', 'db', 'e',
      json_build_object('type', 'rows.changed', 'table', tbl, 'id', NULL))::text);
    RETURN;
  END IF;
  FOREACH one IN ARRAY distinct_ids LOOP
    PERFORM pg_notify('otakura_live', json_build_object('o', 'db', 'e',
      json_build_object('type', 'rows.changed', 'table', tbl, 'id', one))::text);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "otakura_rows_changed_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows(TG_TABLE_NAME, ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "otakura_series_link_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('communities', ARRAY(SELECT community_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "otakura_series_link_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('communities', ARRAY(SELECT community_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "otakura_series_link_both"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only what the community page shows of its series (a view count moving is not a change).
  PERFORM otakura_notify_rows('communities', ARRAY(
    SELECT unnest(ARRAY[o.community_id, n.community_id])
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.community_id, o.title, o.kind) IS DISTINCT FROM (n.community_id, n.title, n.kind)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "communities_page_update" AFTER UPDATE ON "communities"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_changed_old();
--> statement-breakpoint
CREATE TRIGGER "communities_page_delete" AFTER DELETE ON "communities"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_changed_old();
--> statement-breakpoint
CREATE TRIGGER "users_page_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_changed_old();
--> statement-breakpoint
CREATE TRIGGER "users_page_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_changed_old();
--> statement-breakpoint
CREATE TRIGGER "media_series_link_insert" AFTER INSERT ON "media"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_series_link_new();
--> statement-breakpoint
CREATE TRIGGER "media_series_link_update" AFTER UPDATE ON "media"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_series_link_both();
--> statement-breakpoint
CREATE TRIGGER "media_series_link_delete" AFTER DELETE ON "media"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_series_link_old();
--> statement-breakpoint
-- TRUNCATE fires no row or UPDATE/DELETE trigger: one "id": null for the whole table.
CREATE FUNCTION "otakura_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('otakura_live', json_build_object('o', 'db', 'e', json_build_object('type',
    'rows.changed', 'table', CASE WHEN TG_TABLE_NAME = 'media' THEN 'communities' ELSE TG_TABLE_NAME END,
    'id', NULL))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "communities_page_truncate" AFTER TRUNCATE ON "communities"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER "users_page_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER "media_series_link_truncate" AFTER TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_rows_truncated();
