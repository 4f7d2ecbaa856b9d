import {
  CreateMediaInputSchema,
  MEDIA_KINDS,
  MEDIA_RULES,
  UpdateMediaInputSchema,
  type Media,
  type MediaKind,
} from '@otakura/shared';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { zodResolverOf } from '@/lib/zod-resolver';
import {
  createInputOf,
  defaultDirection,
  DETAILS_FIELDS,
  detailsOf,
  emptyDetails,
  updateInputOf,
  type DetailsValues,
} from '../utils/details-values';
import './media-details-form.css';

export interface MediaDetailsFormProps {
  /** The entry being edited; without it the form creates one. */
  media?: Media;
  /** Sends the form's input; rejects with the server's error (fields get its details). */
  onSubmit: (values: DetailsValues) => Promise<unknown>;
  pending?: boolean;
}

/**
 * Every field of the create / update input: kind (new entries only; it never changes), title,
 * author, about, language, keywords, reading direction (manga and sequences), NSFW. Checked by the
 * shared schema before sending; the server's `validation_error` details land under their fields.
 */
export function MediaDetailsForm({ media, onSubmit, pending }: MediaDetailsFormProps) {
  const { t } = useTranslation('media-admin');
  const creating = !media;
  const form = useForm<DetailsValues>({
    defaultValues: media ? detailsOf(media) : emptyDetails(),
    // The shared schema checks what will be sent; the form keeps its own fields (see onSubmit).
    resolver: (creating
      ? zodResolverOf(CreateMediaInputSchema, createInputOf)
      : zodResolverOf(UpdateMediaInputSchema, updateInputOf)) as unknown as Resolver<DetailsValues>,
  });
  const { errors, isDirty } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  useEffect(() => {
    if (media) form.reset(detailsOf(media));
  }, [media, form]);

  const submit = submitHandler(form, () => onSubmit(form.getValues()), {
    fields: DETAILS_FIELDS,
    message: (e) => apiErrorText(t, e),
  });
  const serverError = formError(errors);

  return (
    <form className="ma-details" onSubmit={submit} noValidate aria-label={t('details.formLabel')}>
      {creating ? (
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <fieldset className="ma-details__kinds">
              <legend className="ui-field__label">{t('details.kind')}</legend>
              <div className="ma-details__kind-list">
                {MEDIA_KINDS.map((k) => (
                  <label key={k} className="ma-choice">
                    <input
                      type="radio"
                      name={field.name}
                      value={k}
                      checked={field.value === k}
                      onChange={() => {
                        field.onChange(k);
                        if (!form.getFieldState('readingDirection').isDirty)
                          form.setValue('readingDirection', defaultDirection(k as MediaKind));
                      }}
                    />
                    <span className="ma-choice__text">
                      <span className="ma-choice__label">{t(`kinds.${k}`)}</span>
                      <span className="ma-choice__description">{t(`kinds.${k}Hint`)}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
      ) : (
        <p className="ma-details__kind-fixed">
          <span className="ui-field__label">{t('details.kind')}</span>
          <span>{t(`kinds.${kind}`)}</span>
          <span className="ma-details__hint">{t('details.kindFixed')}</span>
        </p>
      )}
      <Input
        label={t('details.title')}
        {...form.register('title')}
        error={fieldError(errors.title)}
        maxLength={MEDIA_RULES.titleMax + 50}
        required
      />
      <div className="ma-details__row">
        <Input
          label={t('details.author')}
          {...form.register('author')}
          error={fieldError(errors.author)}
          hint={t('details.optional')}
        />
        <Input
          label={t('details.language')}
          {...form.register('language')}
          error={fieldError(errors.language)}
          hint={t('details.languageHint')}
        />
      </div>
      <Textarea
        label={t('details.about')}
        {...form.register('about')}
        error={fieldError(errors.about)}
        hint={t('details.aboutHint', { max: MEDIA_RULES.aboutMax })}
        rows={5}
      />
      <Input
        label={t('details.keywords')}
        {...form.register('keywords')}
        error={fieldError(errors.keywords)}
        hint={t('details.keywordsHint', { max: MEDIA_RULES.keywordsMax })}
      />
      {kind !== 'video' ? (
        <Field label={t('details.direction')} error={fieldError(errors.readingDirection)}>
          {(control) => (
            <select
              className="ui-input ma-details__select"
              {...control}
              {...form.register('readingDirection')}
            >
              <option value="rtl">{t('details.rtl')}</option>
              <option value="ltr">{t('details.ltr')}</option>
            </select>
          )}
        </Field>
      ) : null}
      <label className="ma-details__check">
        <input type="checkbox" {...form.register('nsfw')} />
        <span>
          <span className="ma-choice__label">{t('details.nsfw')}</span>
          <span className="ma-choice__description">{t('details.nsfwHint')}</span>
        </span>
      </label>
      {errors.nsfw ? (
        <p className="ui-field__error" role="alert">
          {fieldError(errors.nsfw)}
        </p>
      ) : null}
      {serverError ? (
        <p className="ma-details__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="ma-details__actions">
        <Button type="submit" loading={pending} disabled={!creating && !isDirty}>
          {creating ? t('details.create') : t('details.save')}
        </Button>
      </div>
    </form>
  );
}
