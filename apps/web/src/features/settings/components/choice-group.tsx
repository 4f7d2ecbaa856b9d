import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import './settings.css';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  /** `lang` of the label, for names written in their own language (日本語). */
  lang?: string;
}

export interface ChoiceGroupProps<V extends string> {
  /** The question, for screen readers (the card's title usually shows it). */
  legend: ReactNode;
  hideLegend?: boolean;
  value: V | undefined;
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /** `row`: side by side when they fit (short labels); `column` (default): one per line. */
  layout?: 'row' | 'column';
}

/** One of several: native radio buttons (arrow keys move between them) styled as tiles. */
export function ChoiceGroup<V extends string>({
  legend,
  hideLegend,
  value,
  options,
  onChange,
  disabled,
  layout = 'column',
}: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="settings-choices" disabled={disabled}>
      <legend className={clsx('settings-choices__legend', hideLegend && 'visually-hidden')}>
        {legend}
      </legend>
      <div className={clsx('settings-choices__list', `settings-choices__list--${layout}`)}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label key={option.value} htmlFor={id} className="settings-choice">
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="settings-choice__input"
                aria-labelledby={`${id}-label`}
                aria-describedby={option.description ? `${id}-description` : undefined}
              />
              <span className="settings-choice__text">
                <span id={`${id}-label`} className="settings-choice__label" lang={option.lang}>
                  {option.label}
                </span>
                {option.description ? (
                  <span id={`${id}-description`} className="settings-choice__description">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
