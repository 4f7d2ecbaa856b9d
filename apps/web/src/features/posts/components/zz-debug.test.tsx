import { screen, within } from '@testing-library/react';
import { it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { makePost, mockApi, page } from '../testing/posts-mock';
import { FeedView } from './feed-view';
vi.setConfig({ testTimeout: 20_000 });
const image = (n: number) => ({ url: `/files/img-${n}.webp`, largeUrl: null, width: 800, height: 600, placeholder: '#223344' });
it('debug', async () => {
  mockApi({ 'GET /api/feed': page([makePost({ title: 'One', type: 1, body: null, images: [image(1), image(2)] }), makePost({ title: 'Two', type: 1, body: null, images: [image(4)] })]) });
  const { user, router } = renderWithProviders(<FeedView viewerId="me" renderComments={(p) => <p>Comments of {p.title}</p>} onModalClose={() => {}} />, { path: '/feed' });
  await user.click(await screen.findByRole('link', { name: 'One' }));
  const d = await screen.findByRole('dialog', { name: 'One' }, { timeout: 4000 });
  await user.click(within(d).getByRole('button', { name: 'Next post' }));
  await new Promise((r) => setTimeout(r, 1500));
  console.log('LOC', JSON.stringify(router.state.location));
  const dd = document.querySelector('[role=dialog]');
  console.log('LBL', dd?.getAttribute('aria-labelledby'), dd?.querySelector('h2')?.outerHTML);
});
