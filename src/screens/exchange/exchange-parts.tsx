import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { AppForm, FormAlert, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { NoTradePasswordNotice } from '../../components/trade/password-form';
import { PasswordConfirmSheet } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { formatAmount } from '../../../domain/format/display';
import { prefs } from '../../state/prefs';
import * as x from './exchange-logic';
import { PairPicker } from './pair-picker';
import type { useQuoteFlow } from './use-quote-flow';
import type { ExchangeState } from './use-exchange-state';

type QuoteFlow = ReturnType<typeof useQuoteFlow>;

/** No trade password yet: an exchange cannot be confirmed without one, so say so up front. */
export function PasswordNotice() {
  const { t } = useTranslation('exchange');
  return (
    <NoTradePasswordNotice
      text={t('password.missing')}
      setLabel={t('password.set')}
      className="notice-card"
      testId="exchange-no-password"
      linkTestId="exchange-set-password"
    />
  );
}

/** The pair, the amount (the available balance beside it, or all of it) and "get a quote". */
export function ExchangeEntry({
  mode,
  state,
  onPair,
  onSubmit,
}: {
  mode: x.ExchangeMode;
  state: ExchangeState;
  onPair: (next: x.Pair) => void;
  onSubmit: () => void;
}) {
  const { coins, pair, targets, amount, available, decimals, flow } = state;
  const { t } = useTranslation('exchange');
  const { lang } = useSnapshot(prefs);
  return (
    <AppForm onSubmit={onSubmit}>
      <PairPicker
        from={pair.from}
        to={pair.to}
        sources={x.sourcesOf(mode, coins)}
        targets={targets}
        canSwap={x.swapped(mode, pair, coins) !== pair}
        onFrom={(from) => onPair(x.withFrom(mode, pair, from, coins))}
        onTo={(to) => onPair({ from: pair.from, to })}
        onSwap={() => onPair(x.swapped(mode, pair, coins))}
      />
      <AmountField
        field={amount}
        onEdit={() => flow.clear()}
        otherError={flow.amountError}
        label={t('form.amount', { currency: pair.from })}
        testId="exchange-amount"
        hint={t('form.available', {
          amount: formatAmount(available, pair.from, lang, decimals.from),
        })}
        end={
          <button
            type="button"
            className="field__action"
            data-testid="exchange-max"
            onClick={() => {
              amount.set(available);
              flow.clear();
            }}
          >
            {t('form.max')}
          </button>
        }
      />
      <FormAlert message={flow.formError} testId="exchange-error" />
      {!flow.quote && (
        <SubmitButton busy={flow.busy} testId="exchange-quote">
          {t('form.get_quote')}
        </SubmitButton>
      )}
    </AppForm>
  );
}

/** The quote's figures again, and the trade password that books exactly that quote. */
export function ExchangeSheet({ rows, flow }: { rows: FigureRow[]; flow: QuoteFlow }) {
  const { t } = useTranslation('exchange');
  return (
    <PasswordConfirmSheet
      title={t('sheet.title')}
      rows={rows}
      costs={null}
      // Not the order sheet's "you chose to confirm orders…": an exchange always asks.
      password={{ label: t('sheet.password_label'), hint: t('sheet.password_hint') }}
      tone="buy"
      confirmLabel={t('sheet.confirm')}
      sheet={{ busy: flow.busy, sheetError: flow.sheetError, close: flow.closeSheet }}
      onConfirm={(pin) => void flow.book(pin)}
      testId="exchange-sheet"
    />
  );
}
