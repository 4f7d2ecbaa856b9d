import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, json, makeMe, mockApi } from '../testing/api-mock';
import { AccountDetailsForm } from './account-details-form';
import { AccountStatsSection, AchievementsSection } from './account-stats';
import { BirthdaySection } from './birthday-section';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STATS = {
  posts: 12,
  comments: 3,
  likesGiven: 1234,
  likesReceived: 150,
  followers: 0,
  following: 4,
  communities: 2,
  memberSince: '2024-03-05T00:00:00.000Z',
};

describe('/your-account sections', () => {
  it('shows the real Account Statistics and achievements derived from them', async () => {
    mockApi({ 'GET /api/me/stats': { body: STATS } });
    renderWithProviders(
      <>
        <AccountStatsSection />
        <AchievementsSection />
      </>,
    );
    const stats = await screen.findByRole('region', { name: 'Account Statistics' });
    await within(stats).findByText('1,234');
    const term = (label: string) => within(stats).getByText(label).nextElementSibling;
    expect(term('Likes given')).toHaveTextContent('1,234');
    expect(term('Posts')).toHaveTextContent('12');
    expect(term('Likes received')).toHaveTextContent('150');

    const achievements = screen.getByRole('region', { name: 'User Achievements' });
    const earned = within(achievements)
      .getAllByText('Earned')
      .map((el) => el.closest('li')!.querySelector('.achievement__name')!.textContent);
    expect(earned).toEqual(
      expect.arrayContaining(['First post', '10 posts', '100 likes received', 'First comment']),
    );
    expect(earned).not.toContain('First follower');
  });

  it('changes the username, putting a taken name error under the field', async () => {
    const { calls } = mockApi({
      'PATCH /api/me/account': apiError(
        409,
        'username_taken',
        'That username is already taken. Please try another.',
      ),
    });
    const { user } = renderWithProviders(<AccountDetailsForm me={makeMe()} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'Kenji');
    await user.click(save);
    expect(
      await screen.findByText('That username is already taken. Please try another.'),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { username: 'Kenji' } });
  });

  it('sends a change-email request and says a confirmation link was mailed', async () => {
    const { calls } = mockApi({ 'POST /api/auth/change-email': json({ status: true }) });
    const { user } = renderWithProviders(<EmailForm me={makeMe()} />);
    await user.type(screen.getByLabelText('New email'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'we sent a confirmation link to aiko@example.com. Your email changes to new@example.com once you open it.',
    );
    expect(calls[0]!.body).toEqual({ newEmail: 'new@example.com', callbackURL: '/your-account' });
  });

  it('shows the birthday read-only once set', () => {
    renderWithProviders(<BirthdaySection me={makeMe({ birthday: 'May 03, 1995' })} />);
    const input = screen.getByRole('textbox', { name: 'Birthday' });
    expect(input).toHaveValue('May 03, 1995');
    expect(input).toHaveAttribute('readonly');
  });

  it('changes the password with the current one, checking the two new ones match', async () => {
    const { calls } = mockApi({
      'POST /api/auth/change-password': json({ token: null }),
    });
    const { user } = renderWithProviders(<PasswordForm />);
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-passwort');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password',
      revokeOtherSessions: true,
    });
  });
});

describe('/your-account forms: server errors', () => {
  it("puts a validation_error's detail under the field it names", async () => {
    mockApi({
      'PATCH /api/me/account': apiError(400, 'validation_error', 'phone: is not valid', [
        { path: 'phone', message: 'Please enter a valid phone number.' },
      ]),
    });
    const { user } = renderWithProviders(<AccountDetailsForm me={makeMe()} />);
    await user.type(screen.getByLabelText('Phone'), '+81 3 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid phone number.'),
    );
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the shared username rule before sending', async () => {
    const { calls } = mockApi({});
    const { user } = renderWithProviders(<AccountDetailsForm me={makeMe()} />);
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining('Username may only use letters, digits, _ and .'),
      ),
    );
    expect(calls).toHaveLength(0);
  });

  it('says a wrong current password under that field, and other failures in the form', async () => {
    let reply = () => apiError(400, 'wrong_password', 'That password is not correct.');
    mockApi({ 'POST /api/auth/change-password': () => reply() });
    const { user } = renderWithProviders(<PasswordForm />);
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'That password is not correct.',
      ),
    );

    reply = () => apiError(500, 'internal_error', 'Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
  });

  it('says a refused new email under the email field', async () => {
    mockApi({
      'POST /api/auth/change-email': apiError(
        409,
        'email_taken',
        'An account with this email already exists.',
      ),
    });
    const { user } = renderWithProviders(<EmailForm me={makeMe()} />);
    await user.type(screen.getByLabelText('New email'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New email')).toHaveAccessibleDescription(
        'An account with this email already exists.',
      ),
    );
  });
});
