import { Clock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/use-now';
import { dueIn } from '../utils/due';

/** Time left of the 24-hour promise ("19 h left"), or how late ("3 h overdue", with an icon). */
export function DueLabel({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation('moderation');
  const now = useNow();
  const due = dueIn(dueAt, now);
  const time = t(`case.${due.unit}`, { count: due.count });
  const Icon = due.overdue ? TriangleAlert : Clock;
  return (
    <span className={due.overdue ? 'mod-due mod-due--overdue' : 'mod-due'} data-testid="due">
      <Icon aria-hidden="true" />
      {due.overdue ? t('case.dueOverdue', { time }) : t('case.dueLeft', { time })}
    </span>
  );
}
