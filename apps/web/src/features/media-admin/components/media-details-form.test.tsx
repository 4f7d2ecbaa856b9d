import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, json, makeMedia, mockApi } from '../testing/media-admin-mocks';
import { EditMediaScreen, NewMediaScreen } from './media-editor';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('media entry details form', () => {
  it('checks the shared rules before sending: a blank title is said under Title and nothing is sent', async () => {
    const { calls } = mockApi({});
    const { user } = renderWithProviders(<NewMediaScreen />);
    await user.click(screen.getByRole('button', { name: 'Create entry' }));
    const title = screen.getByLabelText('Title');
    expect(await screen.findByText('Please enter a title.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Please enter a title.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends every field (keywords split, reading direction for manga) and puts the server’s field errors under their fields', async () => {
    const { calls } = mockApi({
      'POST /api/admin/media': apiError(400, 'validation_error', 'keywords.1: too long', [
        { path: 'body.keywords.1', message: 'A keyword must be at most 60 characters.' },
        { path: 'body.about', message: 'About must be at most 5000 characters.' },
      ]),
    });
    const { user } = renderWithProviders(<NewMediaScreen />);
    await user.click(screen.getByRole('radio', { name: /Manga/ }));
    await user.type(screen.getByLabelText('Title'), 'Paper Moon');
    await user.type(screen.getByLabelText('Author'), 'Hana Sato');
    await user.type(screen.getByLabelText('Language'), 'Japanese');
    await user.type(screen.getByLabelText('About'), 'Letters to the moon.');
    await user.type(screen.getByLabelText('Keywords'), 'romance, , letters ');
    expect(screen.getByLabelText('Reading direction')).toHaveValue('rtl');
    await user.click(screen.getByRole('checkbox', { name: /NSFW/ }));
    await user.click(screen.getByRole('button', { name: 'Create entry' }));

    expect(await screen.findByText('A keyword must be at most 60 characters.')).toBeInTheDocument();
    expect(screen.getByText('About must be at most 5000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Keywords')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('About')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      kind: 'manga',
      title: 'Paper Moon',
      author: 'Hana Sato',
      about: 'Letters to the moon.',
      language: 'Japanese',
      nsfw: true,
      keywords: ['romance', 'letters'],
      readingDirection: 'rtl',
    });
  });

  it('edits an entry: fields come from the server, the kind is fixed, and Save sends the change', async () => {
    const media = makeMedia();
    const { calls } = mockApi({
      'GET /api/media/0190aaaa-0000-7000-8000-00000000a001': json(media),
      'PATCH /api/admin/media/0190aaaa-0000-7000-8000-00000000a001': (req) =>
        json({ ...media, ...(req.body as object) }),
    });
    const { user } = renderWithProviders(<EditMediaScreen mediaId={media.id} />);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Starlight Courier');
    expect(screen.getByLabelText('Keywords')).toHaveValue('space, slice of life');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reading direction')).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save details' });
    expect(save).toBeDisabled();
    await user.clear(title);
    await user.type(title, 'Starlight Courier Zero');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      title: 'Starlight Courier Zero',
      keywords: ['space', 'slice of life'],
      language: 'Japanese',
    });
    expect(await screen.findByText('Details saved.')).toBeInTheDocument();
  });
});
