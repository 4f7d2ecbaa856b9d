-- The shop item page's cache (lib/page-cache.ts, docs/performance.md "The page cache"): an
-- item's page is shared by every viewer who blocks nobody, with each viewer's like beside it.
-- Everything that drops the shop list (migration 0016: the items and their likes, stock and
-- hiding, a seller's ban, any block) drops every item page too. An item's page also shows its
-- seller's name and picture, its series' title and kind, its volume's number and title and the
-- names of the communities it is linked to; each statement that changes one of those sends the
-- same "rows.changed" for the table "shop" with "id": null (migration 0015's function). A
-- series or volume removed sets the item's link to null, which the items' own trigger covers; a
-- community removed deletes its links, which the links' trigger covers.
CREATE TRIGGER "users_shop_item_pages_change" AFTER UPDATE OF "name", "username", "display_username", "profile_image_key" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
--> statement-breakpoint
CREATE TRIGGER "media_shop_item_pages_change" AFTER UPDATE OF "title", "kind" ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
--> statement-breakpoint
CREATE TRIGGER "media_volumes_shop_item_pages_change" AFTER UPDATE OF "number", "title" ON "media_volumes"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
--> statement-breakpoint
CREATE TRIGGER "communities_shop_item_pages_change" AFTER UPDATE OF "name" ON "communities"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
--> statement-breakpoint
CREATE TRIGGER "shop_item_communities_pages_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_item_communities"
  FOR EACH STATEMENT EXECUTE FUNCTION otakura_list_changed('shop');
