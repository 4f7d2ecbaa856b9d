CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"large_key" text,
	"width" integer,
	"height" integer,
	"placeholder" varchar(7),
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"post_id" uuid,
	CONSTRAINT "uploads_kind_valid" CHECK ("uploads"."kind" in ('image', 'gif', 'video')),
	CONSTRAINT "uploads_size_nonneg" CHECK ("uploads"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "large_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "url_site_name" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_unused_idx" ON "uploads" USING btree ("user_id","created_at") WHERE "uploads"."post_id" is null;--> statement-breakpoint
CREATE INDEX "uploads_post_idx" ON "uploads" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_community_likes_idx" ON "posts" USING btree ("community_id","like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_user_likes_idx" ON "posts" USING btree ("user_id","like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);