/**
 * Merch on the series (issue 12, docs/shop.md "Merch and owned volumes"), written after the rest
 * of the demo world (and after the spoiler shield's part, which gives Lighthouse Letters its own
 * community): existing shop items are tagged with their series and with communities, and the
 * first volumes of two manga are put on sale as items that ARE those volumes (their picture is
 * the volume's cover). So the series pages and community pages show a Merch shelf right after
 * `npm start`, and buying a volume in the test checkout marks it owned.
 *
 * The demo account already owns Lighthouse Letters Vol. 1: a paid order of that item two weeks
 * ago, with its owned_volumes row (private: show_owned_volumes stays off). Its profile shows the
 * shelf to itself with "Only you can see this"; Vol. 2 is left to buy.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { orderItems, orders, ownedVolumes, shopItemCommunities, shopItems } from '../db/schema';
import { newId } from '../lib/ids';

/** Existing items (content.ts) and the series and communities whose shelves show them. */
export const MERCH_TAGS: ReadonlyArray<{
  item: string;
  series: string | null;
  communities: readonly string[];
}> = [
  {
    item: 'Lighthouse Letters Promo Poster',
    series: 'Lighthouse Letters',
    communities: ['Manga Reading Room', 'Mystery & Detective Bureau'],
  },
  {
    item: 'Starlight Relay Courier Figure',
    series: 'Starlight Relay',
    communities: ['Figure Shelf Showcase'],
  },
  {
    item: 'Tea House Android Mini Figure',
    series: 'Neon Tea House',
    communities: ['Figure Shelf Showcase'],
  },
  { item: 'Petal Guard Captain Figure', series: 'Petal Guard', communities: [] },
  { item: 'Hangar Mechanic Figure', series: 'Hangar Nine', communities: ['Mecha Garage'] },
  { item: 'Mecha Design Sketchbook', series: null, communities: ['Mecha Garage'] },
  {
    item: 'Café Cat Plush',
    series: 'Cafe at the End of the Line',
    communities: ['Slice of Life Café'],
  },
  { item: 'Paper Planets Illustrated Edition', series: 'Paper Planets', communities: [] },
];

/** Volumes put on sale: `{series} Vol. {n}` with the volume's title, sold by the poster's seller. */
export const MERCH_VOLUMES: ReadonlyArray<{
  series: string;
  number: number;
  priceCents: number;
  quantity: number;
  communities: readonly string[];
}> = [
  {
    series: 'Lighthouse Letters',
    number: 1,
    priceCents: 1299,
    quantity: 12,
    communities: ['Manga Reading Room'],
  },
  {
    series: 'Lighthouse Letters',
    number: 2,
    priceCents: 1299,
    quantity: 9,
    communities: ['Manga Reading Room'],
  },
  {
    series: 'Hangar Nine',
    number: 1,
    priceCents: 1199,
    quantity: 6,
    communities: ['Mecha Garage'],
  },
];

/** The volume the demo account owns already. */
export const DEMO_OWNED_VOLUME = { series: 'Lighthouse Letters', number: 1 } as const;

const DAY = 86_400_000;
const SHIPPING_CENTS = 350;

export interface MerchSeedInput {
  db: Db;
  now: Date;
  demoId: string;
  /** The sales tax of the demo's paid order, as the rest of the demo uses (basis points). */
  taxRateBps: number;
}

export interface MerchSeedCounts {
  /** New items (the volumes). */
  shopItems: number;
  taggedItems: number;
  itemCommunities: number;
  orders: number;
  ownedVolumes: number;
}

