import { Switch } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import './flag-switch.css';

export interface FlagSwitchProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Spec §5: Spoiler and NSFW are 0 or 1. */
  value: 0 | 1;
  onChange: (value: 0 | 1) => void;
}

export function FlagSwitch({ label, hint, value, onChange }: FlagSwitchProps) {
  const id = useId();
  return (
    <div className="flag-switch">
      <span className="flag-switch__text">
        <label htmlFor={id} className="flag-switch__label">
          {label}
        </label>
        {hint ? (
          <span className="flag-switch__hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
      <Switch.Root
        id={id}
        className="flag-switch__control"
        checked={value === 1}
        onCheckedChange={(checked) => onChange(checked ? 1 : 0)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <Switch.Thumb className="flag-switch__thumb" />
      </Switch.Root>
    </div>
  );
}
