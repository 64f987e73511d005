import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createOwnerQueryClient } from './owner-query-client.js';

describe('the owner area’s query client', () => {
  it('loads the queries a successful call’s meta names again, and the call waits for them', async () => {
    const queryClient = createOwnerQueryClient();
    let loads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['security'],
      queryFn: async () => {
        loads += 1;
        return loads;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    queryClient.setQueryData(['sessions'], 'kept');

    await new MutationObserver(queryClient, {
      mutationFn: async () => 'done',
      meta: { invalidates: [['security']] },
    }).mutate();
    expect(loads).toBe(2);
    expect(queryClient.getQueryData(['security'])).toBe(2);
    expect(queryClient.getQueryState(['sessions'])?.isInvalidated).toBe(false);
    unsubscribe();
  });

  it('makes a call’s answer the data of the query its meta says it updates, and changes nothing when it fails', async () => {
    const queryClient = createOwnerQueryClient();
    queryClient.setQueryData(['report'], 'old');
    await new MutationObserver(queryClient, {
      mutationFn: async () => 'new',
      meta: { updates: ['report'] },
    }).mutate();
    expect(queryClient.getQueryData(['report'])).toBe('new');

    const failing = new MutationObserver(queryClient, {
      mutationFn: async () => Promise.reject(new Error('refused')),
      meta: { updates: ['report'], invalidates: [['report']] },
    });
    await expect(failing.mutate()).rejects.toThrow('refused');
    expect(queryClient.getQueryData(['report'])).toBe('new');
    expect(queryClient.getQueryState(['report'])?.isInvalidated).toBe(false);
  });
});
