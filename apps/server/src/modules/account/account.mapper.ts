/**
 * The one place that decides what "Download my data" contains: built field by field from an
 * allow-list, so password hashes, tokens and two-factor secrets never leave the server.
 */
import type { AccountExport } from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { displayName } from '../../lib/user-summary';
import type { AccountUserRow, ExportData } from './account.repository';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/**
 * "Download my data". Built field by field from an allow-list: password hashes,
 * session and OAuth tokens and two-factor secrets are never read into it.
 */
export function toAccountExport(
  user: AccountUserRow,
  data: ExportData,
  orders: AccountExport['orders'],
  now: Date,
): AccountExport {
  const imagesByPost = new Map<string, string[]>();
  for (const img of data.postImages) {
    const list = imagesByPost.get(img.postId) ?? [];
    list.push(fileUrl(img.key));
    imagesByPost.set(img.postId, list);
  }
  const person = (p: {
    userId: string;
    username: string | null;
    display: string | null;
    since: Date;
  }) => ({
    userId: p.userId,
    username: p.display ?? p.username ?? '',
    since: p.since.toISOString(),
  });
  const settings = data.settings
    ? {
        defaultSort: data.settings.defaultSort,
        language: data.settings.language,
        notifications: data.settings.notifications,
        dmPolicy: data.settings.dmPolicy,
        ratingPromptSeen: data.settings.ratingPromptSeen,
        updatedAt: data.settings.updatedAt.toISOString(),
      }
    : null;

  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      username: displayName(user),
      email: user.email,
      emailVerified: user.emailVerified,
      bio: user.bio,
      birthday: user.birthday,
      phone: user.phone,
      avatarUrl: fileUrl(user.profileImageKey),
      bannerUrl: fileUrl(user.bannerImageKey),
      role: user.role,
      nsfwOptIn: user.nsfwOptIn,
      twoFactorEnabled: user.twoFactorEnabled,
      eulaAcceptedAt: iso(user.eulaAcceptedAt),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    settings,
    signInMethods: data.signInMethods.map((a) => ({
      provider: a.provider,
      createdAt: a.createdAt.toISOString(),
    })),
    sessions: data.sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    posts: data.posts.map((p) => ({
      id: p.id,
      communityId: p.communityId,
      type: p.type,
      title: p.title,
      body: p.body,
      url: p.url,
      nsfw: p.nsfw,
      spoiler: p.spoiler,
      imageUrls: imagesByPost.get(p.id) ?? [],
      videoUrl: fileUrl(p.videoKey),
      likeCount: p.likeCount,
      commentCount: p.commentCount,
      createdAt: p.createdAt.toISOString(),
      deletedAt: iso(p.deletedAt),
    })),
    comments: data.comments.map((c) => ({
      id: c.id,
      postId: c.postId,
      mediaId: c.mediaId,
      replyToId: c.replyToId,
      body: c.body,
      likeCount: c.likeCount,
      createdAt: c.createdAt.toISOString(),
      editedAt: iso(c.editedAt),
    })),
    likes: {
      posts: data.likes.posts.map((l) => ({
        postId: l.postId,
        createdAt: l.createdAt.toISOString(),
      })),
      comments: data.likes.comments.map((l) => ({
        commentId: l.commentId,
        createdAt: l.createdAt.toISOString(),
      })),
      media: data.likes.media.map((l) => ({
        mediaId: l.mediaId,
        createdAt: l.createdAt.toISOString(),
      })),
      shopItems: data.likes.shopItems.map((l) => ({
        itemId: l.itemId,
        createdAt: l.createdAt.toISOString(),
      })),
    },
    following: data.following.map(person),
    followers: data.followers.map(person),
    blocked: data.blocked.map(person),
    memberships: data.memberships.map((m) => ({
      communityId: m.communityId,
      name: m.name,
      since: m.since.toISOString(),
    })),
    shopItems: data.shopItems.map((i) => ({
      id: i.id,
      name: i.name,
      about: i.about,
      priceCents: i.priceCents,
      quantity: i.quantity,
      createdAt: i.createdAt.toISOString(),
    })),
    orders,
    reports: data.reports.map((r) => ({
      commentId: r.commentId,
      commentText: r.commentText,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    mediaViews: data.mediaViews.map((v) => ({
      mediaId: v.mediaId,
      episodeId: v.episodeId,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}
