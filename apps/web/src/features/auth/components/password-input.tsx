import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import './auth-form.css';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A password field with a show/hide toggle (named "Show password" / "Hide password", pressed state). */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput({ label, hint, error, id, className, ...rest }, ref) {
    const { t } = useTranslation('auth');
    const [visible, setVisible] = useState(false);
    return (
      <Field label={label} hint={hint} error={error} id={id}>
        {(control) => (
          <div className="password-input">
            <input
              ref={ref}
              type={visible ? 'text' : 'password'}
              className={clsx('ui-input', 'password-input__control', className)}
              autoCapitalize="none"
              spellCheck={false}
              {...control}
              {...rest}
            />
            <IconButton
              size="sm"
              className="password-input__toggle"
              aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
              aria-pressed={visible}
              aria-controls={control.id}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            </IconButton>
          </div>
        )}
      </Field>
    );
  },
);
