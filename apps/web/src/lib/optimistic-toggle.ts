import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

export interface OptimisticToggleOptions<TData, TResult> {
  /** The cached value the toggle changes at once (a profile, a community). */
  queryKey: QueryKey;
  /** Appended to `queryKey` to name the mutation (`'follow'`, `'membership'`). */
  name: string;
  /** Sends the change: `true` turns it on (follow), `false` off; both idempotent. */
  send: (on: boolean) => Promise<TResult>;
  /** The cached value as it will be once the server agrees, or null when it already is. */
  predict: (data: TData, on: boolean) => TData | null;
  /** Writes the server's answer over the prediction (its counts win). */
  confirm: (result: TResult, queryClient: QueryClient) => void;
  /** After the cache went back: tell the user (a toast in the feature). */
  onRefused: (error: unknown, on: boolean) => void;
  /** After either outcome: refresh what else the change touched. */
  onSettled?: (queryClient: QueryClient) => void;
}

/**
 * An on/off switch the user expects to move at once (follow a user, follow a community): the
 * cache shows the new state immediately, goes back when the server refuses, and takes the
 * server's answer when it comes.
 */
export function useOptimisticToggle<TData, TResult>({
  queryKey,
  name,
  send,
  predict,
  confirm,
  onRefused,
  onSettled,
}: OptimisticToggleOptions<TData, TResult>) {
  const queryClient = useQueryClient();
  return useMutation<TResult, unknown, boolean, { previous: TData | undefined }>({
    mutationKey: [...queryKey, name],
    mutationFn: send,
    onMutate: async (on) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TData>(queryKey);
      const next = previous === undefined ? null : predict(previous, on);
      if (next !== null) queryClient.setQueryData<TData>(queryKey, next);
      return { previous };
    },
    onError: (error, on, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(queryKey, context.previous);
      onRefused(error, on);
    },
    onSuccess: (result) => confirm(result, queryClient),
    onSettled: () => onSettled?.(queryClient),
  });
}
