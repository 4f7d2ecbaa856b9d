import { POST_TYPES, type Post } from '@otakura/shared';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import {
  forwardRef,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';
import { PRODUCT_NAME } from '@/lib/product';
import { PostDetail } from './post-detail';
import '@/components/ui/modal.css';
import './post-modal.css';

export interface PostModalProps {
  /** The post shown; null closes the modal. */
  post: Post | null;
  onClose: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
  hasPrevious?: boolean;
  hasNext?: boolean;
  /** The comments panel for this post, composed by the app (features/comments). */
  comments?: ReactNode;
  viewerId?: string | null;
  /** The author deleted the post from the modal. */
  onDeleted?: () => void;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** The dialog's name is the post's title, rendered as the post's own heading. */
const DialogHeading = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<'h2'>>(
  function DialogHeading(props, ref) {
    return (
      <Dialog.Title asChild>
        <h2 ref={ref} {...props} />
      </Dialog.Title>
    );
  },
);

function hasMedia(post: Post) {
  return (
    ((post.type === POST_TYPES.image || post.type === POST_TYPES.gif) && post.images.length > 0) ||
    (post.type === POST_TYPES.video && post.video !== null)
  );
}

/**
 * Spec §2 post modal: previous/next across the loaded posts (buttons and ←/→), Escape or a click
 * on the backdrop closes; Radix Dialog traps focus and, on close, focus goes to the card of the
 * post last shown. A full-height sheet on phones.
 */
export function PostModal({
  post,
  onClose,
  onPrevious,
  onNext,
  hasPrevious = false,
  hasNext = false,
  comments,
  viewerId,
  onDeleted,
}: PostModalProps) {
  const { t } = useTranslation('posts');
  // Keep the last post so the closing animation still has something to show.
  const [last, setLast] = useState<Post | null>(post);
  if (post && post !== last) setLast(post);
  const shown = post ?? last;
  const contentRef = useRef<HTMLDivElement>(null);

  // The tab's title follows the open post, and is the page's again once the modal closes.
  const title = post?.title ?? null;
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  // ←/→ step between posts. Listened on the window: the focused button may have just become
  // disabled (the last post), leaving focus on the body. The carousel and text fields keep theirs.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || isEditable(event.target)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest('[role="alertdialog"]')) return;
    if (event.key === 'ArrowLeft' && hasPrevious) {
      event.preventDefault();
      onPrevious?.();
    } else if (event.key === 'ArrowRight' && hasNext) {
      event.preventDefault();
      onNext?.();
    }
  });
  const open = post !== null;
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [open]);

  // The toolbar sits in the post's header, which is rebuilt for each post: a keyboard user who
  // stepped with a button keeps focus on the same button of the next post.
  const focusedAction = useRef<string | null>(null);
  const shownId = shown?.id;
  useLayoutEffect(() => {
    const content = contentRef.current;
    const action = focusedAction.current;
    if (!content || !action || content.contains(document.activeElement)) return;
    const button = content.querySelector<HTMLButtonElement>(`[data-modal-action="${action}"]`);
    if (button && !button.disabled) button.focus();
    else content.focus();
  }, [shownId]);

  // A step button that became disabled (first or last post) would drop focus out of the dialog.
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLButtonElement && active.disabled) contentRef.current?.focus();
  }, [shownId, hasNext, hasPrevious]);

  const toolbar = (
    <div
      className="post-modal__toolbar"
      onFocus={(event) => {
        focusedAction.current = (event.target as HTMLElement).dataset.modalAction ?? null;
      }}
      onBlur={(event) => {
        // Focus moved elsewhere (not the button vanishing with its post).
        if (event.relatedTarget) focusedAction.current = null;
      }}
    >
      <IconButton
        data-modal-action="previous"
        aria-label={t('modal.previous')}
        title={t('modal.previous')}
        size="sm"
        onClick={onPrevious}
        disabled={!hasPrevious}
      >
        <ChevronLeft aria-hidden="true" />
      </IconButton>
      <IconButton
        data-modal-action="next"
        aria-label={t('modal.next')}
        title={t('modal.next')}
        size="sm"
        onClick={onNext}
        disabled={!hasNext}
      >
        <ChevronRight aria-hidden="true" />
      </IconButton>
      <Dialog.Close asChild>
        <IconButton aria-label={t('modal.close')} title={t('modal.close')} size="sm">
          <X aria-hidden="true" />
        </IconButton>
      </Dialog.Close>
    </div>
  );

  // Nothing before the first post: the dialog is created open, overlay and content in one go.
  // (Created closed and opened later, Preact put the content's portal before the overlay's,
  // under it: docs/web.md, "Renderer".)
  if (!shown) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal-overlay" />
        <Dialog.Content
          ref={contentRef}
          className={clsx('post-modal', hasMedia(shown) && 'post-modal--with-media')}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Focus the dialog itself: arrows step at once, and no button shows a ring.
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const card = last
              ? document.querySelector<HTMLElement>(`[data-post-link="${CSS.escape(last.id)}"]`)
              : null;
            if (card) {
              event.preventDefault();
              card.focus();
            }
          }}
        >
          <PostDetail
            key={shown.id}
            post={shown}
            variant="modal"
            comments={comments}
            viewerId={viewerId}
            onDeleted={onDeleted}
            titleAs={DialogHeading}
            headerActions={toolbar}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
