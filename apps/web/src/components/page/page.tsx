import clsx from 'clsx';
import { useLayoutEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@/lib/product';
import './page.css';

/** Sets the tab's title: "Feed · Otakura", as the page is committed (not a frame later). */
export function useDocumentTitle(title: string | undefined): void {
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

export interface PageProps {
  /** The page's heading (its one h1) and the tab title. */
  title: string;
  /** Buttons at the heading's right. */
  actions?: ReactNode;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Keep the h1 for screen readers only (pages whose design shows no title, like the feed). */
  hideTitle?: boolean;
  /** `narrow` for forms and settings, `wide` (default) for grids. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
  className?: string;
}

export function Page({
  title,
  actions,
  subtitle,
  hideTitle,
  width = 'wide',
  children,
  className,
}: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={clsx('page', `page--${width}`, className)}>
      <div className={clsx('page__header', hideTitle && !actions && 'visually-hidden')}>
        <div className="page__titles">
          <h1 className={clsx('page__title', hideTitle && 'visually-hidden')}>{title}</h1>
          {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
