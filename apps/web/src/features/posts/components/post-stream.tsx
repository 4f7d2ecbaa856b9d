import type { Post, PostPage } from '@otakura/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RotateCw } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import i18n from '@/lib/i18n';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { postQueryOptions } from '../api/get-post';
import { usePostsInfiniteQuery } from '../api/get-posts';
import { postKeys } from '../api/post-keys';
import type { PostSource } from '../api/post-source';
import { usePostModalRoute } from '../hooks/use-post-modal-route';
import { PostGrid } from './post-grid';
import { PostCard } from './post-card';
import type { PostModal as PostModalComponent } from './post-modal';
import './post-stream.css';
import './posts-shared.css';

/** Start loading the next page this far (px) before the end of the grid is reached. */
const PREFETCH_MARGIN_PX = 1200;
/** In the modal, fetch more when this close to the last loaded post. */
const MODAL_PREFETCH_POSTS = 3;
/** Cards this close to the screen count as on screen for live updates. */
const VISIBLE_MARGIN_PX = 200;
const VISIBLE_DEBOUNCE_MS = 250;

/*
 * The post modal (with the post's detail view) is not part of a stream's first load: it is
 * fetched (with its words) once the browser is idle after the first cards show, or on the first
 * open if that comes sooner (a shared `?post=` link). docs/web.md, "Bundle and code splitting".
 */
type PostModalModule = { PostModal: typeof PostModalComponent };
let postModalModule: PostModalModule | undefined;
const importPostModal = () =>
  import('./post-modal').then((m) => {
    postModalModule = m;
    return m;
  });
type LazyPostModal = { default: PostModalModule['PostModal'] };
const PostModal = lazy(() => {
  const ready = postModalModule;
  // Fetched already: a thenable that settles at once, so opening does not suspend for a tick
  // (React and Preact both read a lazy component that resolved synchronously).
  if (ready) {
    const now: PromiseLike<LazyPostModal> = {
      then: (done) => Promise.resolve(done?.({ default: ready.PostModal })) as never,
    };
    return now as Promise<LazyPostModal>;
  }
  return importPostModal().then((m) => ({ default: m.PostModal }));
});

/** Set once a stream has shown its cards in this document (see `progressiveFirstCards`). */
let streamShownBefore = false;

/**
 * Whether a stream that has its posts at its first render should render them progressively
 * (PostGrid `progressive`): only the document's first stream on a fresh load, where the page
 * opens at the top. Coming back to a stream (Back, a reload) restores a scroll position, which
 * needs every card there at once.
 */
function progressiveFirstCards(): boolean {
  if (streamShownBefore || typeof performance === 'undefined') return false;
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  // A plain navigation opens at the top (the feed has no anchors); `scrollY` is not asked, it
  // would force a layout inside the render (lib/viewport.ts).
  return navigation?.type === 'navigate';
}

/** Runs `task` when the browser is idle (at the latest after 2 s); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

export interface PostStreamProps {
  source: PostSource;
  /** Accessible name of the grid (the ARIA feed). */
  label: string;
  /** Shown when the source has no posts. */
  empty?: ReactNode;
  /** The comments panel of the post open in the modal (composed by the app). */
  renderComments?: (post: Post) => ReactNode;
  /** The signed-in user's id (authors can delete their posts). */
  viewerId?: string | null;
  /** The modal closed on this post (the app may clear its comments). */
  onModalClose?: (postId: string) => void;
  /**
   * The posts on (or near) the screen, and the one open in the modal, changed: the app watches
   * their live topics (`post:{id}`).
   */
  onVisiblePostIdsChange?: (postIds: string[]) => void;
  /**
   * The modal's neighbours (previous and next post) are about to be shown: the app may warm what
   * it composes into the modal for them (their first comments page).
   */
  onPrefetchPost?: (post: Post) => void;
}

/** Pages flattened, each post once (a liked post can move between `top` pages). */
function flatten(pages: PostPage[] | undefined): Post[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of pages) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/**
 * A stream of post cards from one source (the feed's tabs, a community, a user): the grid,
 * infinite scroll with skeletons, empty and error states, and the post modal over it.
 */
