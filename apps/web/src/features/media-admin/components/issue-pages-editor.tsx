import { AdminPagesSchema, type IssueDetail, type ReaderPage } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CircleAlert, ImagePlus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { isAbortError } from '@/lib/retry-policy';
import { useAdminIssueQuery } from '../api/get-admin-entry';
import { mediaAdminKeys } from '../api/media-admin-keys';
import { deletePage, reorderPages } from '../api/pages';
import { useRefreshMedia } from '../api/units';
import { uploadWithProgress, type UploadPhase } from '../api/upload-with-progress';
import { tooLargeText, UPLOAD_LIMIT_BYTES } from '../hooks/use-admin-upload';
import { movePage } from '../utils/move-page';
import { UploadProgress } from './upload-progress';
import './issue-pages-editor.css';

type QueueState =
  { phase: 'waiting' } | UploadPhase | { phase: 'done' } | { phase: 'failed'; error: unknown };

interface QueueItem {
  key: number;
  file: File;
  state: QueueState;
}

/**
 * The pages of one issue: a grid in reading order. Add pages sends the chosen files one request
 * each, in the order chosen, each with its own progress bar (a refused file says why and can be
 * tried again). Pages move with the arrow buttons (keyboard) or by dragging; the new order is
 * sent at once (`PUT …/pages/order`) and the server's answer kept. Delete asks first.
 */
