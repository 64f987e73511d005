import type { MutationFunctionContext, QueryKey } from '@tanstack/react-query';

/**
 * The callbacks of a mutation that changes its query's data at once and puts it back if the server
 * refuses: a switch moves when pressed, not a round trip later. The server's answer is kept after.
 */
export function optimisticUpdate<Data, Variables>(
  queryKey: QueryKey,
  apply: (data: Data, variables: Variables) => Data,
) {
  return {
    onMutate: async (variables: Variables, { client }: MutationFunctionContext) => {
      // An answer still on its way must not overwrite the change just made.
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData<Data>(queryKey);
      if (before !== undefined) client.setQueryData<Data>(queryKey, apply(before, variables));
      return { before };
    },
    onError: (
      _error: unknown,
      _variables: Variables,
      changed: { before: Data | undefined } | undefined,
      { client }: MutationFunctionContext,
    ) => {
      if (changed?.before !== undefined) client.setQueryData<Data>(queryKey, changed.before);
    },
    onSuccess: (data: Data, _variables: Variables, _changed: unknown, { client }: MutationFunctionContext) => {
      client.setQueryData<Data>(queryKey, data);
    },
  };
}
