import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import './settings.css';

export interface SettingsCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** A lucide icon element shown before the title. */
  icon?: ReactNode;
  /** Buttons at the title's right (for example Dismiss). */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** One settings section: a card with an h2 (the page has the h1) and what it controls. */
export function SettingsCard({
  title,
  description,
  icon,
  actions,
  children,
  className,
}: SettingsCardProps) {
  const titleId = useId();
  return (
    <Card asChild padding="lg" className={clsx('settings-card', className)}>
      <section aria-labelledby={titleId}>
        <div className="settings-card__header">
          {icon ? (
            <span className="settings-card__icon" aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <div className="settings-card__titles">
            <h2 id={titleId} className="settings-card__title">
              {title}
            </h2>
            {description ? <p className="settings-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="settings-card__actions">{actions}</div> : null}
        </div>
        {children ? <div className="settings-card__body">{children}</div> : null}
      </section>
    </Card>
  );
}
