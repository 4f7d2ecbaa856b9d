import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { ReportSubject } from './report-dialog';
import { reportEndpoints, type ReportKind } from './use-report';

/* The dialog's code arrives on the first "Report": a button on every card need not bring it. */
const ReportDialog = lazy(() =>
  import('./report-dialog').then((m) => ({ default: m.ReportDialog })),
);

export interface ReportButtonProps {
  kind: Exclude<ReportKind, 'comment'>;
  targetId: string;
  subject?: ReportSubject | null;
  /** `icon`: a flag with the name "Report post" (rows of icon actions); `button`: "Report". */
  appearance?: 'icon' | 'button';
  className?: string;
}

/**
 * "Report" on someone else's post, profile or shop item: opens the report dialog for it. The
 * caller leaves it out on the viewer's own content (the server refuses it too).
 */
export function ReportButton({
  kind,
  targetId,
  subject,
  appearance = 'button',
  className,
}: ReportButtonProps) {
  const { t } = useTranslation('report');
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  const label = t(`action.${kind}`);
  return (
    <>
      {appearance === 'icon' ? (
        <IconButton
          aria-label={label}
          title={label}
          size="sm"
          className={className}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <Flag aria-hidden="true" />
        </IconButton>
      ) : (
        <Button
          variant="secondary"
          className={className}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <Flag aria-hidden="true" size={16} />
          {t('submit')}
        </Button>
      )}
      {used ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onClose={() => setOpen(false)}
            kind={kind}
            endpoint={reportEndpoints[kind](targetId)}
            subject={subject}
          />
        </Suspense>
      ) : null}
    </>
  );
}
