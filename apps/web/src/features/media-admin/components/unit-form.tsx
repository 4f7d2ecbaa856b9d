import { CreateEpisodeInputSchema, MEDIA_RULES, UpdateEpisodeInputSchema } from '@otakura/shared';
import { useForm, type Resolver } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { zodResolverOf } from '@/lib/zod-resolver';
import './unit-form.css';

export interface UnitValues {
  number: string;
  title: string;
}

export interface UnitInput {
  number?: number;
  title: string;
}

const FIELDS = ['number', 'title'] as const;

/** A blank number lets the server pick the next one (new units only). */
function inputOf(v: UnitValues): UnitInput {
  const n = v.number.trim();
  return { title: v.title, ...(n === '' ? {} : { number: Number(n) }) };
}

/**
 * The shared schema checks what will be sent (a blank number is left out); a number that is not
 * a whole number from 1 is said in words first (zod would say "Expected number, received nan").
 */
function unitResolver(editing: boolean, numberInvalid: string): Resolver<UnitValues> {
  const schema = editing
    ? zodResolverOf(UpdateEpisodeInputSchema, inputOf)
    : zodResolverOf(CreateEpisodeInputSchema, inputOf);
  const shared = schema as unknown as Resolver<UnitValues>;
  return async (values, context, options) => {
    const result = await shared(values, context, options);
    const text = values.number.trim();
    if ((editing || text !== '') && !/^[1-9][0-9]{0,5}$/.test(text)) {
      return {
        values: {},
        errors: { ...result.errors, number: { type: 'pattern', message: numberInvalid } },
      };
    }
    return result;
  };
}

export interface UnitFormProps {
  /** For the labels: "Episode number", "Volume title"… */
  noun: string;
  /** Editing an existing unit (its number is then required). */
  initial?: { number: number; title: string };
  submitLabel: string;
  onSubmit: (input: UnitInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Put more fields (a video file) before the buttons. */
  extra?: ReactNode;
}

/**
 * Number and title of an episode, volume or issue, checked by the shared create / update schema;
 * a taken number (409 `number_taken`) is said under the number.
 */
export function UnitForm({ noun, initial, submitLabel, onSubmit, onCancel, extra }: UnitFormProps) {
  const { t } = useTranslation('media-admin');
  const form = useForm<UnitValues>({
    defaultValues: initial
      ? { number: String(initial.number), title: initial.title }
      : { number: '', title: '' },
    resolver: unitResolver(!!initial, t('units.numberInvalid')),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = submitHandler(
    form,
    async () => {
      await onSubmit(inputOf(form.getValues()));
      if (!initial) form.reset({ number: '', title: '' });
    },
    { fields: FIELDS, codes: { number_taken: 'number' }, message: (e) => apiErrorText(t, e) },
  );
  const serverError = formError(errors);
  return (
    <form className="ma-unit-form" onSubmit={submit} noValidate>
      <div className="ma-unit-form__fields">
        <Input
          label={t('units.number', { noun })}
          {...form.register('number')}
          error={fieldError(errors.number)}
          hint={initial ? undefined : t('units.numberHint')}
          inputMode="numeric"
          fieldClassName="ma-unit-form__number"
          required={!!initial}
        />
        <Input
          label={t('units.title', { noun })}
          {...form.register('title')}
          error={fieldError(errors.title)}
          maxLength={MEDIA_RULES.titleMax + 50}
          fieldClassName="ma-unit-form__title"
        />
      </div>
      {extra}
      {serverError ? (
        <p className="ma-unit-form__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="ma-unit-form__actions">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
