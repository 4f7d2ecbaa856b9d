import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';
import { formatNumber } from '@/lib/i18n';

export interface QuantityStepperProps {
  value: number;
  /** The stock: + is disabled at it (spec §4 Cart: never above the item's Quantity). */
  max: number;
  onChange: (value: number) => void;
  /** The group's name for screen readers (default 'Quantity'). */
  label?: string;
  disabled?: boolean;
}

/** − value +, between 1 and `max`: each button is disabled at its limit. */
export function QuantityStepper({ value, max, onChange, label, disabled }: QuantityStepperProps) {
  const { t } = useTranslation('cart');
  const top = Math.max(1, max);
  return (
    <div className="cart-stepper" role="group" aria-label={label ?? t('stepper.label')}>
      <IconButton
        size="sm"
        variant="secondary"
        aria-label={t('stepper.decrease')}
        disabled={disabled || value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <Minus aria-hidden="true" />
      </IconButton>
      <output className="cart-stepper__value tabular-nums" aria-live="polite">
        {formatNumber(value)}
      </output>
      <IconButton
        size="sm"
        variant="secondary"
        aria-label={t('stepper.increase')}
        disabled={disabled || value >= top}
        onClick={() => onChange(Math.min(top, value + 1))}
      >
        <Plus aria-hidden="true" />
      </IconButton>
    </div>
  );
}