export function PostStream({
  source,
  label,
  empty,
  renderComments,
  viewerId,
  onModalClose,
  onVisiblePostIdsChange,
  onPrefetchPost,
}: PostStreamProps) {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const query = usePostsInfiniteQuery(source);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const posts = useMemo(() => flatten(query.data?.pages), [query.data]);

  /* ---------- Cards rendered a few per task (PostGrid `progressive`) ---------- */
  // Posts that arrive after the stream showed its skeletons come progressively; so do those of
  // the document's first stream on a fresh load (its data was fetched beside the page's code).
  const [progressive, setProgressive] = useState(() => query.isPending || progressiveFirstCards());
  if (query.isPending && !progressive) setProgressive(true);
  const [renderedCount, setRenderedCount] = useState(0);
  const allRendered = renderedCount >= posts.length;
  useEffect(() => {
    if (posts.length > 0) streamShownBefore = true;
  }, [posts.length]);

  /* ---------- Infinite scroll ---------- */
  const sentinel = useRef<HTMLDivElement>(null);
  const pageCount = query.data?.pages.length ?? 0;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError && allRendered;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    // A new observer per page: it reports at once, so a tall screen keeps filling itself.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${PREFETCH_MARGIN_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, fetchNextPage, pageCount]);

  /* ---------- Which cards are on screen (for live topics) ---------- */
  const gridRef = useRef<HTMLDivElement>(null);
  const [visibleIds, setVisibleIds] = useState<string[]>([]);
  const ids = useMemo(() => posts.map((p) => p.id).join(','), [posts]);
  useEffect(() => {
    const root = gridRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.postId;
          if (!id) continue;
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        clearTimeout(timer);
        timer = setTimeout(() => setVisibleIds([...visible].sort()), VISIBLE_DEBOUNCE_MS);
      },
      { rootMargin: `${VISIBLE_MARGIN_PX}px 0px` },
    );
    root.querySelectorAll('[data-post-id]').forEach((el) => observer.observe(el));
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [ids, renderedCount]);

  /* ---------- The modal ---------- */
  const modal = usePostModalRoute();
  // The post asked for by a click or a step, shown at once: the address changes in a router
  // transition that may render later (a busy phone), so the modal does not wait for it.
  const [requested, setRequested] = useState<{ id: string | null } | null>(null);
  const [routeId, setRouteId] = useState(modal.openId);
  if (routeId !== modal.openId) {
    setRouteId(modal.openId);
    // The address caught up, or went elsewhere on its own (Back closed the modal).
    if (requested && (modal.openId === requested.id || modal.openId === null)) setRequested(null);
  }
  const openId = requested ? requested.id : modal.openId;
  const openIndex = openId ? posts.findIndex((p) => p.id === openId) : -1;
  // Where the open post was last seen in the list: if it vanishes (deleted here or elsewhere),
  // the post that took its place is shown instead.
  const [seen, setSeen] = useState<{ id: string; index: number } | null>(null);
  if (openId && openIndex >= 0 && (seen?.id !== openId || seen.index !== openIndex)) {
    setSeen({ id: openId, index: openIndex });
  }
  const vanished = openId !== null && openIndex < 0 && seen?.id === openId;
  const shownIndex =
    openIndex >= 0
      ? openIndex
      : vanished && posts.length > 0
        ? Math.min(seen.index, posts.length - 1)
        : -1;
  // A post that was never in the loaded pages (a shared `?post=` link): fetched on its own.
  const single = useQuery({
    ...postQueryOptions(openId ?? '', queryClient),
    enabled: openId !== null && openIndex < 0 && !vanished && query.isSuccess,
  });
  const openPost =
    shownIndex >= 0 ? posts[shownIndex]! : openId && !vanished ? (single.data ?? null) : null;

  const openPostId = openPost?.id ?? null;

  // Mounted from the first open on (it keeps the last post for its closing animation).
  const modalUsed = useOpenedOnce(openPost !== null);
  const hasPosts = posts.length > 0;
  useEffect(() => {
    if (!hasPosts) return;
    return whenIdle(() => {
      void importPostModal();
      // The modal's Report button speaks the report dialog's words.
      void i18n.loadNamespaces('report');
    });
  }, [hasPosts]);
  const report = useEffectEvent((postIds: string[]) => onVisiblePostIdsChange?.(postIds));
  useEffect(() => {
    const all =
      openPostId && !visibleIds.includes(openPostId) ? [...visibleIds, openPostId] : visibleIds;
    report(all);
  }, [visibleIds, openPostId]);

  const stepTo = useCallback(
    (index: number) => {
      const next = posts[index];
      if (!next) return;
      setRequested({ id: next.id });
      modal.step(next.id);
      if (index >= posts.length - MODAL_PREFETCH_POSTS && hasNextPage && !isFetchingNextPage) {
        void fetchNextPage();
      }
    },
    [posts, modal, hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // Neighbours of the open post: their detail queries are seeded from the list (a step or the
  // post page shows them without a request) and the app warms their comments.
  const previousPost = shownIndex > 0 ? posts[shownIndex - 1] : undefined;
  const nextPost = shownIndex >= 0 ? posts[shownIndex + 1] : undefined;
  const prefetch = useEffectEvent((post: Post) => {
    if (queryClient.getQueryData(postKeys.detail(post.id)) === undefined) {
      queryClient.setQueryData(postKeys.detail(post.id), post, { updatedAt: query.dataUpdatedAt });
    }
    onPrefetchPost?.(post);
  });
  useEffect(() => {
    if (previousPost) prefetch(previousPost);
  }, [previousPost]);
  useEffect(() => {
    if (nextPost) prefetch(nextPost);
  }, [nextPost]);

  // Cards: memoised with a stable opener, so the modal's steps re-render none of them.
  const openRoute = modal.open;
  const openRouteRef = useRef(openRoute);
  useLayoutEffect(() => {
    openRouteRef.current = openRoute;
  });
  const openCard = useCallback((post: Post) => {
    setRequested({ id: post.id });
    openRouteRef.current(post.id);
  }, []);
  const setSize = hasNextPage ? -1 : posts.length;
  const renderPost = useCallback(
    (post: Post, index: number) => (
      <PostCard post={post} index={index} setSize={setSize} onOpen={openCard} />
    ),
    [setSize, openCard],
  );

  const closeModal = useCallback(() => {
    const closedId = openId;
    setRequested({ id: null });
    modal.close();
    // Spec §2: closing refreshes the posts (counts changed while reading) and clears comments.
    void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    if (closedId) onModalClose?.(closedId);
  }, [modal, openId, queryClient, onModalClose]);

  // Keep the address on the post actually shown (or leave the modal when none is left).
  const { step: stepRoute, close: closeRoute } = modal;
  const replacementId = vanished ? (openPost?.id ?? null) : null;
  const missing = openId !== null && openIndex < 0 && !vanished && single.isError;
  useEffect(() => {
    if (replacementId) stepRoute(replacementId);
    else if (vanished || missing) closeRoute();
  }, [replacementId, vanished, missing, stepRoute, closeRoute]);

  /* ---------- States ---------- */
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('stream.loading')}</span>
        <PostGrid label={label} busy skeletons={6} />
      </div>
    );
  } else if (query.isError && posts.length === 0) {
    content = (
      <EmptyState
        icon={<CircleAlert />}
        title={t('stream.errorTitle')}
        description={query.error.message}
        action={
          <Button
            variant="secondary"
            className="posts-icon-label"
            onClick={() => void query.refetch()}
          >
            <RotateCw aria-hidden="true" size={16} />
            {t('stream.retry')}
          </Button>
        }
      />
    );
  } else if (posts.length === 0) {
    content = empty ?? <EmptyState title={t('stream.emptyTitle')} />;
  } else {
    content = (
      <>
        <div ref={gridRef}>
          <PostGrid
            label={label}
            posts={posts}
            renderPost={renderPost}
            loadingMore={isFetchingNextPage}
            progressive={progressive}
            onRenderedCountChange={setRenderedCount}
          />
        </div>
        <div ref={sentinel} className="post-stream__sentinel" aria-hidden="true" />
        {isFetchingNextPage ? (
          <p className="visually-hidden" role="status">
            {t('stream.loading')}
          </p>
        ) : null}
        {isFetchNextPageError ? (
          <div className="post-stream__more-error" role="alert">
            <span>{t('stream.moreError')}</span>
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {t('stream.retry')}
            </Button>
          </div>
        ) : hasNextPage && !isFetchingNextPage && typeof IntersectionObserver === 'undefined' ? (
          <div className="post-stream__more">
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              {t('stream.loadMore')}
            </Button>
          </div>
        ) : !hasNextPage && posts.length > 0 ? (
          <p className="post-stream__end">{t('stream.end')}</p>
        ) : null}
      </>
    );
  }

  return (
    <div className="post-stream">
      {content}
      {modalUsed ? (
        <Suspense fallback={null}>
          <PostModal
            post={openPost}
            onClose={closeModal}
            hasPrevious={shownIndex > 0}
            hasNext={shownIndex >= 0 && shownIndex < posts.length - 1}
            onPrevious={() => stepTo(shownIndex - 1)}
            onNext={() => stepTo(shownIndex + 1)}
            comments={openPost && renderComments ? renderComments(openPost) : undefined}
            viewerId={viewerId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
