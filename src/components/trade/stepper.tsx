// The error texts it shows ship with the product screens' part (src/i18n-errors-screens.ts).
import '../../i18n-errors-screens';
import '../../styles/trade.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n-hook';
import { TextField } from '../form/text-field';

/** What a number may be typed with: digits, separators, grouping spaces, and a sign the caller names. */
const NUMBER_CHARACTERS = /^[\d.,\s\u00a0\u202f\u2212-]*$/;

export type StepperProps = {
  label: string;
  /** What the user typed, in their locale; the caller parses it. */
  value: string;
  onValueChange: (value: string) => void;
  /** −1 / +1 one step (a tick, a lot, a quantity increment): the caller knows the grid. */
  onStep: (direction: -1 | 1) => void;
  canDecrease?: boolean;
  canIncrease?: boolean;
  /** Localized names of the two buttons (screen readers). */
  decreaseLabel: string;
  increaseLabel: string;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  testId: string;
  placeholder?: string;
};

/**
 * A number field between − and + buttons (44 px each). Typing stays free; the buttons move
 * along the caller's grid, so a price steps by the tick that applies where it is.
 */
export function Stepper({
  label,
  value,
  onValueChange,
  onStep,
  canDecrease = true,
  canIncrease = true,
  decreaseLabel,
  increaseLabel,
  error,
  hint,
  disabled = false,
  testId,
  placeholder,
}: StepperProps) {
  const { t } = useTranslation('errors');
  // Letters and exponents never go in (the amount rule, docs/design.md); the field says why.
  const [refused, setRefused] = useState(false);
  return (
    <TextField
      label={label}
      value={value}
      onValueChange={(next) => {
        const ok = NUMBER_CHARACTERS.test(next);
        setRefused(!ok);
        if (ok) onValueChange(next);
      }}
      error={error || (refused ? t('AMOUNT_NOT_A_NUMBER') : undefined)}
      hint={hint}
      testId={testId}
      disabled={disabled}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      className="stepper__input num"
      start={
        <button
          type="button"
          className="stepper__button"
          aria-label={decreaseLabel}
          data-testid={`${testId}-minus`}
          disabled={disabled || !canDecrease}
          onClick={() => onStep(-1)}
        >
          −
        </button>
      }
      end={
        <button
          type="button"
          className="stepper__button"
          aria-label={increaseLabel}
          data-testid={`${testId}-plus`}
          disabled={disabled || !canIncrease}
          onClick={() => onStep(1)}
        >
          +
        </button>
      }
    />
  );
}
