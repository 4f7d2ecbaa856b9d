import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { UnitForm } from './unit-form';

describe('UnitForm', () => {
  it('leaves a blank number out, says a bad number in words, and puts a taken number under Number', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(409, 'number_taken', 'That number is already used in this entry.'),
      )
      .mockResolvedValue(undefined);
    const { user } = renderWithProviders(
      <UnitForm noun="Episode" submitLabel="Add episode" onSubmit={onSubmit} />,
    );
    const number = screen.getByLabelText('Episode number');
    await user.type(number, 'two');
    await user.click(screen.getByRole('button', { name: 'Add episode' }));
    expect(await screen.findByText('Enter a whole number from 1.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(number);
    await user.type(number, '2');
    await user.type(screen.getByLabelText('Episode title'), 'Rain');
    await user.click(screen.getByRole('button', { name: 'Add episode' }));
    expect(
      await screen.findByText('That number is already used in this entry.'),
    ).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).toHaveBeenLastCalledWith({ number: 2, title: 'Rain' });

    await user.clear(number);
    await user.click(screen.getByRole('button', { name: 'Add episode' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ title: 'Rain' }));
  });
});
