import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import './settings.css';

export interface SwitchRowProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** An icon before the label. */
  icon?: ReactNode;
}

/**
 * A setting that is on or off: the label and its explanation, and a switch (role="switch").
 * The label is tied to the switch, so tapping anywhere on the text toggles it; the switch itself
 * is a 44 px touch target.
 */
export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  icon,
}: SwitchRowProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={clsx('settings-row', disabled && 'settings-row--disabled')}>
      {icon ? (
        <span className="settings-row__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div className="settings-row__text">
        <label htmlFor={id} className="settings-row__label">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="settings-row__description">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        className="settings-switch"
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="settings-switch__track" aria-hidden="true">
          <span className="settings-switch__thumb" />
        </span>
      </button>
    </div>
  );
}
