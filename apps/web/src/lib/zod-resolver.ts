import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `zodResolver(schema)` over what the form will send rather than its raw fields: a form whose
 * fields are not the request (an optional phone left empty, only the changed fields, a draft
 * with uploads kept outside the form) still checks the one shared schema. Issue paths are the
 * request's; name the form's fields after them.
 */
export function zodResolverOf<TValues extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: TValues) => z.input<S>,
): Resolver<TValues, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown>;
  return (async (values: TValues, context: unknown, options: never) => {
    const result = await resolve(toInput(values) as FieldValues, context, options);
    return result;
  }) as unknown as Resolver<TValues, unknown, z.output<S>>;
}