export function IssuePagesEditor({ issueId, name }: { issueId: string; name: string }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const refresh = useRefreshMedia();
  const query = useAdminIssueQuery(issueId);
  const pages = query.data?.pages ?? [];
  const fileInput = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const setPages = useCallback(
    (items: ReaderPage[]) =>
      queryClient.setQueryData<IssueDetail>(mediaAdminKeys.issue(issueId), (old) =>
        old ? { ...old, pages: items, pageCount: items.length } : old,
      ),
    [queryClient, issueId],
  );

  // ---- uploads: one request per file, in order
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const queueRef = useRef<QueueItem[]>([]);
  const running = useRef(false);
  const nextKey = useRef(1);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const update = (key: number, state: QueueState) => {
    queueRef.current = queueRef.current.map((i) => (i.key === key ? { ...i, state } : i));
    setQueue(queueRef.current);
  };

  const run = async () => {
    if (running.current) return;
    running.current = true;
    const c = new AbortController();
    controller.current = c;
    let added = 0;
    try {
      for (;;) {
        const item = queueRef.current.find((i) => i.state.phase === 'waiting');
        if (!item || c.signal.aborted) break;
        if (item.file.size > UPLOAD_LIMIT_BYTES.image) {
          update(item.key, {
            phase: 'failed',
            error: new ApiError(413, 'payload_too_large', tooLargeText('image')),
          });
          continue;
        }
        try {
          const { data } = await uploadWithProgress({
            method: 'POST',
            path: `/admin/issues/${encodeURIComponent(issueId)}/pages`,
            files: [item.file],
            schema: AdminPagesSchema,
            signal: c.signal,
            onStatus: (s) => update(item.key, s),
          });
          setPages(data.items);
          update(item.key, { phase: 'done' });
          added += 1;
        } catch (error) {
          if (isAbortError(error)) break;
          update(item.key, { phase: 'failed', error });
        }
      }
    } finally {
      running.current = false;
      if (added > 0) {
        setAnnouncement(t('pages.addedCount', { count: added }));
        void refresh();
      }
    }
  };

  const addFiles = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    const items = chosen.map((file) => ({
      key: nextKey.current++,
      file,
      state: { phase: 'waiting' } as const,
    }));
    queueRef.current = [...queueRef.current.filter((i) => i.state.phase !== 'done'), ...items];
    setQueue(queueRef.current);
    void run();
  };

  const retry = (key: number) => {
    update(key, { phase: 'waiting' });
    void run();
  };

  const clearFinished = () => {
    queueRef.current = queueRef.current.filter(
      (i) => i.state.phase !== 'done' && i.state.phase !== 'failed',
    );
    setQueue(queueRef.current);
  };

  // ---- reorder: optimistic, sent in order, the last answer wins
  const moves = useRef({ sent: 0, chain: Promise.resolve() as Promise<unknown> });

  const moveTo = (from: number, to: number, focus?: 'earlier' | 'later') => {
    if (to < 0 || to >= pages.length || from === to) return;
    const before = pages;
    const next = movePage(pages, from, to);
    const moved = next[to]!;
    void queryClient.cancelQueries({ queryKey: mediaAdminKeys.issue(issueId) });
    setPages(next);
    setAnnouncement(t('pages.moved', { from: from + 1, to: to + 1 }));
    if (focus) {
      requestAnimationFrame(() => {
        const wanted = document.getElementById(
          `page-${moved.id}-${focus}`,
        ) as HTMLButtonElement | null;
        const other = document.getElementById(
          `page-${moved.id}-${focus === 'earlier' ? 'later' : 'earlier'}`,
        ) as HTMLButtonElement | null;
        (wanted && !wanted.disabled ? wanted : other)?.focus();
      });
    }
    const ticket = ++moves.current.sent;
    moves.current.chain = moves.current.chain.then(async () => {
      try {
        const answer = await reorderPages(
          issueId,
          next.map((p) => p.id),
        );
        if (ticket === moves.current.sent) {
          setPages(answer.items);
          void refresh();
        }
      } catch (error) {
        if (ticket === moves.current.sent) setPages(before);
        toast({
          variant: 'error',
          title: t('pages.moveFailed'),
          description: apiErrorText(t, error),
        });
      }
    });
  };

  // ---- drag and drop (pointer users; the buttons do the same for keyboards)
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  const remove = async (page: ReaderPage) => {
    try {
      const answer = await deletePage(page.id);
      setPages(answer.items);
      setAnnouncement(t('pages.deleted', { number: page.number }));
      void refresh();
    } catch (error) {
      toast({
        variant: 'error',
        title: t('pages.deleteFailed'),
        description: apiErrorText(t, error),
      });
      throw error;
    }
  };

  const uploading = queue.some((i) => i.state.phase !== 'done' && i.state.phase !== 'failed');
  const finished = queue.some((i) => i.state.phase === 'done' || i.state.phase === 'failed');

  return (
    <section className="ma-pages" aria-label={t('pages.regionLabel', { name })}>
      <div className="ma-pages__toolbar">
        <p className="ma-pages__count">{t('pages.count', { count: pages.length })}</p>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`pages-input-${issueId}`}
          onChange={(e) => addFiles(e.currentTarget.files)}
        />
        <Button variant="primary" size="sm" onClick={() => fileInput.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {t('pages.add')}
        </Button>
      </div>
      <p className="ma-pages__hint">{t('pages.hint')}</p>

      {queue.length > 0 ? (
        <div className="ma-pages__queue">
          <ul className="ma-pages__queue-list" aria-label={t('pages.queueLabel')}>
            {queue.map((item) => (
              <li key={item.key} className="ma-pages__queue-item">
                <span className="ma-pages__file">{item.file.name}</span>
                {item.state.phase === 'uploading' || item.state.phase === 'processing' ? (
                  <UploadProgress
                    status={item.state}
                    label={t('upload.progressLabel', { name: item.file.name })}
                    compact
                  />
                ) : item.state.phase === 'waiting' ? (
                  <span className="ma-pages__state">{t('pages.waiting')}</span>
                ) : item.state.phase === 'done' ? (
                  <span className="ma-pages__state">{t('pages.uploaded')}</span>
                ) : (
                  <span className="ma-pages__failed" role="alert">
                    <CircleAlert aria-hidden="true" className="ma-pages__bad" />
                    {apiErrorText(t, item.state.error)}
                    <Button variant="secondary" size="sm" onClick={() => retry(item.key)}>
                      {t('upload.retry')}
                      <span className="visually-hidden"> {item.file.name}</span>
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {finished && !uploading ? (
            <Button variant="ghost" size="sm" onClick={clearFinished}>
              {t('pages.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {query.isPending ? (
        <div role="status">
          <span className="visually-hidden">{t('loading')}</span>
          <ul className="ma-pages__grid" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="ma-page">
                <Skeleton className="ma-page__skeleton" />
              </li>
            ))}
          </ul>
        </div>
      ) : query.isError ? (
        <EmptyState
          headingLevel={3}
          icon={<CircleAlert />}
          title={t('pages.loadError')}
          description={apiErrorText(t, query.error)}
          action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : pages.length === 0 ? (
        <p className="ma-pages__empty">{t('pages.none')}</p>
      ) : (
        <ol className="ma-pages__grid" aria-label={t('pages.gridLabel', { name })}>
          {pages.map((page, index) => (
            <li
              key={page.id}
              className={[
                'ma-page',
                dragFrom === index ? 'ma-page--dragging' : '',
                dragOver === index && dragFrom !== index ? 'ma-page--over' : '',
              ].join(' ')}
              draggable
              onDragStart={(e) => {
                setDragFrom(index);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', page.id);
              }}
              onDragOver={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                setDragOver(index);
              }}
              onDragLeave={() => setDragOver((o) => (o === index ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragFrom !== null) moveTo(dragFrom, index);
                setDragFrom(null);
                setDragOver(null);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setDragOver(null);
              }}
            >
              <span
                className="ma-page__image"
                style={{ aspectRatio: `${page.width} / ${page.height}` }}
              >
                <img src={page.url} alt="" loading="lazy" decoding="async" draggable={false} />
              </span>
              <span className="ma-page__number">{t('pages.label', { number: index + 1 })}</span>
              <span className="ma-page__buttons">
                <IconButton
                  id={`page-${page.id}-earlier`}
                  size="sm"
                  variant="secondary"
                  aria-label={t('pages.moveEarlier', { number: index + 1 })}
                  disabled={index === 0}
                  onClick={() => moveTo(index, index - 1, 'earlier')}
                >
                  <ArrowLeft aria-hidden="true" />
                </IconButton>
                <IconButton
                  id={`page-${page.id}-later`}
                  size="sm"
                  variant="secondary"
                  aria-label={t('pages.moveLater', { number: index + 1 })}
                  disabled={index === pages.length - 1}
                  onClick={() => moveTo(index, index + 1, 'later')}
                >
                  <ArrowRight aria-hidden="true" />
                </IconButton>
                <ConfirmDialog
                  title={t('pages.deleteTitle', { number: index + 1 })}
                  description={t('pages.deleteDescription')}
                  confirmLabel={t('pages.delete')}
                  onConfirm={() => remove(page)}
                  trigger={
                    <IconButton
                      size="sm"
                      variant="secondary"
                      aria-label={t('pages.deleteLabel', { number: index + 1 })}
                    >
                      <Trash2 aria-hidden="true" />
                    </IconButton>
                  }
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
