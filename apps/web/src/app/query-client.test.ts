import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('calls onUnauthorized when a query answers 401, without retrying it', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const queryFn = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'Sign in'));
    await client.fetchQuery({ queryKey: ['me'], queryFn }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors to the screen that asked', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({
        queryKey: ['post'],
        queryFn: () => Promise.reject(new ApiError(404, 'post_not_found', 'Gone')),
      })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
