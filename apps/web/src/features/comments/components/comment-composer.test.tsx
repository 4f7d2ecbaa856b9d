import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApplePlatform } from '../hooks/use-keyboard-hint';
import { CommentComposer } from './comment-composer';

function stubPointer(fine: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: fine && query === '(hover: hover) and (pointer: fine)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function renderComposer() {
  render(<CommentComposer value="" onChange={() => {}} onSubmit={() => {}} />);
  return screen.getByRole('textbox', { name: 'Add a comment' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the send shortcut hint', () => {
  it('shows Ctrl+Enter where a mouse (and so a keyboard) is likely, and describes the box with it', () => {
    stubPointer(true);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32');
    const box = renderComposer();
    expect(screen.getByText('Ctrl+Enter to send')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('Ctrl+Enter to send');
  });

  it('says ⌘+Enter on Apple platforms', () => {
    stubPointer(true);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    renderComposer();
    expect(screen.getByText('⌘+Enter to send')).toBeInTheDocument();
  });

  it('is not shown (nor announced) on touch phones', () => {
    stubPointer(false);
    const box = renderComposer();
    expect(screen.queryByText(/\+Enter to send/)).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-describedby');
  });
});

describe('isApplePlatform', () => {
  it.each([
    ['MacIntel', true],
    ['iPhone', true],
    ['iPad', true],
    ['Win32', false],
    ['Linux x86_64', false],
    ['Linux armv8l', false],
  ])('%s → %s', (platform, apple) => {
    expect(isApplePlatform({ platform, userAgent: '' })).toBe(apple);
  });
});
