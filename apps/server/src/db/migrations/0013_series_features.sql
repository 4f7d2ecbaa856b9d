CREATE TABLE "media_progress" (
	"user_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"episode" integer DEFAULT 0 NOT NULL,
	"volume" integer DEFAULT 0 NOT NULL,
	"chapter" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_progress_pk" PRIMARY KEY("user_id","media_id"),
	CONSTRAINT "media_progress_nonneg" CHECK ("media_progress"."episode" >= 0 and "media_progress"."volume" >= 0 and "media_progress"."chapter" >= 0)
);
--> statement-breakpoint
CREATE TABLE "owned_volumes" (
	"user_id" uuid NOT NULL,
	"volume_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owned_volumes_pk" PRIMARY KEY("user_id","volume_id")
);
--> statement-breakpoint
CREATE TABLE "shop_item_communities" (
	"item_id" uuid NOT NULL,
	"community_id" uuid NOT NULL,
	CONSTRAINT "shop_item_communities_pk" PRIMARY KEY("item_id","community_id")
);
--> statement-breakpoint
CREATE TABLE "import_records" (
	"collection" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_records_pk" PRIMARY KEY("collection","external_id")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "blur_unwatched_thumbnails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "show_owned_volumes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spoiler_media_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spoiler_unit" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spoiler_number" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "spoiler_media_id" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "spoiler_unit" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "spoiler_number" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "episode_id" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "at_seconds" real;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "issue_id" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "community_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "media_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "media_volume_id" uuid;--> statement-breakpoint
ALTER TABLE "media_progress" ADD CONSTRAINT "media_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_progress" ADD CONSTRAINT "media_progress_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_volumes" ADD CONSTRAINT "owned_volumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_volumes" ADD CONSTRAINT "owned_volumes_volume_id_media_volumes_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."media_volumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_volumes" ADD CONSTRAINT "owned_volumes_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_volumes" ADD CONSTRAINT "owned_volumes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_item_communities" ADD CONSTRAINT "shop_item_communities_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_item_communities" ADD CONSTRAINT "shop_item_communities_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owned_volumes_user_created_idx" ON "owned_volumes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_item_communities_community_idx" ON "shop_item_communities" USING btree ("community_id","item_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_spoiler_media_id_media_id_fk" FOREIGN KEY ("spoiler_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_spoiler_media_id_media_id_fk" FOREIGN KEY ("spoiler_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_episode_id_media_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."media_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_issue_id_media_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."media_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_media_volume_id_media_volumes_id_fk" FOREIGN KEY ("media_volume_id") REFERENCES "public"."media_volumes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_episode_moment_idx" ON "comments" USING btree ("episode_id","at_seconds","created_at","id") WHERE "comments"."episode_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_issue_page_idx" ON "comments" USING btree ("issue_id","page","created_at","id") WHERE "comments"."issue_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "media_community_idx" ON "media" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "shop_items_media_created_idx" ON "shop_items" USING btree ("media_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "shop_items"."media_id" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_spoiler_tag_whole" CHECK (("posts"."spoiler_media_id" is null) = ("posts"."spoiler_unit" is null) and ("posts"."spoiler_unit" is null) = ("posts"."spoiler_number" is null));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_spoiler_unit_valid" CHECK ("posts"."spoiler_unit" in ('episode', 'volume', 'chapter'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_spoiler_number_positive" CHECK ("posts"."spoiler_number" >= 1);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_spoiler_tag_whole" CHECK (("comments"."spoiler_media_id" is null) = ("comments"."spoiler_unit" is null) and ("comments"."spoiler_unit" is null) = ("comments"."spoiler_number" is null));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_spoiler_unit_valid" CHECK ("comments"."spoiler_unit" in ('episode', 'volume', 'chapter'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_spoiler_number_positive" CHECK ("comments"."spoiler_number" >= 1);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_pin_on_media" CHECK (("comments"."episode_id" is null and "comments"."issue_id" is null) or "comments"."media_id" is not null);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_pin_one_unit" CHECK ("comments"."episode_id" is null or "comments"."issue_id" is null);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_moment_needs_episode" CHECK ("comments"."at_seconds" is null or "comments"."episode_id" is not null);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_moment_nonneg" CHECK ("comments"."at_seconds" >= 0);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_page_needs_issue" CHECK ("comments"."page" is null or "comments"."issue_id" is not null);--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_page_positive" CHECK ("comments"."page" >= 1);--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_volume_needs_media" CHECK ("shop_items"."media_volume_id" is null or "shop_items"."media_id" is not null);--> statement-breakpoint
-- Backfill media_progress from the progress already recorded (see the table's comment).
INSERT INTO "media_progress" ("user_id", "media_id", "episode", "volume", "chapter")
SELECT "user_id", "media_id", max("episode"), max("volume"), max("chapter")
FROM (
  SELECT wp."user_id", wp."media_id", e."number" AS "episode", 0 AS "volume", 0 AS "chapter"
  FROM "media_watch_progress" wp JOIN "media_episodes" e ON e."id" = wp."episode_id"
  WHERE wp."watched"
  UNION ALL
  SELECT rp."user_id", rp."media_id", 0, 0, i."number"
  FROM "media_read_progress" rp JOIN "media_issues" i ON i."id" = rp."issue_id"
  WHERE rp."finished"
  UNION ALL
  SELECT rp."user_id", rp."media_id", 0, v."number", 0
  FROM "media_read_progress" rp
  JOIN "media_issues" i ON i."id" = rp."issue_id"
  JOIN "media_volumes" v ON v."id" = i."volume_id"
  WHERE rp."finished"
    AND i."number" = (SELECT max(i2."number") FROM "media_issues" i2 WHERE i2."volume_id" = v."id")
) AS "marks"
GROUP BY "user_id", "media_id";
