import {
  UserStandingSchema,
  type ReasonInput,
  type SetRoleInput,
  type SuspendUserInput,
  type UserStanding,
  type UserStandingPage,
} from '@otakura/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './moderation-keys';

/*
 * The people page's actions. Each answers the person's new standing (the role change may answer
 * anything: the lists refetch), which replaces their row at once.
 */

const userPath = (userId: string, what: string) =>
  `/moderation/users/${encodeURIComponent(userId)}/${what}`;

/** `POST /moderation/users/:userId/warn` */
export function warnUser({ userId, input }: { userId: string; input: ReasonInput }) {
  return api.post(userPath(userId, 'warn'), { body: input, schema: UserStandingSchema });
}

/** `POST /moderation/users/:userId/suspend` */
export function suspendUser({ userId, input }: { userId: string; input: SuspendUserInput }) {
  return api.post(userPath(userId, 'suspend'), { body: input, schema: UserStandingSchema });
}

/** `POST /moderation/users/:userId/unsuspend` */
export function unsuspendUser({ userId, input }: { userId: string; input: ReasonInput }) {
  return api.post(userPath(userId, 'unsuspend'), { body: input, schema: UserStandingSchema });
}

/** `PUT /admin/users/:userId/role` (admins only). */
export async function setUserRole({ userId, input }: { userId: string; input: SetRoleInput }) {
  await api.put(`/admin/users/${encodeURIComponent(userId)}/role`, { body: input });
}

function useStandingUpdate() {
  const queryClient = useQueryClient();
  return (standing: UserStanding) => {
    queryClient.setQueriesData<InfiniteData<UserStandingPage>>(
      { queryKey: moderationKeys.peopleLists() },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((p) => (p.id === standing.id ? standing : p)),
          })),
        },
    );
    void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  };
}

export function useWarnUserMutation() {
  const update = useStandingUpdate();
  return useMutation({ mutationFn: warnUser, onSuccess: update });
}

export function useSuspendUserMutation() {
  const update = useStandingUpdate();
  return useMutation({ mutationFn: suspendUser, onSuccess: update });
}

export function useUnsuspendUserMutation() {
  const update = useStandingUpdate();
  return useMutation({ mutationFn: unsuspendUser, onSuccess: update });
}

export function useSetRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
