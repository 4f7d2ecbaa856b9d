import i18next from 'i18next';
import type { BaseSyntheticEvent } from 'react';
import type {
  FieldErrors,
  FieldPath,
  FieldValues,
  Resolver,
  UseFormReturn,
  UseFormSetError,
} from 'react-hook-form';
import { isApiError } from './api-client';
import { networkError } from './api-error';

/**
 * Forms are react-hook-form over the shared zod schemas (`zodResolver(Schema)`, `zodResolverOf`
 * in zod-resolver.ts, or `lazyResolver` on pages that must not load zod first), so the web and
 * the server check one rule. A failed submit goes through `applyServerError`: a
 * `validation_error`'s details land on their fields, anything else in the form's error area,
 * read back with `formError(errors)`.
 */

/** The form-wide error (the form's error area): `setError(FORM_ERROR, …)`, `errors.root.server`. */
export const FORM_ERROR = 'root.server' as const;

export interface ServerErrorOptions<T extends FieldValues> {
  /** The form's fields: a detail whose path is one of them (or under one: `uploadIds.2`) lands there. */
  fields: readonly FieldPath<T>[];
  /** Server paths named otherwise in the form (`{ name: 'fullName' }`). */
  rename?: Readonly<Record<string, FieldPath<T>>>;
  /** Error codes that belong to one field (`{ username_taken: 'username' }`); the text is `message`'s. */
  codes?: Readonly<Record<string, FieldPath<T>>>;
  /** The words for the error area (and for `codes`); default: the error's own message. */
  message?: (error: unknown) => string;
  /** Fill the error area even when fields got messages (a form that always shows an alert). */
  alwaysFormError?: boolean;
  /** A one-field form without an error area: what names no field is said under this one. */
  otherErrorsOn?: FieldPath<T>;
}

/**
 * A shared schema's message in the current language: the English text is the key of the
 * `validation` namespace (server `validation_error` details carry the same English text).
 */
export function localizeMessage(message: string): string {
  return i18next.t(message, {
    ns: 'validation',
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}

function fieldFor<T extends FieldValues>(
  path: string,
  { fields, rename }: ServerErrorOptions<T>,
): FieldPath<T> | undefined {
  const bare = path.replace(/^body\./, '');
  for (const [from, to] of Object.entries(rename ?? {})) {
    if (bare === from || bare.startsWith(`${from}.`)) return to;
  }
  return fields.find((f) => bare === f || bare.startsWith(`${f}.`));
}

/**
 * Puts a failed submit on the form. `validation_error` details go under their fields (the first
 * message per field, the first such field focused); codes listed in `codes` go under their field;
 * everything else (and a validation error naming no field of this form) goes to the error area.
 * Returns whether any field got a message.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  options: ServerErrorOptions<T>,
): boolean {
  const text = () =>
    options.message?.(error) ??
    (error instanceof Error && error.message ? error.message : i18next.t('common:errors.unknown'));
  const seen = new Set<string>();
  const put = (field: FieldPath<T>, message: string) => {
    if (seen.has(field)) return;
    setError(field, { type: 'server', message }, { shouldFocus: seen.size === 0 });
    seen.add(field);
  };
  if (isApiError(error, 'validation_error')) {
    for (const issue of error.details ?? []) {
      const field = fieldFor(issue.path, options);
      if (field) put(field, issue.message);
    }
  }
  const codeField = isApiError(error) ? options.codes?.[error.code] : undefined;
  if (codeField) put(codeField, text());
  if (seen.size === 0 && options.otherErrorsOn) put(options.otherErrorsOn, text());
  else if (seen.size === 0 || options.alwaysFormError) {
    setError(FORM_ERROR as FieldPath<T>, { type: 'server', message: text() });
  }
  return seen.size > 0;
}

/**
 * The form's `onSubmit`: checks the fields (the resolver), runs `action` with the parsed values,
 * and puts a rejection on the form through `applyServerError`.
 */
export function submitHandler<T extends FieldValues, TOut>(
  form: Pick<UseFormReturn<T, unknown, TOut>, 'handleSubmit' | 'setError'>,
  action: (values: TOut) => unknown,
  options: ServerErrorOptions<T>,
): (event?: BaseSyntheticEvent) => void {
  const submit = form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      applyServerError(form.setError, error, options);
    }
  });
  // The check itself failed (a lazy resolver that could not be fetched): say it on the form.
  return (event) =>
    void submit(event).catch((error: unknown) => applyServerError(form.setError, error, options));
}

/**
 * A resolver fetched the first time it runs (the first submit) or when `preload()` is called (say
 * when the form is first focused): the zod schema and its resolver stay out of the page's first
 * load. `load` returns the real resolver (usually `zodResolver(SharedSchema)` in a module of its
 * own). A failed fetch is a network error on the form (`submitHandler`) and is retried next time.
 */
export function lazyResolver<T extends FieldValues, TOut = T>(
  load: () => Promise<Resolver<T, unknown, TOut>>,
): Resolver<T, unknown, TOut> & { preload: () => void } {
  let loading: Promise<Resolver<T, unknown, TOut>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      console.error('could not load the form check', error);
      throw networkError();
    }));
  const resolver: Resolver<T, unknown, TOut> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}

/** The text of the form's error area, if any. */
export function formError<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  return errors.root?.server?.message;
}

/** A field's message for `<Input error=…>`, in the current language. */
export function fieldError(error: { message?: string } | undefined): string | undefined {
  return error?.message ? localizeMessage(error.message) : undefined;
}
