import './ticket-amount-namespace';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { AmountField } from '../form/amount-field';
import { Segmented } from '../form/segmented';
import type { TypedAmountState } from '../form/use-typed-amount';
import { FigureRows } from './figure-rows';

export type SizeMode = 'quantity' | 'amount';

/** A buy's size typed as a quantity or as the money to spend. */
export function SizeModeSwitch({
  value,
  onChange,
  coin = false,
}: {
  value: SizeMode;
  onChange: (mode: SizeMode) => void;
  /** A coin is counted in an amount of it ("Miktar"), shares in pieces ("Adet"). */
  coin?: boolean;
}) {
  const { t } = useTranslation('ticketAmount');
  return (
    <Segmented
      label={t('mode_label')}
      value={value}
      onChange={onChange}
      options={[
        {
          value: 'quantity',
          label: t(coin ? 'mode_quantity_coin' : 'mode_quantity'),
          testId: 'size-mode-quantity',
        },
        { value: 'amount', label: t('mode_amount'), testId: 'size-mode-amount' },
      ]}
    />
  );
}

/**
 * The quantity a budget buys, formatted by the ticket; null while it buys nothing. `thin`: the
 * book shown ran out before the budget (domain/trade/by-amount), which the leftover alone would
 * leave unexplained.
 */
export type ByAmountFigures = { quantity: string; thin?: boolean } | null;

/**
 * The money to spend and what it buys: the quantity (whole lots, or the coin's step); the costs
 * and the cash left over are in the ticket's breakdown (LeftoverRow), which the confirmation shows too. Says so when the budget, costs
 * included, does not reach the smallest order, or when there is no price to compute at.
 */
export function BuyByAmountFields({
  field,
  unit,
  coin = false,
  figures,
  priced,
}: {
  field: TypedAmountState;
  unit: string;
  coin?: boolean;
  figures: ByAmountFigures;
  /** Whether a price (the limit, or the book's asks) is there to compute at. */
  priced: boolean;
}) {
  const { t } = useTranslation('ticketAmount');
  const typed = field.value !== '';
  const problem = !typed
    ? undefined
    : !priced
      ? t('no_price')
      : figures === null
        ? t(coin ? 'too_small_coin' : 'too_small')
        : undefined;
  return (
    <>
      <AmountField
        field={field}
        label={t('amount', { unit })}
        testId="by-amount"
        hint={t(coin ? 'amount_hint_coin' : 'amount_hint')}
        otherError={problem}
      />
      <FigureRows
        testId="by-amount-result"
        rows={[
          { label: t(coin ? 'coin_qty' : 'lots'), value: figures?.quantity ?? '--', testId: 'by-amount-qty' },
        ]}
      />
      {figures?.thin && (
        <p className="ticket__notice" role="status" data-testid="by-amount-thin">
          {t('thin_book')}
        </p>
      )}
    </>
  );
}

/** Under the costs, in the ticket and its confirmation: what the budget leaves unspent. */
export function LeftoverRow({ value, coin = false }: { value: ReactNode; coin?: boolean }) {
  const { t } = useTranslation('ticketAmount');
  return (
    <FigureRows
      rows={[{ label: t(coin ? 'leftover_coin' : 'leftover'), value, testId: 'by-amount-leftover' }]}
    />
  );
}
