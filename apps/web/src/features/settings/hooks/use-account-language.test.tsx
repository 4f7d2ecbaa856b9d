import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { settingsFixture, stubApi } from '../testing/stub-api';
import { useAccountLanguage } from './use-account-language';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('useAccountLanguage', () => {
  it("follows the account's language on a device without a choice", async () => {
    stubApi({ 'GET /api/me/settings': settingsFixture({ language: 'ja' }) });
    renderHook(() => useAccountLanguage(true), { wrapper });
    await waitFor(() => expect(i18n.language).toBe('ja'));
    expect(localStorage.getItem('otakura.language')).toBe('ja');
  });

  it("keeps this device's own choice", async () => {
    localStorage.setItem('otakura.language', 'en');
    const calls = stubApi({ 'GET /api/me/settings': settingsFixture({ language: 'ja' }) });
    renderHook(() => useAccountLanguage(true), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(i18n.language).toBe('en');
  });
});
