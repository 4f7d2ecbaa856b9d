/** Test data for the backup and migrate-to-postgres tests. */
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import {
  createComment,
  createCommunity,
  createMedia,
  createOrder,
  createPost,
  createShopItem,
  like,
} from '../../test/factories';

/** A small world in an on-disk embedded database: every kind of row the backup must keep. */
export async function seedSmallWorld(database: Database): Promise<void> {
  const t = { database };
  const [alice, bob] = await database.db
    .insert(users)
    .values(
      ['alice', 'bob'].map((name) => ({
        id: newId(),
        name,
        email: `${name}@example.test`,
        emailVerified: true,
        username: name,
        displayUsername: name,
      })),
    )
    .returning();
  const community = await createCommunity(t);
  const post = await createPost(t, { userId: alice!.id, communityId: community.id });
  const first = await createComment(t, { userId: bob!.id, postId: post.id });
  await createComment(t, { userId: alice!.id, postId: post.id, replyToId: first.id });
  await like(t, 'post', bob!.id, post.id);
  const video = await createMedia(t, { keywords: ['mecha', 'space'] });
  await createComment(t, { userId: bob!.id, mediaId: video.id });
  const item = await createShopItem(t, { sellerId: alice!.id });
  await createOrder(t, { userId: bob!.id, items: [{ item, quantity: 2 }] });
  // jsonb holding an array and an object: a copy must keep both as they are.
  await database.db.insert(auditLog).values([
    {
      id: newId(),
      action: 'role.grant',
      targetType: 'user',
      details: { from: 'user', to: 'admin' },
    },
    {
      id: newId(),
      action: 'user.suspend',
      targetType: 'user',
      details: { list: [1, 'two', null] },
    },
  ]);
}
