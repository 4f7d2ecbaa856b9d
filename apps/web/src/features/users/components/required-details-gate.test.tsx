import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { makeMe, mockApi } from '../testing/api-mock';
import { RequiredDetailsGate } from './required-details-gate';

afterEach(() => {
  vi.unstubAllGlobals();
});

const Feed = () => <p>The feed</p>;

describe('RequiredDetailsGate', () => {
  it('shows the required-details screen instead of the feed while details are missing', async () => {
    mockApi({
      'GET /api/me': {
        body: makeMe({
          birthday: null,
          bio: null,
          bannerUrl: null,
          requiredDetailsMissing: ['birthday', 'bannerImage', 'bio'],
        }),
      },
    });
    renderWithProviders(
      <RequiredDetailsGate>
        <Feed />
      </RequiredDetailsGate>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finish your profile' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The feed')).not.toBeInTheDocument();
    expect(screen.getByText('1 of 4 done')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('month dd, yyyy')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter a bio!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload banner picture' })).toBeInTheDocument();
    // The profile picture is there already: its step is done, with no button.
    const done = screen.getByRole('listitem', { name: 'Profile picture' });
    expect(within(done).getByText('Done')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Upload profile picture' }),
    ).not.toBeInTheDocument();
  });

  it('lets the user fill the last detail there, then shows the feed', async () => {
    mockApi({
      'GET /api/me': { body: makeMe({ bio: null, requiredDetailsMissing: ['bio'] }) },
      'PATCH /api/me/profile': { body: makeMe({ bio: 'Hi!', requiredDetailsMissing: [] }) },
    });
    const { user } = renderWithProviders(
      <RequiredDetailsGate>
        <Feed />
      </RequiredDetailsGate>,
    );
    await user.type(await screen.findByPlaceholderText('Enter a bio!'), 'Hi!');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The feed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Finish your profile' })).not.toBeInTheDocument();
  });

  it('shows the feed at once when nothing is missing', async () => {
    mockApi({ 'GET /api/me': { body: makeMe() } });
    renderWithProviders(
      <RequiredDetailsGate>
        <Feed />
      </RequiredDetailsGate>,
    );
    expect(await screen.findByText('The feed')).toBeInTheDocument();
  });
});
