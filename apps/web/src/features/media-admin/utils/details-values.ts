import {
  MEDIA_RULES,
  type CreateMediaInput,
  type Media,
  type MediaKind,
  type ReadingDirection,
  type UpdateMediaInput,
} from '@otakura/shared';

/** The details form's fields: keywords are typed comma-separated, the language may be blank. */
export interface DetailsValues {
  kind: MediaKind;
  title: string;
  author: string;
  about: string;
  language: string;
  keywords: string;
  readingDirection: ReadingDirection;
  nsfw: boolean;
}

export const DETAILS_FIELDS = [
  'kind',
  'title',
  'author',
  'about',
  'language',
  'keywords',
  'readingDirection',
  'nsfw',
] as const;

/** `"isekai, mecha,, slice of life "` → `['isekai', 'mecha', 'slice of life']`. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,、，]/)
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** Manga read right to left by default; sequences and videos left to right. */
export function defaultDirection(kind: MediaKind): ReadingDirection {
  return kind === 'manga' ? 'rtl' : 'ltr';
}

export function emptyDetails(kind: MediaKind = 'video'): DetailsValues {
  return {
    kind,
    title: '',
    author: '',
    about: '',
    language: '',
    keywords: '',
    readingDirection: defaultDirection(kind),
    nsfw: false,
  };
}

export function detailsOf(media: Media): DetailsValues {
  return {
    kind: media.kind,
    title: media.title,
    author: media.author,
    about: media.about,
    language: media.language ?? '',
    keywords: media.keywords.join(', '),
    readingDirection: media.readingDirection,
    nsfw: media.nsfw,
  };
}

/** What `POST /admin/media` is sent (checked by the shared schema before it goes). */
export function createInputOf(v: DetailsValues): CreateMediaInput {
  return {
    kind: v.kind,
    title: v.title,
    author: v.author,
    about: v.about,
    language: v.language.trim() || null,
    nsfw: v.nsfw,
    keywords: splitKeywords(v.keywords),
    ...(v.kind === 'video' ? {} : { readingDirection: v.readingDirection }),
  };
}

/** What `PATCH /admin/media/:id` is sent: every editable field (the kind never changes). */
export function updateInputOf(v: DetailsValues): UpdateMediaInput {
  const { kind: _kind, ...rest } = createInputOf(v);
  return rest as UpdateMediaInput;
}

export const DETAILS_LIMITS = MEDIA_RULES;
