DROP INDEX "posts_community_created_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
DROP INDEX "posts_community_likes_idx";--> statement-breakpoint
DROP INDEX "posts_user_likes_idx";--> statement-breakpoint
CREATE INDEX "posts_community_created_idx" ON "posts" USING btree ("community_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at","user_id","like_count");--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at","like_count");--> statement-breakpoint
CREATE INDEX "posts_community_likes_idx" ON "posts" USING btree ("community_id","like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at","user_id");--> statement-breakpoint
CREATE INDEX "posts_user_likes_idx" ON "posts" USING btree ("user_id","like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at");