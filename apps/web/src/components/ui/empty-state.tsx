import clsx from 'clsx';
import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  /** A lucide icon element, for example `<Inbox />`. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The next thing to do (a Button or link). */
  action?: ReactNode;
  /** Heading level of the title; pick the next level under the page's heading. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** Nothing to show yet: a short friendly line and the next action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';
  return (
    <section className={clsx('ui-empty', className)}>
      {icon ? (
        <div className="ui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="ui-empty__title">{title}</Heading>
      {description ? <p className="ui-empty__description">{description}</p> : null}
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </section>
  );
}
