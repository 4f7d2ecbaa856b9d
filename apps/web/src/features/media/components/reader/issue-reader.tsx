import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useIssueQuery } from '../../api/get-issue';
import { ReaderView } from './reader-view';
import './issue-reader.css';

/**
 * The reader overlay of a volume's issue or a sequence's issue.
 * Interface fixed for the media landing; the reader work fills it in.
 */
export interface IssueReaderProps {
  issueId: string;
  onClose: () => void;
  /** The user moved to another issue (the end of this one, next/previous): the address follows. */
  onIssueChange: (issueId: string) => void;
}

/**
 * A full-screen dialog (focus trapped, Escape closes) reading one issue in single-page,
 * double-page or vertical-strip mode, left-to-right or right-to-left, opening at the saved page.
 * The landing renders it while `?issue=` is set and owns the address.
 */
export function IssueReader({ issueId, onClose, onIssueChange }: IssueReaderProps) {
  // The moments' strings load with the reader's, so the page comments never suspend it.
  const { t } = useTranslation(['reader', 'moments']);
  const query = useIssueQuery(issueId);
  const content = useRef<HTMLDivElement>(null);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="reader-backdrop" />
        <Dialog.Content
          ref={content}
          className="reader"
          // The reader is dark in both themes: pages read best on a dark surround.
          data-theme="dark"
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            // The reader takes focus itself (its page area), so keys turn pages at once.
            e.preventDefault();
            content.current?.focus({ preventScroll: true });
          }}
        >
          {query.data ? (
            <ReaderView
              key={query.data.id}
              issue={query.data}
              onClose={onClose}
              onIssueChange={onIssueChange}
            />
          ) : (
            <div className="reader-status">
              <header className="reader-bar reader-bar--top">
                <IconButton aria-label={t('close')} onClick={onClose} className="reader-bar__close">
                  <X aria-hidden="true" />
                </IconButton>
                <Dialog.Title className="reader-bar__title">{t('title')}</Dialog.Title>
              </header>
              {query.isError ? (
                isApiError(query.error) && query.error.status === 404 ? (
                  <div className="reader-status__body" role="alert">
                    <p>{t('notFound')}</p>
                    <Button onClick={onClose}>{t('backToSeries')}</Button>
                  </div>
                ) : (
                  <div className="reader-status__body" role="alert">
                    <p>{t('loadFailed')}</p>
                    <Button onClick={() => void query.refetch()} loading={query.isFetching}>
                      {t('retry')}
                    </Button>
                  </div>
                )
              ) : (
                <div className="reader-status__body" role="status">
                  <Skeleton className="reader-status__page" />
                  <span className="visually-hidden">{t('loading')}</span>
                </div>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
