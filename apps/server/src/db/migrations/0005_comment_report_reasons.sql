ALTER TABLE "comment_reports" ADD COLUMN "reason" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD COLUMN "details" text;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reason_valid" CHECK ("comment_reports"."reason" in ('spam', 'harassment', 'spoiler', 'minor_sexual_content', 'other'));--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_details_length" CHECK (char_length("comment_reports"."details") <= 500);