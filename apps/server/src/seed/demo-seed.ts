/**
 * The demo world: 22 people (one of them the demo account), 12 communities, 310
 * posts of every type over the last 60 days with likes and threaded comments,
 * 10 media entries and 24 shop items. Every counter equals its rows.
 *
 * Images are generated (./art.ts) and stored through the same pipeline as real
 * uploads (saveImageUpload / saveVideoUpload: WebP variants, size, placeholder
 * colour). To keep the seed to seconds, each person gets a small pool of
 * artworks in their own folder that their posts reuse, and each video clip is
 * stored once and referenced by many posts. Files are shared only between rows
 * of the same owner, so deleting an account (which deletes its folders) never
 * breaks someone else's post. Seeded posts have no `uploads` rows, so deleting
 * one post leaves its files in place for the owner's other posts.
 *
 * Everything random comes from one seeded PRNG: the same world every time
 * (ids and timestamps relative to `now` aside).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  formatBirthday,
  MEDIA_RULES,
  parseBirthday,
  POST_TYPES,
  SYSTEM_USER_ID,
} from '@otakura/shared';
import { queryRows, type Db } from '../db/client';
import { analyzeAll } from '../db/statistics';
import {
  accounts,
  auditLog,
  commentLikes,
  comments,
  communities,
  communityMembers,
  linkPreviews,
  media,
  mediaEpisodes,
  mediaIssues,
  mediaLikes,
  mediaPages,
  mediaReadProgress,
  mediaViews,
  mediaVolumes,
  mediaWatchProgress,
  notificationActors,
  notifications,
  orderItems,
  orders,
  postImages,
  postLikes,
  posts,
  reports,
  shopItems,
  shopLikes,
  userFollows,
  users,
} from '../db/schema';
import { newId } from '../lib/ids';
import { normalizeUrl, urlHash } from '../modules/link-previews/link-previews.service';
import { saveVideoUpload, uploadPrefix } from '../modules/uploads/upload.service';
import type { Storage } from '../storage/storage';
import {
  avatarArt,
  bannerArt,
  communityArt,
  createRng,
  gifArt,
  initialsOf,
  mangaPageArt,
  mediaCoverArt,
  postArt,
  shopItemArt,
  type Art,
} from './art';
import {
  COMMENT_LINES,
  COMMUNITIES,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_USER,
  GENERIC_PICTURE_TITLES,
  GENERIC_TEXT_POSTS,
  GENERIC_VIDEO_TITLES,
  GIF_TITLES,
  LINKS,
  MEDIA,
  MEDIA_COMMENT_LINES,
  REPLY_LINES,
  type MangaIssueContent,
  SHOP_ITEMS,
  USERS,
  type UserContent,
} from './content';
import { planModerationWorld, STAFF } from './demo-moderation';
import { seedSpoilerWorld } from './demo-spoilers';
import { seedMomentsWorld } from './demo-moments';
import { seedMerchWorld } from './demo-merch';
import { fromSavedImage, storeArt, type StoredImage } from './store';
import { chunks, mapLimit, renderConcurrency, resolveFixturesDir } from './util';

export { DEMO_EMAIL, DEMO_PASSWORD } from './content';

export interface SeedDemoOptions {
  db: Db;
  storage: Storage;
  log?: (message: string) => void;
  /** The moment the world is built around (posts go back 60 days from it). Default: now. */
  now?: Date;
}

/** The staff accounts (issue 09), with the demo password: the start banner prints them. */
export const DEMO_STAFF: ReadonlyArray<{ email: string; role: 'admin' | 'moderator' }> = STAFF.map(
  (s) => ({ email: s.email, role: s.role }),
);

/** Rows written, by kind. */
export interface DemoCounts {
  users: number;
  accounts: number;
  communities: number;
  communityMembers: number;
  follows: number;
  posts: number;
  postsByType: { text: number; image: number; video: number; gif: number; url: number };
  /** Image posts with 2–5 images. */
  multiImagePosts: number;
  postImages: number;
  postLikes: number;
  linkPreviews: number;
  /** On posts and media entries, replies included. */
  comments: number;
  replies: number;
  mediaComments: number;
  commentLikes: number;
  media: number;
  mediaEpisodes: number;
  mediaVolumes: number;
  mediaIssues: number;
  mediaPages: number;
  mediaLikes: number;
  mediaViews: number;
  /** The demo account's episode progress (watched and in progress). */
  mediaWatchProgress: number;
  /** The demo account's issue progress (finished and in progress). */
  mediaReadProgress: number;
  shopItems: number;
  shopLikes: number;
  /** Staff accounts (admin, moderator) besides the two seeded moderators among the people. */
  staff: number;
  /** Reports (open and closed), open moderation cases, audit log lines. */
  reports: number;
  openCases: number;
  auditLog: number;
  /** Notifications (the demo account's and those the closed cases sent) and their actors. */
  notifications: number;
  notificationActors: number;
  orders: number;
  /** Distinct images generated and stored (each as its WebP variants). */
  images: number;
  /** Distinct videos stored. */
  videos: number;
}

export interface SeedDemoResult {
  demoEmail: string;
  demoPassword: string;
  /** admin@otakura.local and moderator@otakura.local, with the demo password. */
  staff: ReadonlyArray<{ email: string; role: 'admin' | 'moderator' }>;
  counts: DemoCounts;
}

/** True when nobody but the fixed system user exists: the only state `seedDemo` may fill. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(
    db,
    sql`select exists(select 1 from users where id <> ${SYSTEM_USER_ID}::uuid) as any`,
  );
  return !rows[0]?.any;
}

// ---------------------------------------------------------------- plan constants

const DAY = 86_400_000;
/** Posts spread over this many days before `now`. */
const SPAN_DAYS = 60;

