CREATE INDEX "users_timed_ban_idx" ON "users" USING btree ("ban_expires") WHERE "users"."banned" and "users"."ban_expires" is not null;
--> statement-breakpoint
-- The shop list's cache (lib/page-cache.ts, docs/performance.md "The page cache"): one page of
-- the list is shared by every viewer who blocks nobody, with each viewer's likes beside it. What
-- the shared page shows changes with the items (stock, likes, price, name, picture, hiding, a
-- new or removed item), with a seller's ban, and which items a viewer sees changes with their
-- blocks; each such statement tells every server through NOTIFY on the live channel (migration
-- 0015's function): one "rows.changed" for the table "shop" with "id": null, which drops every
-- cached page of the list. A like moves the item's like_count in the same transaction
-- (DESIGN.md), so the item's trigger covers it. A ban that ends by itself changes no row: a page
-- is not cached while a seller's ban has an end still to come (the index above finds those bans).
CREATE TRIGGER "shop_items_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_items"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
--> statement-breakpoint
CREATE TRIGGER "users_ban_shop_list_change" AFTER UPDATE OF "banned", "ban_expires" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
--> statement-breakpoint
CREATE TRIGGER "user_blocks_shop_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
