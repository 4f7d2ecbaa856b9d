import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { storage, STORAGE_KEYS } from './storage';

export type Theme = 'dark' | 'light';

export const DEFAULT_THEME: Theme = 'dark';

const THEME_COLORS: Record<Theme, string> = { dark: '#0e1016', light: '#f7f7fb' };

function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

/** The stored theme, or dark. The same rule as public/theme-boot.js, which runs before first paint. */
export function readStoredTheme(): Theme {
  const stored = storage.get(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

/** Puts the theme on <html data-theme> and the browser's theme-color. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);

  useLayoutEffect(() => applyTheme(theme), [theme]);

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme) setThemeState(readStoredTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    storage.set(STORAGE_KEYS.theme, next);
    setThemeState(next);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
