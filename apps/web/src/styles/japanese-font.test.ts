import { describe, expect, it, vi } from 'vitest';
import { loadJapaneseFontWhenNeeded, type LanguageSource } from './japanese-font';

function fakeI18n(language: string) {
  const listeners: Array<(lng: string) => void> = [];
  const source: LanguageSource = {
    language,
    on: (_event, listener) => listeners.push(listener),
  };
  const change = (lng: string) => {
    source.language = lng;
    for (const l of listeners) l(lng);
  };
  return { source, change };
}

describe('loadJapaneseFontWhenNeeded', () => {
  it('loads nothing while the interface is English', () => {
    const { source, change } = fakeI18n('en');
    const load = vi.fn(() => Promise.resolve());
    loadJapaneseFontWhenNeeded(source, load);
    change('en');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads at start when the language is Japanese already', () => {
    const { source } = fakeI18n('ja');
    const load = vi.fn(() => Promise.resolve());
    loadJapaneseFontWhenNeeded(source, load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once, at the first switch to Japanese', () => {
    const { source, change } = fakeI18n('en');
    const load = vi.fn(() => Promise.resolve());
    loadJapaneseFontWhenNeeded(source, load);
    change('ja');
    change('en');
    change('ja-JP');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next switch when loading failed', async () => {
    const { source, change } = fakeI18n('ja');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    loadJapaneseFontWhenNeeded(source, load);
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    change('ja');
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
