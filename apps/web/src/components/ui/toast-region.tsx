import { TIMINGS } from '@otakura/shared';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { ToastItem } from './toast';
import './toast.css';

const ICONS = { default: Info, success: CircleCheck, error: CircleAlert } as const;

export interface ToastRegionProps {
  toasts: readonly ToastItem[];
  dismiss: (id: number) => void;
}

/**
 * The Radix part of the toasts (top-right, closes after TIMINGS.toastMs, pauses while hovered or
 * focused, swipe right to dismiss). `toast.tsx` loads it with the first toast, so no page pays for
 * it up front.
 */
export function ToastRegion({ toasts, dismiss }: ToastRegionProps) {
  const { t } = useTranslation();
  return (
    <Toast.Provider duration={TIMINGS.toastMs} swipeDirection="right" label={t('toast.region')}>
      {toasts.map(({ id, open, title, description, variant = 'default', duration, action }) => {
        const Icon = ICONS[variant];
        return (
          <Toast.Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
            duration={duration}
            type={variant === 'error' ? 'foreground' : 'background'}
            className={clsx('ui-toast', `ui-toast--${variant}`)}
          >
            <Icon className="ui-toast__icon" aria-hidden="true" />
            <div className="ui-toast__text">
              <Toast.Title className="ui-toast__title">{title}</Toast.Title>
              {description ? (
                <Toast.Description className="ui-toast__description">
                  {description}
                </Toast.Description>
              ) : null}
            </div>
            {action ? (
              <Toast.Action altText={action.altText} asChild>
                <button type="button" className="ui-toast__action" onClick={action.onClick}>
                  {action.label}
                </button>
              </Toast.Action>
            ) : null}
            <Toast.Close className="ui-toast__close" aria-label={t('actions.dismiss')}>
              <X aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="ui-toast-viewport" />
    </Toast.Provider>
  );
}
