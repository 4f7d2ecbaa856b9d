import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import './account.css';

/** One card of /your-account: a heading, an optional line under it, the content. */
export function AccountSection({
  id,
  title,
  description,
  tone,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  tone?: 'danger';
  children: ReactNode;
}) {
  return (
    <Card
      asChild
      padding="lg"
      className={clsx('account-section', tone && `account-section--${tone}`)}
    >
      <section aria-labelledby={`${id}-title`}>
        <div className="account-section__header">
          <h2 id={`${id}-title`} className="account-section__title">
            {title}
          </h2>
          {description ? <p className="account-section__description">{description}</p> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}
