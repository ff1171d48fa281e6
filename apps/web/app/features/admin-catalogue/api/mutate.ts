import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from './keys.ts';

/** A mutation of the catalogue that refreshes every catalogue query once it settles. */
export function useCatalogueMutation<TVariables, TResult>(
  run: (variables: TVariables) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
