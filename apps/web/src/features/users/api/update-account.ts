import { MeSchema, type Me, type UpdateAccountInput } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `PATCH /me/account`: username, full name, phone (`null` clears it). 409 `username_taken`. */
export function updateAccount(input: UpdateAccountInput): Promise<Me> {
  return api.patch('/me/account', { body: input, schema: MeSchema });
}

export function useUpdateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (me) => {
      queryClient.setQueryData(userKeys.me(), me);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) });
    },
  });
}