/** How many posts of each type; 310 in all. */
const POST_PLAN = { text: 84, image: 96, multi: 34, gif: 24, video: 40, url: 32 } as const;

/** People whose posts are mostly art: five artworks each instead of two, and the multi-image posts. */
const ARTISTS = new Set([
  'demo',
  'mika_draws',
  'sora_skies',
  'freya_petals',
  'ines_ink',
  'leo.sakuga',
  'tomas_frames',
  'yuna.sparkle',
]);
/** Who posts the animated GIFs (one each, stored in their folder). */
const GIF_OWNERS = ['tomas_frames', 'leo.sakuga', 'aidenwatches', 'yuna.sparkle', 'chloe_cozy'];
/** Who sells in the shop, by weight. */
const SELLERS = [
  'samir.shop',
  'samir.shop',
  'samir.shop',
  'nadia.figures',
  'nadia.figures',
  'kenji.builds',
  'hana_cosplays',
  'demo',
];

/** Short words some artworks carry as a poster title (reused art never shows a post's own title). */
const ART_TITLES = [
  'Night Walk',
  'Sakura Season',
  'Blue Hour',
  'Starfall',
  'Hello Weekend',
  'Daily Sketch',
  'Neon Dreams',
  'Petal Storm',
  'Moonrise',
  'City Pop',
  'Summer Signal',
  'Orbit',
];

/** Sizes of post artworks (width x height). */
const POST_SIZES: ReadonlyArray<[number, number]> = [
  [960, 720],
  [720, 960],
  [900, 900],
  [1024, 576],
  [800, 1000],
];

export interface VideoFixture {
  file: string;
  thumbnail: string;
  width: number;
  height: number;
  /** The clip's real duration (the fixture test reads it from the MP4's `mvhd`). */
  durationSeconds: number;
}

interface ClipFixture extends VideoFixture {
  /** Who posts it (the clip is stored once, in their folder). */
  owner: string;
}

/** The short clips of apps/server/fixtures/video for video posts (made once with ffmpeg: docs/seed.md). */
export const VIDEO_FIXTURES: readonly ClipFixture[] = [
  {
    file: 'aurora-gradient.mp4',
    thumbnail: 'aurora-gradient.jpg',
    width: 640,
    height: 360,
    durationSeconds: 4,
    owner: 'sora_skies',
  },
  {
    file: 'test-pattern.mp4',
    thumbnail: 'test-pattern.jpg',
    width: 640,
    height: 360,
    durationSeconds: 3,
    owner: 'kai.retro',
  },
  {
    file: 'fractal-zoom.mp4',
    thumbnail: 'fractal-zoom.jpg',
    width: 480,
    height: 270,
    durationSeconds: 3,
    owner: 'leo.sakuga',
  },
  {
    file: 'plasma-rings.webm',
    thumbnail: 'plasma-rings.jpg',
    width: 480,
    height: 270,
    durationSeconds: 3,
    owner: 'oliver_ost',
  },
];

// ---------------------------------------------------------------- types

/**
 * The episode clips of apps/server/fixtures/video: 32–40 s, long enough to watch, seek and
 * resume (H.264 Main, `moov` before `mdat`; docs/seed.md). Stored once under media/videos/.
 */
export const EPISODE_CLIPS: readonly VideoFixture[] = [
  {
    file: 'episode-aurora-drift.mp4',
    thumbnail: 'episode-aurora-drift.jpg',
    width: 640,
    height: 360,
    durationSeconds: 40,
  },
  {
    file: 'episode-cell-garden.mp4',
    thumbnail: 'episode-cell-garden.jpg',
    width: 480,
    height: 270,
    durationSeconds: 36,
  },
  {
    file: 'episode-fractal-dive.mp4',
    thumbnail: 'episode-fractal-dive.jpg',
    width: 480,
    height: 270,
    durationSeconds: 32,
  },
];

/** Media pages: portrait pages and, once per manga issue, a landscape double-page spread. */
const PAGE_SIZE = { width: 900, height: 1350 } as const;
const SPREAD_SIZE = { width: 1280, height: 960 } as const;

/** The demo account's progress (spec: "continue watching", progress bars, "Continue"). */
const DEMO_WATCHING = 'Starlight Relay';
const DEMO_READING = 'Lighthouse Letters';
/** The demo account is this far into episode 2 of DEMO_WATCHING. */
const DEMO_EPISODE_2_FRACTION = 0.4;
/** …and on this page of issue 2 of DEMO_READING (issue 1 finished). */
const DEMO_ISSUE_2_PAGE = 4;

interface StoredVideo {
  key: string;
  thumbnail: StoredImage;
  clip: VideoFixture;
}

interface Person {
  id: string;
  content: UserContent;
  email: string;
  isDemo: boolean;
  createdAt: Date;
  avatar?: StoredImage;
  banner?: StoredImage;
  pool: StoredImage[];
  gif?: StoredImage;
  video?: StoredVideo;
  communities: string[];
}

type Row<T extends PgTable> = T['$inferInsert'];

/** An issue of a manga or sequence, numbered through the series, with its stored pages. */
interface IssuePlan {
  content: MangaIssueContent;
  /** Index into the series' volumes; null for a sequence's issue. */
  volume: number | null;
  number: number;
  /** The page that is a landscape double-page spread (manga), or null. */
  spreadAt: number | null;
  pages: StoredImage[];
}

/** Hands out titles: the first list in order, then the shared fallback, then repeats marked "(again)". */
class TitleBag {
  private used = new Map<string, number>();
  private fallbackIndex = 0;
  constructor(private readonly fallback: readonly string[]) {}
  next(primary: readonly string[], key: string): string {
    const i = this.used.get(key) ?? 0;
    this.used.set(key, i + 1);
    if (i < primary.length) return primary[i]!;
    const j = this.fallbackIndex++;
    const title = this.fallback[j % this.fallback.length]!;
    return j < this.fallback.length ? title : `${title} (again)`;
  }
}

