import { SettingsSchema, type Settings, type UpdateSettingsInput } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { settingsKeys, USERS_ME_KEY } from './settings-keys';
import { apiErrorText } from '@/lib/api-error-text';

/** `PATCH /me/settings`: only the given fields change. 403 `nsfw_requires_adult`. */
export function updateSettings(input: UpdateSettingsInput): Promise<Settings> {
  return api.patch('/me/settings', { body: input, schema: SettingsSchema });
}

/** Applies a partial change to cached settings, merging notification preferences. */
export function mergeSettings(current: Settings, input: UpdateSettingsInput): Settings {
  const { notifications, ...rest } = input;
  return {
    ...current,
    ...rest,
    notifications: { ...current.notifications, ...notifications },
  };
}

interface Context {
  previous: Settings | undefined;
}

/**
 * Changes settings optimistically: the switch moves at once, and goes back with a toast when the
 * server refuses. The server's answer then replaces the cache (it is the whole Settings).
 */
export function useUpdateSettingsMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('settings');
  const key = settingsKeys.me();

  return useMutation<Settings, unknown, UpdateSettingsInput, Context>({
    mutationKey: [...key, 'update'],
    mutationFn: updateSettings,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Settings>(key);
      if (previous) queryClient.setQueryData<Settings>(key, mergeSettings(previous, input));
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({
        variant: 'error',
        title: t('errors.saveFailed'),
        description: apiErrorText(t, error),
      });
    },
    onSuccess: (settings, input) => {
      queryClient.setQueryData(key, settings);
      // The profile (GET /me) carries the NSFW flag too.
      if (input.nsfwOptIn !== undefined)
        void queryClient.invalidateQueries({ queryKey: USERS_ME_KEY });
    },
  });
}
