import { LIMITS } from '@otakura/shared';
import clsx from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useUpdateProfileMutation } from '../api/update-profile';
import { fieldErrorText } from '@/lib/api-error-text';
import { checkBirthday } from '../utils/birthday';
import './set-once-field.css';

export interface SetOnceFieldProps {
  field: 'bio' | 'birthday';
  /** Keep the label for screen readers only (the placeholder says what to type). */
  hideLabel?: boolean;
  className?: string;
}

/**
 * Spec §2/§5: the bio ('Enter a bio!') and birthday ('month dd, yyyy') inputs, shown only while
 * the value is empty (the parent stops rendering this once the saved Me has it). The Confirm
 * button appears once text is typed. Errors, the browser's or the server's, go under the field.
 */
export function SetOnceField({ field, hideLabel, className }: SetOnceFieldProps) {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const mutation = useUpdateProfileMutation();
  const [value, setValue] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const formId = useId();

  const typed = value.trim() !== '';
  const serverError = mutation.error ? fieldErrorText(t, mutation.error, field) : null;
  const error = clientError ?? serverError;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!typed || mutation.isPending) return;
    if (field === 'birthday') {
      const problem = checkBirthday(value);
      if (problem) {
        setClientError(
          problem === 'format'
            ? t('fields.birthdayFormat')
            : problem === 'future'
              ? t('fields.birthdayFuture')
              : t('fields.birthdayUnderage', { age: LIMITS.minimumAge }),
        );
        return;
      }
    }
    mutation.mutate(field === 'bio' ? { bio: value.trim() } : { birthday: value.trim() }, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: field === 'bio' ? t('fields.bioSaved') : t('fields.birthdaySaved'),
        }),
    });
  };

  const onChange = (next: string) => {
    setValue(next);
    setClientError(null);
    if (mutation.isError) mutation.reset();
  };

  const common = {
    hideLabel,
    value,
    error: error ?? undefined,
    disabled: mutation.isPending,
  };
  const left = LIMITS.bioMax - value.length;

  return (
    <form
      id={formId}
      className={clsx('set-once', `set-once--${field}`, className)}
      onSubmit={onSubmit}
      noValidate
    >
      <div className="set-once__control">
        {field === 'bio' ? (
          <Textarea
            {...common}
            label={t('fields.bio')}
            placeholder={t('fields.bioPlaceholder')}
            hint={
              typed && left <= 100
                ? t('fields.charactersLeft', { count: left })
                : t('fields.bioHint')
            }
            maxLength={LIMITS.bioMax}
            rows={2}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              // Enter confirms, Shift+Enter is a new line.
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
        ) : (
          <Input
            {...common}
            label={t('fields.birthday')}
            placeholder={t('fields.birthdayPlaceholder')}
            hint={t('fields.birthdayHint')}
            autoComplete="bday"
            inputMode="text"
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </div>
      {typed ? (
        <Button type="submit" className="set-once__confirm" loading={mutation.isPending}>
          {t('fields.confirm')}
        </Button>
      ) : null}
    </form>
  );
}
