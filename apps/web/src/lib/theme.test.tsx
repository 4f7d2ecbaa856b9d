import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

const bootScriptPath = join(dirname(fileURLToPath(import.meta.url)), '../../public/theme-boot.js');
const bootScript = readFileSync(bootScriptPath, 'utf8');

function runBootScript() {
  // The same text the browser runs from /theme-boot.js before first paint.
  new Function(bootScript)();
}

function ThemeProbe() {
  const { theme, setTheme, toggleTheme } = useTheme();
  return (
    <div>
      <p>theme: {theme}</p>
      <button onClick={() => setTheme('light')}>light</button>
      <button onClick={toggleTheme}>toggle</button>
    </div>
  );
}

describe('theme', () => {
  it('defaults to dark when nothing is stored', () => {
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme: dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('persists the chosen theme in localStorage under otakura.theme and applies it to <html>', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'light' }));
    expect(localStorage.getItem('otakura.theme')).toBe('light');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');

    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(localStorage.getItem('otakura.theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('starts from the stored theme', () => {
    localStorage.setItem('otakura.theme', 'light');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme: light')).toBeInTheDocument();
  });

  it('follows a theme change made in another tab', () => {
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    act(() => {
      localStorage.setItem('otakura.theme', 'light');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'otakura.theme', newValue: 'light' }),
      );
    });
    expect(screen.getByText('theme: light')).toBeInTheDocument();
  });

  describe('boot script (public/theme-boot.js)', () => {
    it('applies the stored theme to <html> before React runs', () => {
      localStorage.setItem('otakura.theme', 'light');
      runBootScript();
      expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    });

    it('falls back to dark without a stored theme or with a bad value', () => {
      runBootScript();
      expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
      localStorage.setItem('otakura.theme', 'purple');
      runBootScript();
      expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    });

    it('sets the browser theme-color to match', () => {
      const meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
      localStorage.setItem('otakura.theme', 'light');
      runBootScript();
      expect(meta).toHaveAttribute('content', '#f7f7fb');
      meta.remove();
    });
  });
});
