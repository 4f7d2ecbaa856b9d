import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SpoilerCover } from './spoiler-cover';
import {
  SpoilerTagPicker,
  toSpoilerTagInput,
  type SpoilerDraft,
  type SpoilerSeries,
} from './spoiler-tag-picker';

vi.setConfig({ testTimeout: 20_000 });

const LIBRARY = [
  { id: '11111111-1111-4111-8111-111111111111', kind: 'video', title: 'Circuit Dojo' },
  { id: '22222222-2222-4222-8222-222222222222', kind: 'manga', title: 'Lighthouse Letters' },
] as const;

function summary(m: (typeof LIBRARY)[number]) {
  return {
    ...m,
    author: '',
    coverUrl: null,
    nsfw: false,
    episodeCount: 7,
    volumeCount: 0,
    issueCount: 0,
    likeCount: 0,
    viewCount: 0,
    commentCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

let searches: string[] = [];
beforeEach(() => {
  searches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/media') return new Response('{}', { status: 404 });
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      searches.push(q);
      const items = LIBRARY.filter((m) => m.title.toLowerCase().includes(q)).map(summary);
      return new Response(JSON.stringify({ items, nextCursor: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The picker as a composer holds it, with the draft shown for assertions. */
function Harness({ suggested }: { suggested?: SpoilerSeries | null }) {
  const [value, setValue] = useState<SpoilerDraft | null>(null);
  return (
    <>
      <SpoilerTagPicker value={value} onChange={setValue} suggested={suggested} />
      <output data-testid="input">{JSON.stringify(toSpoilerTagInput(value) ?? null)}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('input').textContent ?? 'null');

describe('SpoilerTagPicker', () => {
  it('adds a tag: searches the library, offers the units the series allows, takes the number', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(sent()).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Tag a spoiler' }));
    expect(screen.getByRole('group', { name: 'Spoiler tag' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Series' }), 'light');
    // The library is searched for what was typed: only the matching series stays listed.
    await waitFor(() => expect(searches).toContain('light'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Circuit Dojo/ })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: /Lighthouse Letters/ }));

    // A manga is tagged by volume or chapter, never by episode.
    const unit = screen.getByRole('combobox', { name: 'Unit' });
    expect(Array.from(unit.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'Volume',
      'Chapter',
    ]);
    await user.selectOptions(unit, 'chapter');
    await user.type(screen.getByRole('spinbutton', { name: 'Number' }), '3');
    expect(sent()).toEqual({ mediaId: LIBRARY[1].id, unit: 'chapter', number: 3 });

    // Changing the series asks again; removing the tag sends none.
    await user.click(
      screen.getByRole('button', { name: 'Change the series (Lighthouse Letters)' }),
    );
    expect(screen.getByRole('searchbox', { name: 'Series' })).toBeInTheDocument();
    expect(sent().mediaId).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Remove spoiler tag' }));
    expect(sent()).toBeNull();
  });

  it("starts a new tag with the community's series, by episode for a video series", async () => {
    const { user } = renderWithProviders(
      <Harness suggested={{ id: LIBRARY[0].id, title: 'Circuit Dojo', kind: 'video' }} />,
    );
    expect(
      await screen.findByText(/people who have not reached that point of Circuit Dojo/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tag a spoiler' }));
    expect(screen.getByText('Circuit Dojo')).toBeInTheDocument();
    const unit = screen.getByRole('combobox', { name: 'Unit' });
    expect(Array.from(unit.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'Episode',
    ]);
    // No number yet: the request would carry NaN, which the shared schema refuses.
    expect(sent()).toMatchObject({ mediaId: LIBRARY[0].id, unit: 'episode', number: null });
    await user.type(screen.getByRole('spinbutton', { name: 'Number' }), '5');
    expect(sent()).toEqual({ mediaId: LIBRARY[0].id, unit: 'episode', number: 5 });
  });
});

describe('SpoilerCover', () => {
  it('reads exactly "Spoiler for {series} ep {n} — you\'re at ep {m}" (vol, ch alike) and reveals on click', async () => {
    const onReveal = vi.fn();
    const tag = {
      mediaId: LIBRARY[0].id,
      mediaTitle: 'Circuit Dojo',
      unit: 'episode' as const,
      number: 5,
      covered: true,
      viewerAt: 3,
    };
    const { user } = renderWithProviders(
      <>
        <SpoilerCover tag={tag} onReveal={onReveal} />
        <SpoilerCover
          tag={{ ...tag, unit: 'volume', number: 2, viewerAt: 0 }}
          onReveal={() => {}}
        />
      </>,
    );
    const text = await screen.findByText("Spoiler for Circuit Dojo ep 5 — you're at ep 3");
    expect(
      screen.getByText("Spoiler for Circuit Dojo vol 2 — you're at vol 0"),
    ).toBeInTheDocument();
    const [button] = screen.getAllByRole('button', { name: 'Reveal' });
    // The message describes the button, so each Reveal in a list says what it reveals.
    expect(button).toHaveAttribute('aria-describedby', text.id);
    expect(button).toHaveAccessibleDescription("Spoiler for Circuit Dojo ep 5 — you're at ep 3");
    await user.click(button!);
    expect(onReveal).toHaveBeenCalledTimes(1);
  });

  it('says when revealing is under way and when it failed', async () => {
    const tag = {
      mediaId: LIBRARY[1].id,
      mediaTitle: 'Lighthouse Letters',
      unit: 'chapter' as const,
      number: 4,
      covered: true,
      viewerAt: 1,
    };
    renderWithProviders(<SpoilerCover tag={tag} onReveal={() => {}} pending failed />);
    expect(
      await screen.findByText("Spoiler for Lighthouse Letters ch 4 — you're at ch 1"),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revealing…' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reveal it. Try again.');
  });
});