/** Writes the merch part of the demo world (see the module comment), in one transaction. */
export async function seedMerchWorld(input: MerchSeedInput): Promise<MerchSeedCounts> {
  const { db, now, demoId, taxRateBps } = input;
  return db.transaction(async (tx) => {
    const mediaRows = await queryRows<{ id: string; title: string }>(
      tx,
      sql`select id, title from media`,
    );
    const mediaId = new Map(mediaRows.map((m) => [m.title, m.id]));
    const communityRows = await queryRows<{ id: string; name: string }>(
      tx,
      sql`select id, name from communities`,
    );
    const communityId = new Map(communityRows.map((c) => [c.name, c.id]));
    const itemRows = await queryRows<{
      id: string;
      name: string;
      sellerId: string;
      createdAt: Date;
    }>(
      tx,
      sql`select id, name, seller_id as "sellerId", created_at as "createdAt" from shop_items`,
    );
    const itemByName = new Map(itemRows.map((i) => [i.name, i]));
    const need = <T>(map: Map<string, T>, key: string, what: string): T => {
      const v = map.get(key);
      if (v === undefined) throw new Error(`seedMerchWorld: no ${what} named ${key}`);
      return v;
    };

    let itemCommunities = 0;
    for (const tag of MERCH_TAGS) {
      const item = need(itemByName, tag.item, 'shop item');
      if (tag.series)
        await tx
          .update(shopItems)
          .set({ mediaId: need(mediaId, tag.series, 'media entry') })
          .where(sql`${shopItems.id} = ${item.id}::uuid`);
      if (tag.communities.length > 0) {
        await tx.insert(shopItemCommunities).values(
          tag.communities.map((c) => ({
            itemId: item.id,
            communityId: need(communityId, c, 'community'),
          })),
        );
        itemCommunities += tag.communities.length;
      }
    }

    const seller = need(itemByName, 'Lighthouse Letters Promo Poster', 'shop item').sellerId;
    const volumeItems = new Map<
      string,
      { itemId: string; volumeId: string; mediaId: string; name: string; priceCents: number }
    >();
    for (const [i, v] of MERCH_VOLUMES.entries()) {
      const media = need(mediaId, v.series, 'media entry');
      const [volume] = await queryRows<{ id: string; title: string; coverKey: string | null }>(
        tx,
        sql`select id, title, cover_key as "coverKey" from media_volumes
          where media_id = ${media}::uuid and number = ${v.number}`,
      );
      if (!volume) throw new Error(`seedMerchWorld: ${v.series} has no volume ${v.number}`);
      const itemId = newId();
      const name = `${v.series} Vol. ${v.number}`;
      const createdAt = new Date(now.getTime() - (20 - i) * DAY);
      await tx.insert(shopItems).values({
        id: itemId,
        sellerId: seller,
        name,
        about: `Volume ${v.number} of ${v.series}${volume.title ? `, “${volume.title}”` : ''}. New, sealed. Buying it marks the volume as owned on your profile.`,
        condition: 'New',
        priceCents: v.priceCents,
        shippingCents: SHIPPING_CENTS,
        quantity: v.quantity,
        imageKey: volume.coverKey,
        mediaId: media,
        mediaVolumeId: volume.id,
        likeCount: 0,
        createdAt,
        updatedAt: createdAt,
      });
      if (v.communities.length > 0) {
        await tx
          .insert(shopItemCommunities)
          .values(
            v.communities.map((c) => ({ itemId, communityId: need(communityId, c, 'community') })),
          );
        itemCommunities += v.communities.length;
      }
      volumeItems.set(`${v.series}#${v.number}`, {
        itemId,
        volumeId: volume.id,
        mediaId: media,
        name,
        priceCents: v.priceCents,
      });
    }

    // The demo account bought Vol. 1 two weeks ago (paid with the test checkout).
    const owned = volumeItems.get(`${DEMO_OWNED_VOLUME.series}#${DEMO_OWNED_VOLUME.number}`)!;
    const orderId = newId();
    const paidAt = new Date(now.getTime() - 14 * DAY);
    const tax = Math.round((owned.priceCents * taxRateBps) / 10_000);
    await tx.insert(orders).values({
      id: orderId,
      userId: demoId,
      status: 'paid',
      subtotalCents: owned.priceCents,
      shippingCents: SHIPPING_CENTS,
      taxCents: tax,
      totalCents: owned.priceCents + SHIPPING_CENTS + tax,
      provider: 'test',
      createdAt: new Date(paidAt.getTime() - 2 * 60_000),
      updatedAt: paidAt,
      paidAt,
    });
    await tx.insert(orderItems).values({
      orderId,
      itemId: owned.itemId,
      name: owned.name,
      unitPriceCents: owned.priceCents,
      shippingCents: SHIPPING_CENTS,
      quantity: 1,
    });
    await tx.insert(ownedVolumes).values({
      userId: demoId,
      volumeId: owned.volumeId,
      mediaId: owned.mediaId,
      orderId,
      createdAt: paidAt,
    });

    return {
      shopItems: MERCH_VOLUMES.length,
      taggedItems: MERCH_TAGS.length,
      itemCommunities,
      orders: 1,
      ownedVolumes: 1,
    };
  });
}
