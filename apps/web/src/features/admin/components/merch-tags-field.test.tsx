import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ITEM_ID, makeItem, mockFetch, type MockRequest } from '../testing/admin-mock';
import { ShopItemEditor } from './shop-item-editor';

afterEach(() => {
  vi.unstubAllGlobals();
});

const writes = (calls: MockRequest[]) => calls.filter((c) => c.method !== 'GET');

const MANGA = {
  id: '0190eeee-0000-7000-8000-00000000b001',
  kind: 'manga' as const,
  title: 'Lighthouse Letters',
  author: 'Naomi Verhoeven',
  coverUrl: null,
  nsfw: false,
  episodeCount: 0,
  volumeCount: 2,
  issueCount: 5,
  likeCount: 0,
  viewCount: 0,
  commentCount: 0,
};
const VOL2 = '0190eeee-0000-7000-8000-00000000d002';
const volume = (id: string, number: number, title: string) => ({
  id,
  mediaId: MANGA.id,
  number,
  title,
  coverUrl: null,
  issues: [],
});
const COMMUNITY = {
  id: '0190eeee-0000-7000-8000-00000000c009',
  name: 'Manga Reading Room',
  imageUrl: null,
  thumbnailUrl: null,
  memberCount: 3,
  about: '',
  postCount: 1,
  isMember: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('ShopItemEditor: merch tags', () => {
  it('finds a series and a community, picks the volume, and sends only the tags that changed', async () => {
    const item = makeItem();
    const { calls } = mockFetch({
      [`GET /api/shop/items/${ITEM_ID}`]: { body: item },
      'GET /api/media': { body: { items: [MANGA], nextCursor: null } },
      [`GET /api/media-pages/${MANGA.id}`]: {
        body: {
          id: MANGA.id,
          mediaId: MANGA.id,
          kind: 'manga',
          page: 1,
          pageCount: 1,
          episodes: [],
          volumes: [
            volume('0190eeee-0000-7000-8000-00000000d001', 1, 'The First Tide'),
            volume(VOL2, 2, 'Ink Runs in Rain'),
          ],
          issues: [],
        },
      },
      'GET /api/communities': { body: { items: [COMMUNITY], nextCursor: null } },
      [`PATCH /api/admin/shop/items/${ITEM_ID}`]: (req) => ({
        body: {
          ...item,
          series: { id: MANGA.id, title: MANGA.title, kind: 'manga' },
          volume: { id: VOL2, number: 2, title: 'Ink Runs in Rain' },
          communities: [{ id: COMMUNITY.id, name: COMMUNITY.name }],
          ...(req.body as object),
        },
      }),
    });
    const { user } = renderWithProviders(<ShopItemEditor itemId={ITEM_ID} />);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Series' }), 'light');
    await user.click(await screen.findByRole('button', { name: 'Choose Lighthouse Letters' }));
    expect(
      screen.getByRole('button', { name: 'Remove the series Lighthouse Letters' }),
    ).toBeVisible();
    const select = await screen.findByRole('combobox', { name: 'This item is a volume' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'Vol. 2: Ink Runs in Rain');

    await user.type(screen.getByRole('searchbox', { name: 'Communities' }), 'manga');
    await user.click(await screen.findByRole('button', { name: 'Add Manga Reading Room' }));
    expect(screen.getByRole('button', { name: 'Remove Manga Reading Room' })).toBeVisible();

    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      mediaId: MANGA.id,
      mediaVolumeId: VOL2,
      communityIds: [COMMUNITY.id],
    });
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
  });

  it('removing the series clears the volume and sends nulls', async () => {
    const item = makeItem({
      series: { id: MANGA.id, title: MANGA.title, kind: 'manga' },
      volume: { id: VOL2, number: 2, title: '' },
      communities: [{ id: COMMUNITY.id, name: COMMUNITY.name }],
    });
    const { calls } = mockFetch({
      [`GET /api/shop/items/${ITEM_ID}`]: { body: item },
      [`GET /api/media-pages/${MANGA.id}`]: {
        body: {
          id: MANGA.id,
          mediaId: MANGA.id,
          kind: 'manga',
          page: 1,
          pageCount: 1,
          episodes: [],
          volumes: [volume(VOL2, 2, '')],
          issues: [],
        },
      },
      [`PATCH /api/admin/shop/items/${ITEM_ID}`]: {
        body: { ...item, series: null, volume: null, communities: [] },
      },
    });
    const { user } = renderWithProviders(<ShopItemEditor itemId={ITEM_ID} />);
    await user.click(
      await screen.findByRole('button', { name: 'Remove the series Lighthouse Letters' }),
    );
    expect(screen.queryByRole('combobox', { name: 'This item is a volume' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Manga Reading Room' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      mediaId: null,
      mediaVolumeId: null,
      communityIds: [],
    });
  });
});
