import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver loaded on the first validation (the first submit, with react-hook-form's
 * default mode): the schema, zod and the zod resolver stay out of the page's JavaScript until
 * the user sends the form. Used by the signed-out first page (issue 6 item 7).
 */
export function lazyResolver<TValues extends FieldValues>(
  load: () => Promise<Resolver<TValues>>,
): Resolver<TValues> {
  let loading: Promise<Resolver<TValues>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (offline) must not stick: the next submit tries again.
      loading = null;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
