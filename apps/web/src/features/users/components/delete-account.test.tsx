import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, json, mockApi } from '../testing/api-mock';
import { DeleteAccountSection } from './delete-account';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Delete Account', () => {
  it('asks for confirmation with a clear warning and the password before deleting', async () => {
    const { calls: all } = mockApi({ 'POST /api/auth/delete-user': json({ success: true }) });
    // The session store may check the session (GET) meanwhile; what counts is the delete.
    const deletes = () => all.filter((c) => c.path === '/api/auth/delete-user');
    const onDeleted = vi.fn();
    const { user } = renderWithProviders(<DeleteAccountSection onDeleted={onDeleted} />);

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    expect(deletes()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'hunter22');
    await user.click(confirm);

    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes()).toHaveLength(1);
    expect(deletes()[0]).toMatchObject({ method: 'POST', body: { password: 'hunter22' } });
  });

  it('keeps the dialog open with the error under the password when it is wrong', async () => {
    mockApi({
      'POST /api/auth/delete-user': apiError(
        400,
        'wrong_password',
        'That password is not correct.',
      ),
    });
    const onDeleted = vi.fn();
    const { user } = renderWithProviders(<DeleteAccountSection onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('That password is not correct.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('does nothing when cancelled', async () => {
    const { calls } = mockApi({});
    const { user } = renderWithProviders(<DeleteAccountSection onDeleted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });
});
