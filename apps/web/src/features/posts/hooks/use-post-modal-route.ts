import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Search parameter holding the post open in the modal (`/feed?post=…`). */
export const POST_MODAL_PARAM = 'post';

interface ModalState {
  postModal?: boolean;
}

/**
 * The post modal lives in the URL. Opening navigates to `<this page>?post=<id>` with a router
 * mask, so the address bar reads `/post/<id>` (spec §2) while the page underneath stays mounted;
 * Back closes the modal; stepping replaces the entry; closing returns to the page's own address
 * (`/feed`). Opening `/post/<id>` in a new tab or after sharing loads the post page.
 */
export function usePostModalRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const openId = searchParams.get(POST_MODAL_PARAM);
  const pushedHere = (location.state as ModalState | null)?.postModal === true;

  const hrefFor = useCallback(
    (postId: string | null) => {
      const params = new URLSearchParams(location.search);
      if (postId) params.set(POST_MODAL_PARAM, postId);
      else params.delete(POST_MODAL_PARAM);
      const search = params.toString();
      return {
        pathname: location.pathname,
        search: search ? `?${search}` : '',
        hash: location.hash,
      };
    },
    [location.pathname, location.search, location.hash],
  );

  const open = useCallback(
    (postId: string) => {
      void navigate(hrefFor(postId), {
        mask: `/post/${encodeURIComponent(postId)}`,
        state: { postModal: true } satisfies ModalState,
        preventScrollReset: true,
      });
    },
    [hrefFor, navigate],
  );

  const step = useCallback(
    (postId: string) => {
      void navigate(hrefFor(postId), {
        mask: `/post/${encodeURIComponent(postId)}`,
        state: location.state as unknown,
        replace: true,
        preventScrollReset: true,
      });
    },
    [hrefFor, navigate, location.state],
  );

  const close = useCallback(() => {
    // Opened from this page: going back removes the modal's entry, so Forward can reopen it.
    if (pushedHere) void navigate(-1);
    else void navigate(hrefFor(null), { replace: true, preventScrollReset: true });
  }, [hrefFor, navigate, pushedHere]);

  return { openId, open, step, close };
}