// ---------------------------------------------------------------- seed

/**
 * Fills an empty database (see isDatabaseEmpty) with the demo world. Files are written
 * first; then every row goes in with one transaction, so a failure leaves no half world.
 */
export async function seedDemo(opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const { db, storage } = opts;
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? new Date();
  const nowMs = now.getTime();
  const rng = createRng('otakura-demo-world');
  const t0 = Date.now();
  const at = (ms: number) => new Date(Math.min(nowMs - 1000, Math.round(ms)));
  /** A moment between `from` and now, skewed towards `from` when skew > 1. */
  const between = (from: Date, skew = 1) =>
    at(from.getTime() + (nowMs - from.getTime()) * rng.next() ** skew);

  if (!(await isDatabaseEmpty(db)))
    throw new Error('seedDemo needs an empty database (only the system user).');

  // ---- people
  const people: Person[] = [DEMO_USER, ...USERS].map((content, i) => ({
    id: newId(),
    content,
    email: i === 0 ? DEMO_EMAIL : `${content.username.replace(/\./g, '-')}@otakura.local`,
    isDemo: i === 0,
    createdAt: at(nowMs - (i === 0 ? 75 : rng.range(62, 120)) * DAY),
    pool: [],
    communities: [],
  }));
  const byUsername = new Map(people.map((p) => [p.content.username, p]));
  const person = (username: string) => {
    const p = byUsername.get(username);
    if (!p) throw new Error(`No demo user ${username}`);
    return p;
  };
  const demo = people[0]!;
  // Staff accounts (issue 09): outside `people`, so every draw of the world stays as it was.
  const staff: Person[] = STAFF.map((content) => ({
    id: newId(),
    content,
    email: content.email,
    isDemo: false,
    createdAt: at(nowMs - 140 * DAY),
    pool: [],
    communities: [],
  }));

  // ---- communities and memberships
  const communityRows = COMMUNITIES.map((c, i) => ({
    id: newId(),
    content: c,
    createdAt: at(nowMs - (130 - i) * DAY),
  }));
  const memberRows: Row<typeof communityMembers>[] = [];
  for (const p of people) {
    const n = p.isDemo ? 6 : rng.int(3, 7);
    const picks = p.isDemo ? communityRows.slice(0, 6) : rng.shuffle(communityRows).slice(0, n);
    for (const c of picks) {
      p.communities.push(c.id);
      memberRows.push({
        communityId: c.id,
        userId: p.id,
        createdAt: between(new Date(Math.max(p.createdAt.getTime(), c.createdAt.getTime())), 3),
      });
    }
  }
  // Every community has members (the founders' circle, if chance left one empty).
  for (const c of communityRows) {
    if (!memberRows.some((m) => m.communityId === c.id)) {
      const p = people[1 + rng.int(0, people.length - 2)]!;
      p.communities.push(c.id);
      memberRows.push({ communityId: c.id, userId: p.id, createdAt: between(p.createdAt, 3) });
    }
  }

  // ---- follows
  const followKeys = new Set<string>();
  const followRows: Row<typeof userFollows>[] = [];
  const follow = (a: Person, b: Person) => {
    const k = `${a.id}:${b.id}`;
    if (a === b || followKeys.has(k)) return;
    followKeys.add(k);
    followRows.push({
      followerId: a.id,
      followeeId: b.id,
      createdAt: between(new Date(Math.max(a.createdAt.getTime(), b.createdAt.getTime())), 2),
    });
  };
  for (const p of people) {
    const n = p.isDemo ? 8 : rng.int(4, 9);
    for (const q of rng.shuffle(people.filter((x) => x !== p)).slice(0, n)) follow(p, q);
  }
  for (const q of rng.shuffle(people.slice(1)).slice(0, 10)) follow(q, demo);

  // ---- files: render and store in parallel
  const fixtures = path.join(resolveFixturesDir(), 'video');
  let images = 0;
  let videos = 0;
  const saveArt = async (prefix: string, art: Art, maxWidth?: 640 | 1280) => {
    const saved = await storeArt(storage, prefix, art, { maxWidth });
    images++;
    return saved;
  };
  // Post images get what post uploads get: the 800 px variant and AVIF beside the WebP.
  const savePostArt = async (prefix: string, art: Art) => {
    const saved = await storeArt(storage, prefix, art, { responsive: true });
    images++;
    return saved;
  };
  const saveClip = async (prefix: string, clip: VideoFixture): Promise<StoredVideo> => {
    const [video, thumbnail] = await Promise.all([
      readFile(path.join(fixtures, clip.file)),
      readFile(path.join(fixtures, clip.thumbnail)),
    ]);
    const saved = await saveVideoUpload(storage, { prefix, video, thumbnail });
    videos++;
    images++;
    return { key: saved.key, thumbnail: fromSavedImage(saved.thumbnail), clip };
  };

  const jobs: Array<() => Promise<void>> = [];
  for (const p of people) {
    const profile = uploadPrefix('user-profile-images', p.id);
    const postsPrefix = uploadPrefix('post-images', p.id);
    jobs.push(async () => {
      p.avatar = await saveArt(
        profile,
        await avatarArt(p.content.username, initialsOf(p.content.name)),
        640,
      );
    });
    jobs.push(async () => {
      // Drawn at the widest variant's size: uploads keep no original.
      p.banner = await saveArt(
        profile,
        await bannerArt(p.content.username, { width: 1280, height: 427 }),
      );
    });
    const poolSize = ARTISTS.has(p.content.username) ? 5 : 2;
    const pool: Array<{ seed: string; size: [number, number]; title?: string }> = [];
    for (let i = 0; i < poolSize; i++) {
      pool.push({
        seed: `${p.content.username}-${i}`,
        size: rng.pick(POST_SIZES),
        title: rng.chance(0.35) ? rng.pick(ART_TITLES) : undefined,
      });
    }
    pool.forEach((spec, i) =>
      jobs.push(async () => {
        p.pool[i] = await savePostArt(
          postsPrefix,
          await postArt(spec.seed, {
            width: spec.size[0],
            height: spec.size[1],
            title: spec.title,
          }),
        );
      }),
    );
    if (GIF_OWNERS.includes(p.content.username)) {
      jobs.push(async () => {
        p.gif = await savePostArt(postsPrefix, await gifArt(p.content.username));
      });
    }
    const clip = VIDEO_FIXTURES.find((c) => c.owner === p.content.username);
    if (clip) {
      jobs.push(async () => {
        p.video = await saveClip(uploadPrefix('post-videos', p.id), clip);
      });
    }
  }
  for (const p of staff) {
    const profile = uploadPrefix('user-profile-images', p.id);
    jobs.push(async () => {
      p.avatar = await saveArt(
        profile,
        await avatarArt(p.content.username, initialsOf(p.content.name)),
        640,
      );
    });
    jobs.push(async () => {
      p.banner = await saveArt(
        profile,
        await bannerArt(p.content.username, { width: 1280, height: 427 }),
      );
    });
  }
  const communityImages = new Map<string, StoredImage>();
  for (const c of communityRows) {
    jobs.push(async () => {
      communityImages.set(
        c.id,
        await saveArt(
          `communities/${c.id}`,
          await communityArt(c.content.slug, c.content.name, { size: 800 }),
        ),
      );
    });
  }
  const linkPlans = LINKS.map((l) => {
    const url = normalizeUrl(l.url);
    if (!url) throw new Error(`Bad demo link ${l.url}`);
    return {
      content: l,
      href: url.href,
      hash: urlHash(url),
      image: undefined as StoredImage | undefined,
    };
  });
  for (const l of linkPlans) {
    jobs.push(async () => {
      // Stored where the link-preview service stores page images.
      l.image = await saveArt(
        `link-previews/${l.hash.slice(0, 2)}`,
        await postArt(`link-${l.hash}`, { width: 640, height: 336, title: l.content.siteName }),
        640,
      );
    });
  }
  // Media: covers, banners, volume covers, every page of every issue, episode clips once.
  const mediaPlans = MEDIA.map((m) => {
    const episodes = m.episodes ?? [];
    let createdAt: Date;
    let episodeDates: Date[] = [];
    if (episodes.length > 0) {
      // A release every 5–8 days, the latest within the last week; series interleave.
      const latest = nowMs - rng.range(0.3, 6.5) * DAY;
      const every = rng.range(5, 8) * DAY;
      episodeDates = episodes.map((_, i) =>
        at(latest - (episodes.length - 1 - i) * every - rng.range(0, 0.4) * DAY),
      );
      createdAt = at(episodeDates[0]!.getTime() - rng.range(1, 6) * DAY);
    } else {
      createdAt = at(nowMs - rng.range(20, 110) * DAY);
    }
    // Issues numbered through the series; a manga issue has one double-page spread.
    const issues: IssuePlan[] = [];
    const addIssue = (content: MangaIssueContent, volume: number | null) =>
      issues.push({
        content,
        volume,
        number: issues.length + 1,
        spreadAt: m.kind === 'manga' ? Math.ceil(content.pages / 2) + 1 : null,
        pages: [],
      });
    (m.volumes ?? []).forEach((v, i) => v.issues.forEach((issue) => addIssue(issue, i)));
    (m.issues ?? []).forEach((issue) => addIssue(issue, null));
    return {
      id: newId(),
      content: m,
      createdAt,
      episodeDates,
      issues,
      cover: undefined as StoredImage | undefined,
      banner: undefined as StoredImage | undefined,
      volumeCovers: [] as StoredImage[],
    };
  });
  const mediaClips: StoredVideo[] = [];
  const pageJobs: Array<() => Promise<void>> = [];
  for (const m of mediaPlans) {
    const prefix = `media/${m.id}`;
    jobs.push(async () => {
      m.cover = await saveArt(prefix, await mediaCoverArt(m.content.title, m.content.title));
    });
    jobs.push(async () => {
      m.banner = await saveArt(
        prefix,
        await bannerArt(`media-${m.content.title}`, { width: 1280, height: 427 }),
      );
    });
    (m.content.volumes ?? []).forEach((v, i) =>
      jobs.push(async () => {
        m.volumeCovers[i] = await saveArt(
          prefix,
          await mediaCoverArt(`${m.content.title}-${i + 1}`, `${v.title}`),
        );
      }),
    );
    // Every page its own picture, stored once at its web size (≤ 1280 px wide).
    for (const issue of m.issues) {
      for (let n = 1; n <= issue.content.pages; n++) {
        pageJobs.push(async () => {
          const art = await mangaPageArt(`${m.content.title}:${issue.number}`, n, {
            ...(n === issue.spreadAt ? SPREAD_SIZE : PAGE_SIZE),
            title: m.content.title,
          });
          issue.pages[n - 1] = await storeArt(storage, prefix, art, { widestOnly: true });
          images++;
        });
      }
    }
  }
  // The pages last: the many small jobs even out the two render lanes at the end.
  jobs.push(...pageJobs);
  EPISODE_CLIPS.forEach((clip, i) =>
    jobs.push(async () => {
      mediaClips[i] = await saveClip('media/videos', clip);
    }),
  );
  const shopPlans = SHOP_ITEMS.map((item) => ({
    id: newId(),
    content: item,
    seller: person(rng.pick(SELLERS)),
    createdAt: at(nowMs - rng.range(1, 55) * DAY),
    image: undefined as StoredImage | undefined,
  }));
  for (const s of shopPlans) {
    jobs.push(async () => {
      s.image = await saveArt(
        `shop/${s.id}`,
        await shopItemArt(s.content.name, s.content.name, { kind: s.content.kind }),
      );
    });
  }
  log(`rendering and storing ${jobs.length} files…`);
  await mapLimit(jobs, renderConcurrency(), (job) => job());
  log(
    `files stored in ${((Date.now() - t0) / 1000).toFixed(1)} s (${images} images, ${videos} videos)`,
  );

  // ---- posts
  interface PostPlan {
    row: Row<typeof posts>;
    images: StoredImage[];
    author: Person;
  }
  const postPlans: PostPlan[] = [];
  const communityById = new Map(communityRows.map((c) => [c.id, c]));
  const titles = new TitleBag(GENERIC_PICTURE_TITLES);
  const videoTitles = new TitleBag(GENERIC_VIDEO_TITLES);
  const textBag = [...GENERIC_TEXT_POSTS];
  const textUsed = new Map<string, number>();
  let genericText = 0;
  let gifIndex = 0;
  // The demo account writes a few posts of its own, of several types.
  const demoPosts: Array<keyof typeof POST_PLAN> = [
    'text',
    'text',
    'image',
    'image',
    'multi',
    'url',
    'text',
    'image',
  ];
  const authorFor = (kind: keyof typeof POST_PLAN, i: number): Person => {
    if (i < demoPosts.filter((k) => k === kind).length) return demo;
    switch (kind) {
      case 'multi':
        return person(rng.pick([...ARTISTS].filter((u) => u !== 'demo')));
      case 'gif':
        return person(GIF_OWNERS[i % GIF_OWNERS.length]!);
      case 'video':
        return person(VIDEO_FIXTURES[i % VIDEO_FIXTURES.length]!.owner);
      default:
        return people[1 + rng.int(0, people.length - 2)]!;
    }
  };
  const base = (
    author: Person,
    type: number,
    title: string,
    body = '',
    communityId?: string,
  ): Row<typeof posts> => {
    const createdAt = at(nowMs - SPAN_DAYS * DAY * rng.next() ** 1.3 - rng.range(0, 3_600_000));
    return {
      id: newId(),
      userId: author.id,
      communityId: communityId ?? rng.pick(author.communities),
      type,
      title,
      body,
      nsfw: false,
      spoiler: type === POST_TYPES.text && /spoiler/i.test(title),
      createdAt,
      updatedAt: createdAt,
    };
  };
  for (const kind of Object.keys(POST_PLAN) as Array<keyof typeof POST_PLAN>) {
    for (let i = 0; i < POST_PLAN[kind]; i++) {
      const author = authorFor(kind, i);
      const communityId = rng.pick(author.communities);
      const community = communityById.get(communityId)!.content;
      if (kind === 'text') {
        const used = textUsed.get(communityId) ?? 0;
        textUsed.set(communityId, used + 1);
        const own = community.textPosts[used];
        const generic = own ?? textBag[genericText++ % textBag.length]!;
        postPlans.push({
          author,
          images: [],
          row: base(author, POST_TYPES.text, generic.title, generic.body, communityId),
        });
      } else if (kind === 'image' || kind === 'multi') {
        const n = kind === 'multi' ? rng.int(2, Math.min(5, author.pool.length)) : 1;
        const picks = rng.shuffle(author.pool).slice(0, n);
        const title = titles.next(community.pictureTitles, communityId);
        postPlans.push({
          author,
          images: picks,
          row: base(author, POST_TYPES.image, title, '', communityId),
        });
      } else if (kind === 'gif') {
        const title = GIF_TITLES[gifIndex++ % GIF_TITLES.length]!;
        postPlans.push({
          author,
          images: [author.gif!],
          row: base(author, POST_TYPES.gif, title, '', communityId),
        });
      } else if (kind === 'video') {
        const v = author.video!;
        const row = base(
          author,
          POST_TYPES.video,
          videoTitles.next(community.videoTitles, communityId),
          '',
          communityId,
        );
        Object.assign(row, {
          videoKey: v.key,
          thumbnailKey: v.thumbnail.key,
          videoWidth: v.clip.width,
          videoHeight: v.clip.height,
        });
        postPlans.push({ author, images: [], row });
      } else {
        const link = linkPlans[i % linkPlans.length]!;
        const second = i >= linkPlans.length;
        const row = base(
          author,
          POST_TYPES.url,
          second ? `Worth reading: ${link.content.title}` : link.content.postTitle,
          second ? '' : link.content.postBody,
          communityId,
        );
        Object.assign(row, {
          url: link.href,
          urlTitle: link.content.title,
          urlImageKey: link.image!.key,
          urlSiteName: link.content.siteName,
        });
        postPlans.push({ author, images: [], row });
      }
    }
  }
  postPlans.sort((a, b) => a.row.createdAt!.getTime() - b.row.createdAt!.getTime());

  const imageRows: Row<typeof postImages>[] = postPlans.flatMap((p) =>
    p.images.map((img, position) => ({
      postId: p.row.id!,
      position,
      key: img.w640Key,
      largeKey: img.w1280Key,
      variants: img.variants,
      width: img.width,
      height: img.height,
      placeholder: img.placeholder,
    })),
  );

  // ---- likes and comments on posts
  const postLikeRows: Row<typeof postLikes>[] = [];
  const commentRows: Row<typeof comments>[] = [];
  const commentLikeRows: Row<typeof commentLikes>[] = [];
  const likeCount = new Map<string, number>();
  const commentCount = new Map<string, number>();
  const commentLikeCount = new Map<string, number>();
  let replies = 0;
  const addCommentLikes = (commentId: string, authorId: string, createdAt: Date, max: number) => {
    const n = Math.floor(rng.next() ** 2 * (max + 1));
    const likers = rng.shuffle(people.filter((p) => p.id !== authorId)).slice(0, n);
    for (const p of likers)
      commentLikeRows.push({ userId: p.id, commentId, createdAt: between(createdAt, 2) });
    commentLikeCount.set(commentId, likers.length);
  };
  const addThread = (
    target: { postId?: string; mediaId?: string },
    ownerId: string | undefined,
    start: Date,
    n: number,
    lines: readonly string[],
  ): number => {
    const thread: Array<{ id: string; userId: string }> = [];
    let t = start.getTime();
    for (let k = 0; k < n; k++) {
      t += rng.range(2, 240) * 60_000 * (k + 1);
      const createdAt = at(Math.min(t, nowMs - 60_000));
      const parent = thread.length > 0 && rng.chance(0.35) ? rng.pick(thread) : undefined;
      const replier =
        parent && ownerId && parent.userId !== ownerId && rng.chance(0.5)
          ? people.find((p) => p.id === ownerId)!
          : rng.pick(people.filter((p) => p.id !== parent?.userId));
      const id = newId();
      commentRows.push({
        id,
        ...target,
        userId: replier.id,
        replyToId: parent?.id ?? null,
        replyingUserId: parent?.userId ?? null,
        body: parent ? rng.pick(REPLY_LINES) : rng.pick(lines),
        createdAt,
      });
      if (parent) replies++;
      thread.push({ id, userId: replier.id });
      addCommentLikes(id, replier.id, createdAt, 5);
    }
    return n;
  };
  for (const p of postPlans) {
    const postId = p.row.id!;
    const bonus = p.images.length > 0 || p.row.type === POST_TYPES.video ? 4 : 0;
    const n = Math.min(people.length - 1, Math.floor(rng.next() ** 1.6 * (16 + bonus)));
    const likers = rng.shuffle(people.filter((q) => q !== p.author)).slice(0, n);
    for (const q of likers)
      postLikeRows.push({ userId: q.id, postId, createdAt: between(p.row.createdAt!, 3) });
    likeCount.set(postId, likers.length);
    const c = Math.floor(rng.next() ** 1.5 * 8);
    commentCount.set(
      postId,
      addThread({ postId }, p.author.id, p.row.createdAt!, c, COMMENT_LINES),
    );
  }
  const postCommentTotal = commentRows.length;

  // ---- media library
  const mediaRows: Row<typeof media>[] = [];
  const episodeRows: Row<typeof mediaEpisodes>[] = [];
  const volumeRows: Row<typeof mediaVolumes>[] = [];
  const issueRows: Row<typeof mediaIssues>[] = [];
  const pageRows: Row<typeof mediaPages>[] = [];
  const mediaLikeRows: Row<typeof mediaLikes>[] = [];
  const mediaViewRows: Row<typeof mediaViews>[] = [];
  const watchRows: Row<typeof mediaWatchProgress>[] = [];
  const readRows: Row<typeof mediaReadProgress>[] = [];
  /** Latest view time per user and episode (or entry): one view per user per episode per hour. */
  const viewTimes = new Map<string, number[]>();
  const addView = (
    mediaId: string,
    episodeId: string | null,
    userId: string | null,
    createdAt: Date,
  ): boolean => {
    if (userId) {
      const key = `${userId}:${episodeId ?? mediaId}`;
      const times = viewTimes.get(key) ?? [];
      const t = createdAt.getTime();
      if (times.some((other) => Math.abs(other - t) < MEDIA_RULES.viewWindowMs)) return false;
      times.push(t);
      viewTimes.set(key, times);
    }
    mediaViewRows.push({ id: newId(), mediaId, episodeId, userId, createdAt });
    return true;
  };
  for (const m of mediaPlans) {
    const episodes: Array<{ id: string; createdAt: Date; durationSeconds: number }> = [];
    (m.content.episodes ?? []).forEach((title, i) => {
      const clip = mediaClips[(i + mediaPlans.indexOf(m)) % mediaClips.length]!;
      const id = newId();
      const createdAt = m.episodeDates[i]!;
      episodes.push({ id, createdAt, durationSeconds: clip.clip.durationSeconds });
      episodeRows.push({
        id,
        mediaId: m.id,
        number: i + 1,
        title,
        videoKey: clip.key,
        thumbnailKey: clip.thumbnail.key,
        durationSeconds: clip.clip.durationSeconds,
        createdAt,
      });
    });
    const volumeIds = (m.content.volumes ?? []).map((v, i) => {
      const id = newId();
      volumeRows.push({
        id,
        mediaId: m.id,
        number: i + 1,
        title: v.title,
        coverKey: m.volumeCovers[i]!.key,
      });
      return id;
    });
    const issueIds: string[] = [];
    for (const issue of m.issues) {
      const id = newId();
      issueIds.push(id);
      issueRows.push({
        id,
        mediaId: m.id,
        volumeId: issue.volume === null ? null : volumeIds[issue.volume]!,
        number: issue.number,
        title: issue.content.title,
      });
      issue.pages.forEach((img, i) =>
        pageRows.push({
          id: newId(),
          issueId: id,
          pageNumber: i + 1,
          imageKey: img.key,
          width: img.width,
          height: img.height,
        }),
      );
    }

    // The demo account's progress: episode 1 watched, 40 % into episode 2; issue 1 read,
    // on page 4 of issue 2. Watching counted views, as the player would have.
    let views = 0;
    if (m.content.title === DEMO_WATCHING) {
      const [first, second] = episodes;
      if (!first || !second) throw new Error(`${DEMO_WATCHING} needs two episodes`);
      const watchedAt = at(nowMs - 2 * DAY - rng.range(0, 0.5) * DAY);
      const resumedAt = at(nowMs - rng.range(3, 9) * 3_600_000);
      watchRows.push(
        {
          userId: demo.id,
          episodeId: first.id,
          mediaId: m.id,
          positionSeconds: first.durationSeconds,
          watched: true,
          updatedAt: watchedAt,
        },
        {
          userId: demo.id,
          episodeId: second.id,
          mediaId: m.id,
          positionSeconds: Math.round(second.durationSeconds * DEMO_EPISODE_2_FRACTION),
          watched: false,
          updatedAt: resumedAt,
        },
      );
      if (addView(m.id, first.id, demo.id, watchedAt)) views++;
      if (addView(m.id, second.id, demo.id, resumedAt)) views++;
    }
    if (m.content.title === DEMO_READING) {
      const [first, second] = m.issues;
      if (!first || !second) throw new Error(`${DEMO_READING} needs two issues`);
      const finishedAt = at(nowMs - 3 * DAY - rng.range(0, 0.5) * DAY);
      readRows.push(
        {
          userId: demo.id,
          issueId: issueIds[0]!,
          mediaId: m.id,
          page: first.content.pages,
          finished: true,
          updatedAt: finishedAt,
        },
        {
          userId: demo.id,
          issueId: issueIds[1]!,
          mediaId: m.id,
          page: Math.min(DEMO_ISSUE_2_PAGE, second.content.pages),
          finished: false,
          updatedAt: at(finishedAt.getTime() + rng.range(2, 20) * 3_600_000),
        },
      );
    }

    const likers = rng.shuffle(people).slice(0, rng.int(3, 16));
    for (const p of likers)
      mediaLikeRows.push({ userId: p.id, mediaId: m.id, createdAt: between(m.createdAt, 2) });
    const wanted = rng.int(10, 60);
    for (let v = 0; v < wanted; v++) {
      const episode = episodes.length ? rng.pick(episodes) : null;
      const userId = rng.chance(0.8) ? rng.pick(people).id : null;
      // A view that would break the one-per-hour rule is drawn again (a few tries).
      for (let attempt = 0; attempt < 4; attempt++) {
        if (
          addView(m.id, episode?.id ?? null, userId, between(episode?.createdAt ?? m.createdAt, 1))
        ) {
          views++;
          break;
        }
      }
    }
    const before = commentRows.length;
    addThread({ mediaId: m.id }, undefined, m.createdAt, rng.int(3, 6), MEDIA_COMMENT_LINES);
    mediaRows.push({
      id: m.id,
      kind: m.content.kind,
      title: m.content.title,
      about: m.content.about,
      author: m.content.author,
      bannerKey: m.banner!.key,
      imageKey: m.cover!.key,
      language: m.content.language,
      keywords: [...m.content.keywords],
      readingDirection: m.content.readingDirection,
      nsfw: false,
      likeCount: likers.length,
      viewCount: views,
      commentCount: commentRows.length - before,
      createdAt: m.createdAt,
    });
  }
  for (const c of commentRows) c.likeCount = commentLikeCount.get(c.id!) ?? 0;

  // ---- shop
  const shopRows: Row<typeof shopItems>[] = [];
  const shopLikeRows: Row<typeof shopLikes>[] = [];
  for (const s of shopPlans) {
    const likers = rng
      .shuffle(people.filter((p) => p !== s.seller))
      .slice(0, Math.floor(rng.next() ** 1.4 * 13));
    for (const p of likers)
      shopLikeRows.push({ userId: p.id, itemId: s.id, createdAt: between(s.createdAt, 2) });
    shopRows.push({
      id: s.id,
      sellerId: s.seller.id,
      name: s.content.name,
      about: s.content.about,
      condition: s.content.condition,
      priceCents: s.content.priceCents,
      shippingCents: s.content.shippingCents,
      quantity: s.content.quantity,
      imageKey: s.image!.key,
      likeCount: likers.length,
      createdAt: s.createdAt,
      updatedAt: s.createdAt,
    });
  }

  // ---- moderation, audit log, notifications (issue 09)
  const moderation = planModerationWorld({
    now,
    people,
    staff,
    posts: postPlans.map((p) => p.row),
    comments: commentRows,
    postLikes: postLikeRows,
    follows: followRows,
    shopItems: shopRows,
    taxRateBps: 800,
  });

  // ---- counters of people and communities
  const count = <T>(rows: readonly T[], key: (r: T) => string) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return m;
  };
  const postsByUser = count(postPlans, (p) => p.row.userId);
  const postsByCommunity = count(postPlans, (p) => p.row.communityId);
  const membersByCommunity = count(memberRows, (m) => m.communityId);
  const followers = count(followRows, (f) => f.followeeId);
  const following = count(followRows, (f) => f.followerId);
  for (const p of postPlans) {
    p.row.likeCount = likeCount.get(p.row.id!) ?? 0;
    p.row.commentCount = commentCount.get(p.row.id!) ?? 0;
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userRows: Row<typeof users>[] = [...people, ...staff].map((p) => {
    const date = parseBirthday(p.content.birthday);
    if (!date) throw new Error(`Bad demo birthday ${p.content.birthday}`);
    return {
      id: p.id,
      name: p.content.name,
      email: p.email,
      emailVerified: true,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
      username: p.content.username.toLowerCase(),
      displayUsername: p.content.username,
      role: p.content.role ?? 'user',
      bio: p.content.bio,
      birthday: formatBirthday(date),
      birthDate: `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`,
      profileImageKey: p.avatar!.key,
      bannerImageKey: p.banner!.key,
      eulaAcceptedAt: p.createdAt,
      postCount: postsByUser.get(p.id) ?? 0,
      followerCount: followers.get(p.id) ?? 0,
      followingCount: following.get(p.id) ?? 0,
    };
  });
  // One hash for every demo account (same password; hashing is deliberately slow).
  const accountRows: Row<typeof accounts>[] = [...people, ...staff].map((p) => ({
    id: newId(),
    accountId: p.id,
    providerId: 'credential',
    userId: p.id,
    password: passwordHash,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  }));
  const communityInsert: Row<typeof communities>[] = communityRows.map((c) => {
    const img = communityImages.get(c.id)!;
    return {
      id: c.id,
      name: c.content.name,
      slug: c.content.slug,
      about: c.content.about,
      imageKey: img.key,
      thumbnailKey: img.w640Key,
      memberCount: membersByCommunity.get(c.id) ?? 0,
      postCount: postsByCommunity.get(c.id) ?? 0,
      createdAt: c.createdAt,
    };
  });
  const previewRows: Row<typeof linkPreviews>[] = linkPlans.map((l) => ({
    urlHash: l.hash,
    url: l.href,
    title: l.content.title,
    description: l.content.description,
    siteName: l.content.siteName,
    imageKey: l.image!.key,
    status: 'ok',
    fetchedAt: now,
  }));

  // ---- write
  const t1 = Date.now();
  await db.transaction(async (tx) => {
    const put = async <T extends PgTable>(table: T, rows: Row<T>[], size = 500) => {
      for (const part of chunks(rows, size)) await tx.insert(table).values(part);
    };
    await put(users, userRows);
    await put(accounts, accountRows);
    await put(communities, communityInsert);
    await put(communityMembers, memberRows);
    await put(userFollows, followRows);
    await put(linkPreviews, previewRows);
    await put(
      posts,
      postPlans.map((p) => p.row),
    );
    await put(postImages, imageRows);
    await put(postLikes, postLikeRows);
    await put(media, mediaRows);
    await put(mediaEpisodes, episodeRows);
    await put(mediaVolumes, volumeRows);
    await put(mediaIssues, issueRows);
    await put(mediaPages, pageRows);
    await put(mediaLikes, mediaLikeRows);
    await put(mediaViews, mediaViewRows);
    await put(mediaWatchProgress, watchRows);
    await put(mediaReadProgress, readRows);
    await put(comments, commentRows);
    await put(commentLikes, commentLikeRows);
    await put(shopItems, shopRows);
    await put(shopLikes, shopLikeRows);
    await put(orders, moderation.orders);
    await put(orderItems, moderation.orderItems);
    await put(reports, moderation.reports);
    await put(auditLog, moderation.auditLog);
    await put(notifications, moderation.notifications);
    await put(notificationActors, moderation.notificationActors);
  });
  log(`rows written in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  // The spoiler shield's series communities, tagged posts and everyone's progress marks (issue 12).
  const spoilers = await seedSpoilerWorld({
    db,
    storage,
    now,
    demoId: demo.id,
    peopleIds: people.filter((p) => p !== demo).map((p) => p.id),
  });
  // Comments pinned to moments of episodes and to manga pages (issue 12, docs/moments.md).
  const moments = await seedMomentsWorld({
    db,
    now,
    peopleIds: people.filter((p) => p !== demo).map((p) => p.id),
  });
  // Merch on the series: items tagged with series and communities, volumes on sale, one owned (issue 12).
  const merch = await seedMerchWorld({ db, now, demoId: demo.id, taxRateBps: 800 });
  // Fresh tables have no planner statistics (PGlite never gathers them on its own).
  const t2 = Date.now();
  await analyzeAll(db);
  log(`statistics gathered (ANALYZE) in ${((Date.now() - t2) / 1000).toFixed(1)} s`);

  const byType = (type: number) => postPlans.filter((p) => p.row.type === type).length;
  const counts: DemoCounts = {
    users: userRows.length,
    accounts: accountRows.length,
    communities: communityInsert.length + spoilers.communities,
    communityMembers: memberRows.length + spoilers.communityMembers,
    follows: followRows.length,
    posts: postPlans.length + spoilers.posts,
    postsByType: {
      text: byType(POST_TYPES.text) + spoilers.posts,
      image: byType(POST_TYPES.image),
      video: byType(POST_TYPES.video),
      gif: byType(POST_TYPES.gif),
      url: byType(POST_TYPES.url),
    },
    multiImagePosts: postPlans.filter((p) => p.images.length > 1).length,
    postImages: imageRows.length,
    postLikes: postLikeRows.length,
    linkPreviews: previewRows.length,
    comments: commentRows.length + spoilers.comments + moments.comments,
    replies,
    mediaComments: commentRows.length - postCommentTotal + moments.comments,
    commentLikes: commentLikeRows.length,
    media: mediaRows.length,
    mediaEpisodes: episodeRows.length,
    mediaVolumes: volumeRows.length,
    mediaIssues: issueRows.length,
    mediaPages: pageRows.length,
    mediaLikes: mediaLikeRows.length,
    mediaViews: mediaViewRows.length,
    mediaWatchProgress: watchRows.length + spoilers.mediaWatchProgress,
    mediaReadProgress: readRows.length,
    shopItems: shopRows.length + merch.shopItems,
    shopLikes: shopLikeRows.length,
    staff: staff.length,
    reports: moderation.reports.length,
    openCases: moderation.openCases,
    auditLog: moderation.auditLog.length,
    notifications: moderation.notifications.length,
    notificationActors: moderation.notificationActors.length,
    orders: moderation.orders.length + merch.orders,
    images: images + spoilers.images,
    videos,
  };
  log(
    `${counts.users} people, ${counts.communities} communities, ${counts.posts} posts, ${counts.comments} comments, ` +
      `${counts.media} media entries, ${counts.shopItems} shop items in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { demoEmail: DEMO_EMAIL, demoPassword: DEMO_PASSWORD, staff: DEMO_STAFF, counts };
}
