-- Title and keywords in one searchable text: array_to_string is only STABLE, so a generated
-- column needs this IMMUTABLE wrapper (text[] to text is immutable in fact).
CREATE OR REPLACE FUNCTION otakura_join_lines(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, chr(10)), '') $$;--> statement-breakpoint
CREATE TABLE "media_playback_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"watched_ms" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "media_playback_sessions_watched_nonneg" CHECK ("media_playback_sessions"."watched_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "media_read_progress" (
	"user_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_read_progress_pk" PRIMARY KEY("user_id","issue_id"),
	CONSTRAINT "media_read_progress_page_positive" CHECK ("media_read_progress"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "media_reader_prefs" (
	"user_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"mode" text NOT NULL,
	"cover_alone" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_reader_prefs_pk" PRIMARY KEY("user_id","media_id"),
	CONSTRAINT "media_reader_prefs_direction_valid" CHECK ("media_reader_prefs"."direction" in ('ltr', 'rtl')),
	CONSTRAINT "media_reader_prefs_mode_valid" CHECK ("media_reader_prefs"."mode" in ('single', 'double', 'vertical'))
);
--> statement-breakpoint
CREATE TABLE "media_watch_progress" (
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"watched" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_watch_progress_pk" PRIMARY KEY("user_id","episode_id"),
	CONSTRAINT "media_watch_progress_position_nonneg" CHECK ("media_watch_progress"."position_seconds" >= 0)
);
--> statement-breakpoint
DROP INDEX "media_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "reading_direction" text DEFAULT 'ltr' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "search_text" text GENERATED ALWAYS AS (title || chr(10) || otakura_join_lines(keywords)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "media_episodes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media_playback_sessions" ADD CONSTRAINT "media_playback_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_playback_sessions" ADD CONSTRAINT "media_playback_sessions_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_playback_sessions" ADD CONSTRAINT "media_playback_sessions_episode_id_media_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."media_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_read_progress" ADD CONSTRAINT "media_read_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_read_progress" ADD CONSTRAINT "media_read_progress_issue_id_media_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."media_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_read_progress" ADD CONSTRAINT "media_read_progress_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_reader_prefs" ADD CONSTRAINT "media_reader_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_reader_prefs" ADD CONSTRAINT "media_reader_prefs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_progress" ADD CONSTRAINT "media_watch_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_progress" ADD CONSTRAINT "media_watch_progress_episode_id_media_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."media_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_progress" ADD CONSTRAINT "media_watch_progress_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_playback_sessions_user_idx" ON "media_playback_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "media_read_progress_user_media_idx" ON "media_read_progress" USING btree ("user_id","media_id");--> statement-breakpoint
CREATE INDEX "media_watch_progress_user_idx" ON "media_watch_progress" USING btree ("user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_watch_progress_user_media_idx" ON "media_watch_progress" USING btree ("user_id","media_id");--> statement-breakpoint
CREATE INDEX "media_search_trgm_idx" ON "media" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_title_lower_idx" ON "media" USING btree (lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "media_episodes_created_idx" ON "media_episodes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_views_user_episode_idx" ON "media_views" USING btree ("user_id","episode_id","created_at");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_reading_direction_valid" CHECK ("media"."reading_direction" in ('ltr', 'rtl'));