-- Comment reports move into the reports table of every kind (issue 09); nothing is lost.
INSERT INTO "reports" ("id", "target_type", "target_id", "reporter_id", "author_id", "snapshot", "reason", "details", "community_id", "post_id", "media_id", "status", "resolved_by_id", "resolved_at", "resolution_action", "created_at")
SELECT "id", 'comment', "comment_id", "reporter_id", "author_id", "comment_text", "reason", "details", "community_id", "post_id", "media_id", "status", "resolved_by_id", "resolved_at",
  CASE "status" WHEN 'dismissed' THEN 'dismiss' WHEN 'resolved' THEN 'remove' END, "created_at"
FROM "comment_reports"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "comment_reports" CASCADE;
