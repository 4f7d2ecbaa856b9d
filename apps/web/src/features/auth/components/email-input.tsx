import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, type InputProps } from '@/components/ui/field';

export type EmailInputProps = Omit<InputProps, 'type' | 'label'> & { label?: InputProps['label'] };

/** The auth forms' Email field: an email keyboard, no capitals or spell check, required. */
export const EmailInput = forwardRef<HTMLInputElement, EmailInputProps>(
  function EmailInput(props, ref) {
    const { t } = useTranslation('auth');
    return (
      <Input
        ref={ref}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...props}
      />
    );
  },
);
