/** Drizzle relations, for `db.query.*.findMany({ with: … })`. They add no SQL constraints. */
import { relations } from 'drizzle-orm';
import { accounts, sessions, twoFactors, users } from './auth';
import { commentLikes, comments } from './comments';
import { communities, communityMembers } from './communities';
import {
  media,
  mediaEpisodes,
  mediaIssues,
  mediaLikes,
  mediaPages,
  mediaViews,
  mediaVolumes,
} from './media';
import { postImages, postLikes, posts } from './posts';
import { userSettings } from './settings';
import { orderItems, orders, shopItems, shopLikes } from './shop';

export const usersRelations = relations(users, ({ many, one }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  twoFactors: many(twoFactors),
  posts: many(posts),
  comments: many(comments, { relationName: 'commentAuthor' }),
  communityMemberships: many(communityMembers),
  shopItems: many(shopItems),
  orders: many(orders),
  settings: one(userSettings),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
export const twoFactorsRelations = relations(twoFactors, ({ one }) => ({
  user: one(users, { fields: [twoFactors.userId], references: [users.id] }),
}));
export const userSettingsRelations = relations(userSettings, ({ one }) => ({
  user: one(users, { fields: [userSettings.userId], references: [users.id] }),
}));

export const communitiesRelations = relations(communities, ({ many }) => ({
  members: many(communityMembers),
  posts: many(posts),
}));
export const communityMembersRelations = relations(communityMembers, ({ one }) => ({
  community: one(communities, {
    fields: [communityMembers.communityId],
    references: [communities.id],
  }),
  user: one(users, { fields: [communityMembers.userId], references: [users.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  user: one(users, { fields: [posts.userId], references: [users.id] }),
  community: one(communities, { fields: [posts.communityId], references: [communities.id] }),
  images: many(postImages),
  likes: many(postLikes),
  comments: many(comments),
}));
export const postImagesRelations = relations(postImages, ({ one }) => ({
  post: one(posts, { fields: [postImages.postId], references: [posts.id] }),
}));
export const postLikesRelations = relations(postLikes, ({ one }) => ({
  post: one(posts, { fields: [postLikes.postId], references: [posts.id] }),
  user: one(users, { fields: [postLikes.userId], references: [users.id] }),
}));

export const commentsRelations = relations(comments, ({ one, many }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
  media: one(media, { fields: [comments.mediaId], references: [media.id] }),
  user: one(users, {
    fields: [comments.userId],
    references: [users.id],
    relationName: 'commentAuthor',
  }),
  replyingUser: one(users, {
    fields: [comments.replyingUserId],
    references: [users.id],
    relationName: 'commentReplyingUser',
  }),
  replyTo: one(comments, {
    fields: [comments.replyToId],
    references: [comments.id],
    relationName: 'replies',
  }),
  replies: many(comments, { relationName: 'replies' }),
  likes: many(commentLikes),
}));
export const commentLikesRelations = relations(commentLikes, ({ one }) => ({
  comment: one(comments, { fields: [commentLikes.commentId], references: [comments.id] }),
}));

export const mediaRelations = relations(media, ({ many }) => ({
  episodes: many(mediaEpisodes),
  volumes: many(mediaVolumes),
  issues: many(mediaIssues),
  likes: many(mediaLikes),
  views: many(mediaViews),
  comments: many(comments),
}));
export const mediaEpisodesRelations = relations(mediaEpisodes, ({ one }) => ({
  media: one(media, { fields: [mediaEpisodes.mediaId], references: [media.id] }),
}));
export const mediaVolumesRelations = relations(mediaVolumes, ({ one, many }) => ({
  media: one(media, { fields: [mediaVolumes.mediaId], references: [media.id] }),
  issues: many(mediaIssues),
}));
export const mediaIssuesRelations = relations(mediaIssues, ({ one, many }) => ({
  media: one(media, { fields: [mediaIssues.mediaId], references: [media.id] }),
  volume: one(mediaVolumes, { fields: [mediaIssues.volumeId], references: [mediaVolumes.id] }),
  pages: many(mediaPages),
}));
export const mediaPagesRelations = relations(mediaPages, ({ one }) => ({
  issue: one(mediaIssues, { fields: [mediaPages.issueId], references: [mediaIssues.id] }),
}));
export const mediaLikesRelations = relations(mediaLikes, ({ one }) => ({
  media: one(media, { fields: [mediaLikes.mediaId], references: [media.id] }),
}));
export const mediaViewsRelations = relations(mediaViews, ({ one }) => ({
  media: one(media, { fields: [mediaViews.mediaId], references: [media.id] }),
}));

export const shopItemsRelations = relations(shopItems, ({ one, many }) => ({
  seller: one(users, { fields: [shopItems.sellerId], references: [users.id] }),
  likes: many(shopLikes),
}));
export const shopLikesRelations = relations(shopLikes, ({ one }) => ({
  item: one(shopItems, { fields: [shopLikes.itemId], references: [shopItems.id] }),
}));
export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(orderItems),
}));
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  item: one(shopItems, { fields: [orderItems.itemId], references: [shopItems.id] }),
}));
