import '../../styles/trade.css';
import type { ReactNode } from 'react';
import { AmountField } from '../form/amount-field';
import type { TypedAmountState } from '../form/use-typed-amount';

export type StepperProps = {
  /** The one amount field's state: the locale's separators, the unit's decimals, its message. */
  field: TypedAmountState;
  label: string;
  /** −1 / +1 one step (a tick, a lot, a quantity increment): the caller knows the grid. */
  onStep: (direction: -1 | 1) => void;
  canDecrease?: boolean;
  canIncrease?: boolean;
  /** Localized names of the two buttons (screen readers). */
  decreaseLabel: string;
  increaseLabel: string;
  /** A refusal about this figure found by the ticket's rules, shown when the field has none. */
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  testId: string;
};

/**
 * The amount field between − and + buttons (44 px each): typing follows the amount rule (kept as
 * typed, read whole in the locale, the unit's decimals, the numeric pad for whole lots); the
 * buttons move along the caller's grid and write a canonical value through the field's `set`, so
 * a price steps by the tick that applies where it is.
 */
export function Stepper({
  onStep,
  canDecrease = true,
  canIncrease = true,
  decreaseLabel,
  increaseLabel,
  error,
  disabled = false,
  // The field, its label, hint and test id: AmountField's own, passed on unchanged.
  ...amount
}: StepperProps) {
  const { testId } = amount;
  const step = (direction: -1 | 1, name: string, off: boolean) => (
    <button
      type="button"
      className="stepper__button"
      aria-label={name}
      data-testid={`${testId}-${direction < 0 ? 'minus' : 'plus'}`}
      disabled={off}
      onClick={() => onStep(direction)}
    >
      {direction < 0 ? '−' : '+'}
    </button>
  );
  return (
    <AmountField
      {...amount}
      otherError={error}
      centered
      start={step(-1, decreaseLabel, disabled || !canDecrease)}
      end={step(1, increaseLabel, disabled || !canIncrease)}
    />
  );
}
