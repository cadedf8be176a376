import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import type { AmountFieldState } from '../form/use-amount-field';
import { Segmented } from '../form/segmented';
import { Stepper } from '../trade/stepper';

/** A trailing stop's distance: by a percentage of the best price or by an amount, stepped by one. */
export function TrailFields({
  by,
  onBy,
  field,
  value,
  cash,
  disabledReason,
  error,
}: {
  by: 'amount' | 'percent';
  onBy: (by: 'amount' | 'percent') => void;
  field: AmountFieldState;
  value: string | null;
  cash: string;
  /** Why the distance cannot be used now ('' when it can): said under the field, its buttons off. */
  disabledReason: string;
  /** A distance the form cannot take (0), said under the field. */
  error: string;
}) {
  const { t } = useTranslation('conditional');
  return (
    <>
      <Segmented
        label={t('trail_by')}
        value={by}
        onChange={onBy}
        options={[
          { value: 'percent', label: t('trail_percent'), testId: 'conditional-trail-percent' },
          { value: 'amount', label: t('trail_amount'), testId: 'conditional-trail-amount' },
        ]}
      />
      <Stepper
        label={`${t('trail_value')} (${by === 'percent' ? '%' : cash})`}
        field={field}
        onStep={(direction) => field.set(Decimal.max(0, new Decimal(value ?? 0).plus(direction)).toFixed(2))}
        decreaseLabel={`${t('trail_value')} −`}
        increaseLabel={`${t('trail_value')} +`}
        testId="conditional-trail"
        disabled={disabledReason !== ''}
        error={error || undefined}
        hint={
          disabledReason === '' ? undefined : (
            <span data-testid="conditional-trail-disabled">{disabledReason}</span>
          )
        }
      />
    </>
  );
}
