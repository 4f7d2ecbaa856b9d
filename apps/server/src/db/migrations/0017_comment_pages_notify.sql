-- The comments cache (lib/page-cache.ts, docs/performance.md "The page cache"): a page of a post's
-- or media entry's comments is shared by every viewer who blocks nobody (when none of its comments
-- is pinned or spoiler-tagged), with each viewer's likes and reports beside it. Every statement
-- that changes what such a page shows tells every server through NOTIFY on the live channel (in
-- the envelope of migration 0014, through its `otakura_notify_rows`): one "rows.changed" for the
-- table "comments" with the post's or the entry's id, which drops that target's pages; more than
-- 100 targets in one statement, or a TRUNCATE, send "id": null, which drops every page.
-- - Comments inserted, changed (an edit, a removal, a like moving like_count in the same
--   transaction: DESIGN.md) or deleted (with their post or entry, by cascade too).
-- - Reports of a comment (the reporter's `reportedByMe`).
-- - A post's removal (its comments answer 404 from then on).
-- - An author's or an answered user's name, username or picture, and any block (a viewer who
--   blocks someone is never served from the cache, so a new block must reach the pages they
--   have): "id": null.
CREATE FUNCTION "otakura_comments_changed_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('comments', ARRAY(SELECT coalesce(post_id, media_id) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "otakura_comments_changed_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('comments', ARRAY(SELECT coalesce(post_id, media_id) FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "comments_page_insert" AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_comments_changed_new();
--> statement-breakpoint
CREATE TRIGGER "comments_page_update" AFTER UPDATE ON "comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_comments_changed_old();
--> statement-breakpoint
CREATE TRIGGER "comments_page_delete" AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_comments_changed_old();
--> statement-breakpoint
CREATE TRIGGER "comments_page_truncate" AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('comments');
--> statement-breakpoint
CREATE FUNCTION "otakura_comment_reports_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('comments', ARRAY(
    SELECT coalesce(c.post_id, c.media_id) FROM new_rows r JOIN comments c ON c.id = r.target_id
    WHERE r.target_type = 'comment'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "otakura_comment_reports_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('comments', ARRAY(
    SELECT coalesce(c.post_id, c.media_id) FROM old_rows r JOIN comments c ON c.id = r.target_id
    WHERE r.target_type = 'comment'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reports_comment_page_insert" AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_comment_reports_new();
--> statement-breakpoint
CREATE TRIGGER "reports_comment_page_update" AFTER UPDATE ON "reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_comment_reports_old();
--> statement-breakpoint
CREATE TRIGGER "reports_comment_page_delete" AFTER DELETE ON "reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION otakura_comment_reports_old();
--> statement-breakpoint
CREATE TRIGGER "reports_comment_page_truncate" AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('comments');
--> statement-breakpoint
-- Row by row, and only when deleted_at moves: a like or a comment updates the post row too, and
-- the WHEN clause keeps those from calling anything.
CREATE FUNCTION "otakura_post_comments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM otakura_notify_rows('comments', ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_comment_page_removal" AFTER UPDATE OF "deleted_at" ON "posts"
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION otakura_post_comments_changed();
--> statement-breakpoint
CREATE TRIGGER "users_comment_pages_change" AFTER UPDATE OF "name", "username", "display_username", "profile_image_key" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('comments');
--> statement-breakpoint
CREATE TRIGGER "user_blocks_comment_pages_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('comments');
