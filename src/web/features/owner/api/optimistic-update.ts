import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The callbacks of a mutation that changes its query's data at once and puts it back if the server
 * refuses: a switch moves when pressed, not a round trip later. The server's answer is kept after.
 */
export function optimisticUpdate<Data, Variables>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  apply: (data: Data, variables: Variables) => Data,
) {
  return {
    onMutate: async (variables: Variables) => {
      // An answer still on its way must not overwrite the change just made.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Data>(queryKey);
      if (before !== undefined) queryClient.setQueryData<Data>(queryKey, apply(before, variables));
      return { before };
    },
    onError: (_error: unknown, _variables: Variables, context: { before: Data | undefined } | undefined) => {
      if (context?.before !== undefined) queryClient.setQueryData<Data>(queryKey, context.before);
    },
    onSuccess: (data: Data) => {
      queryClient.setQueryData<Data>(queryKey, data);
    },
  };
}
