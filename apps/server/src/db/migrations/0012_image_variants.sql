ALTER TABLE "post_images" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "variants" jsonb;