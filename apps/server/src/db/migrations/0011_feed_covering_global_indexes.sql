DROP INDEX "posts_created_idx";--> statement-breakpoint
DROP INDEX "posts_likes_idx";--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at","community_id","user_id","like_count");--> statement-breakpoint
CREATE INDEX "posts_likes_idx" ON "posts" USING btree ("like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at","community_id","user_id");