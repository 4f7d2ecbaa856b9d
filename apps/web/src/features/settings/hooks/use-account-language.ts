import { useEffect } from 'react';
import { LANGUAGE_STORAGE_KEY, setLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { useSettingsQuery } from '../api/get-settings';

/**
 * Applies the language saved with the account (GET /me/settings) on a device that has no choice
 * of its own yet, so picking 日本語 on one device carries over to the next. A choice made on this
 * device wins. Mount once inside the signed-in layout: `useAccountLanguage(isSignedIn)`.
 */
export function useAccountLanguage(enabled: boolean): void {
  const { data } = useSettingsQuery({ enabled });
  const language = data?.language;
  useEffect(() => {
    if (!language || language === 'auto') return;
    if (storage.get(LANGUAGE_STORAGE_KEY) !== null) return;
    void setLanguage(language);
  }, [language]);
}
