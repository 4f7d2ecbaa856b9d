import { TIMINGS } from '@otakura/shared';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; default TIMINGS.toastMs (5000, spec §9). */
  duration?: number;
  action?: { label: string; altText: string; onClick: () => void };
}

interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

interface ToastContextValue {
  toast: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** Time for the exit animation before a closed toast leaves the DOM. */
const REMOVE_DELAY_MS = 250;

const ICONS = { default: Info, success: CircleCheck, error: CircleAlert } as const;

/** Radix Toast: top-right, closes after 5000 ms, pauses while hovered or focused, swipe right to dismiss. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((all) => [...all, { ...options, id, open: true }]);
    return id;
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={TIMINGS.toastMs} swipeDirection="right" label={t('toast.region')}>
        {children}
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
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Saved', variant: 'success' })`. */
export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
