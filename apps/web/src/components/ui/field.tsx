import clsx from 'clsx';
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

/** Props a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control, announced, and marks the control aria-invalid. */
  error?: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  /** Use this id for the control instead of a generated one. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional hint and an error message, tied together by id and aria-describedby. */
export function Field({ label, hint, error, hideLabel, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('ui-field', error ? 'ui-field--invalid' : undefined, className)}>
      <label
        htmlFor={controlId}
        className={clsx('ui-field__label', hideLabel && 'visually-hidden')}
      >
        {label}
      </label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldOwnProps = Pick<FieldProps, 'label' | 'hint' | 'error' | 'hideLabel'> & {
  /** Class for the wrapping field; `className` goes to the control. */
  fieldClassName?: string;
};

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldOwnProps;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, hint, error, hideLabel, fieldClassName, id, className, ...rest },
  ref,
) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      id={id}
      className={fieldClassName}
    >
      {(control) => (
        <input ref={ref} className={clsx('ui-input', className)} {...control} {...rest} />
      )}
    </Field>
  );
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldOwnProps;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, hint, error, hideLabel, fieldClassName, id, className, ...rest },
  ref,
) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      id={id}
      className={fieldClassName}
    >
      {(control) => (
        <textarea
          ref={ref}
          className={clsx('ui-input', 'ui-textarea', className)}
          {...control}
          {...rest}
        />
      )}
    </Field>
  );
});
