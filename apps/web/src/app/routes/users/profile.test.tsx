import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, EMPTY_PAGE, makeMe, mockApi } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./profile');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile', () => {
  it('has the same layout as other profiles, without a Follow button', async () => {
    mockApi({
      'GET /api/me': { body: makeMe() },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
    });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: '@aiko' })).toBeInTheDocument();
    expect(screen.getByText('Mecha and slice of life.')).toBeInTheDocument();
    expect(screen.getByText('May 03, 1995')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /10\s*Followers/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(await screen.findByText("You haven't posted yet")).toBeInTheDocument();
  });

  it('shows the bio and birthday inputs only while they are empty', async () => {
    mockApi({
      'GET /api/me': { body: makeMe({ bio: null, birthday: null }) },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
    });
    renderRoute('/profile');
    expect(await screen.findByPlaceholderText('Enter a bio!')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('month dd, yyyy')).toBeInTheDocument();
    expect(screen.queryByText('No Description Yet')).not.toBeInTheDocument();
  });

  it('hides both inputs once they are set', async () => {
    mockApi({
      'GET /api/me': { body: makeMe() },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
    });
    renderRoute('/profile');
    await screen.findByRole('heading', { level: 1, name: '@aiko' });
    expect(screen.queryByPlaceholderText('Enter a bio!')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('month dd, yyyy')).not.toBeInTheDocument();
  });

  it('shows Confirm only once text is typed, saves, and then shows the value instead of the input', async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe({ bio: null }) },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      'PATCH /api/me/profile': { body: makeMe({ bio: 'Hello there' }) },
    });
    const { user } = renderRoute('/profile');
    const bio = await screen.findByPlaceholderText('Enter a bio!');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await user.type(bio, '   ');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.clear(bio);
    await user.type(bio, 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Hello there', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter a bio!')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ bio: 'Hello there' });
  });

  it("puts the server's message under the field", async () => {
    mockApi({
      'GET /api/me': { body: makeMe({ bio: null }) },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      'PATCH /api/me/profile': apiError(409, 'already_set', 'Your bio can only be set once.'),
    });
    const { user } = renderRoute('/profile');
    const bio = await screen.findByPlaceholderText('Enter a bio!');
    await user.type(bio, 'Hi');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your bio can only be set once.')).toBeInTheDocument();
    expect(bio).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the birthday in the browser first: format and the 18+ rule', async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe({ birthday: null }) },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
    });
    const { user } = renderRoute('/profile');
    const input = await screen.findByPlaceholderText('month dd, yyyy');
    await user.type(input, '31/12/1990');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Please enter a real date as month dd, yyyy (for example May 23, 1995).',
      ),
    ).toBeInTheDocument();

    await user.clear(input);
    const year = new Date().getUTCFullYear() - 10;
    await user.type(input, `January 01, ${year}`);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('You must be at least 18 years old to use this service.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  describe('upload modals', () => {
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:preview');
      URL.revokeObjectURL = vi.fn();
    });

    it("opens 'Upload banner picture' from the banner with Select Image, Save and the current picture", async () => {
      mockApi({
        'GET /api/me': { body: makeMe() },
        'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      });
      const { user } = renderRoute('/profile');
      await user.click(await screen.findByRole('button', { name: 'Upload banner picture' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upload banner picture' });
      expect(within(dialog).getByRole('button', { name: 'Select Image' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(within(dialog).getByRole('img', { name: 'Current picture' })).toHaveAttribute(
        'src',
        '/files/b.webp',
      );
    });

    it('rejects a file whose type is not an image before sending anything', async () => {
      const { calls } = mockApi({
        'GET /api/me': { body: makeMe() },
        'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      });
      const { user } = renderRoute('/profile');
      await user.click(await screen.findByRole('button', { name: 'Upload profile picture' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upload profile picture' });
      const input = within(dialog).getByTestId('avatar-file-input');
      fireEvent.change(input, {
        target: { files: [new File(['<html>'], 'page.png', { type: 'text/html' })] },
      });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'That file is not an image.',
      );
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('previews a chosen image before saving', async () => {
      mockApi({
        'GET /api/me': { body: makeMe({ avatarUrl: null }) },
        'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      });
      const { user } = renderRoute('/profile');
      await user.click(await screen.findByRole('button', { name: 'Upload profile picture' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upload profile picture' });
      await user.upload(
        within(dialog).getByTestId('avatar-file-input'),
        new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' }),
      );
      expect(within(dialog).getByRole('img', { name: 'Preview' })).toHaveAttribute(
        'src',
        'blob:preview',
      );
      expect(within(dialog).getByText('me.png · 2 KB')).toBeInTheDocument();
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled(),
      );
    });
  });
});
