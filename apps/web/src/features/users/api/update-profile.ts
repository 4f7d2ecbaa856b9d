import { MeSchema, type Me, type UpdateProfileInput } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/**
 * `PATCH /me/profile`: sets bio and/or birthday, each only while still empty
 * (409 `already_set` otherwise; 400 `validation_error` naming the field, e.g. under 18).
 */
export function updateProfile(input: UpdateProfileInput): Promise<Me> {
  return api.patch('/me/profile', { body: input, schema: MeSchema });
}

/** Errors are left to the form, which puts them under the field. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(userKeys.me(), me);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) });
    },
  });
}
