import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ToastRegionProps } from './toast-region';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; default TIMINGS.toastMs (5000, spec §9). */
  duration?: number;
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastItem extends ToastOptions {
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

type Region = ComponentType<ToastRegionProps>;
let loadedRegion: Region | undefined;
let regionPromise: Promise<Region> | undefined;

/**
 * The Radix toast code (≈ 8 kB gzip) is its own chunk, fetched with the first toast rather than in
 * every page's entry (docs/web.md, "Bundle and code splitting"). A failed fetch is tried again with
 * the next toast.
 */
export function loadToastRegion(): Promise<Region> {
  regionPromise ??= import('./toast-region').then(
    (module) => (loadedRegion = module.ToastRegion),
    (error: unknown) => {
      regionPromise = undefined;
      throw error;
    },
  );
  return regionPromise;
}

// Component tests read a toast right after it is shown, as before the split.
if (import.meta.env.MODE === 'test') await loadToastRegion();

/** Toasts (Radix Toast, loaded with the first one): top-right, closes after 5000 ms, pauses while hovered or focused, swipe right to dismiss. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [region, setRegion] = useState<{ Region: Region } | undefined>(() =>
    loadedRegion ? { Region: loadedRegion } : undefined,
  );
  const nextId = useRef(1);
  const wanted = toasts.length > 0 && !region;

  useEffect(() => {
    if (!wanted) return;
    let active = true;
    loadToastRegion().then(
      (Region) => {
        if (active) setRegion({ Region });
      },
      (error: unknown) => console.error('the toasts failed to load', error),
    );
    return () => {
      active = false;
    };
  }, [wanted]);

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
      {children}
      {region ? <region.Region toasts={toasts} dismiss={dismiss} /> : null}
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Saved', variant: 'success' })`. */
export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
