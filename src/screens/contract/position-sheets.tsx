import './namespace';
import { AppForm } from '../../components/form/submit-button';
import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { Button } from '../../components/button';
import { useSnapshot } from 'valtio';
import { preparePosition } from '../../../domain/contracts';
import { USDT_SCALE } from '../../../domain/format/money';
import { formatAmount } from '../../../domain/format/display';
import { formatPrice } from '../../../domain/format/number';
import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { call } from '../../api/call';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { useMoneyAction } from '../../components/form/use-money-action';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { readTrigger, triggerErrors } from './contract-ticket-logic';
import { useMessageText } from './message';

type Done = (position: ContractPosition, message: string) => void;

function Actions({
  busy,
  onCancel,
  label,
  testId,
}: {
  busy: boolean;
  onCancel: () => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('contract');
  return (
    <div className="sheet__actions">
      <Button disabled={busy} onClick={onCancel}>
        {t('action.cancel', { ns: 'common' })}
      </Button>
      <button type="submit" className="button button--primary" disabled={busy} data-testid={testId}>
        {label}
      </button>
    </div>
  );
}

/** The TP/SL sheet's fields, their errors and the save: each trigger that changed is sent. */
function useTriggerSave(position: ContractPosition, priceScale: number, onDone: Done) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const message = useMessageText();
  // Each trigger on the one amount field: kept as typed, read whole, its problem said under it.
  const tpField = useAmountField({ decimals: priceScale, unit: 'USDT' }, position.takeProfit ?? '');
  const slField = useAmountField({ decimals: priceScale, unit: 'USDT' }, position.stopLoss ?? '');
  const action = useMoneyAction();
  const busy = action.busy;
  const formError = action.error;

  async function save() {
    // A text a field cannot read ("-5", "1e20") is refused there: never read as another price.
    if (tpField.problem || slField.problem) return;
    // The fields' readings are canonical; the ticket's rule says 0 is no trigger price.
    const tpRead = readTrigger(tpField.value, priceScale, 'en-US', 'take_profit');
    const slRead = readTrigger(slField.value, priceScale, 'en-US', 'stop_loss');
    const found = triggerErrors(
      position.side,
      position.entryPrice,
      position.liquidationPrice,
      tpRead.value,
      slRead.value,
      (p) => formatPrice(p, lang, priceScale),
    );
    const tpError = message(tpRead.error ?? found.takeProfit) ?? '';
    const slError = message(slRead.error ?? found.stopLoss) ?? '';
    tpField.setError(tpError);
    slField.setError(slError);
    if (tpError || slError) return;
    // An emptied field removes the trigger.
    const tpValue = tpRead.value ?? '';
    const slValue = slRead.value ?? '';
    const outcome = await action.run(async () => {
      let latest = position;
      if (tpValue !== (position.takeProfit ?? ''))
        latest = await call(
          contractEndpoints.setProfit,
          { id: position.id, price: tpValue },
          { silent: true },
        );
      if (slValue !== (position.stopLoss ?? ''))
        latest = await call(contractEndpoints.setLoss, { id: position.id, price: slValue }, { silent: true });
      return latest;
    });
    if (outcome.status === 'done') onDone(outcome.result, t('positions.saved'));
  }
  return { tpField, slField, busy, formError, save };
}

/** Sets or clears a position's take-profit and stop-loss (SPEC §5 side rules checked before sending). */
export function TriggerSheet({
  position,
  priceScale,
  onDone,
  onCancel,
}: {
  position: ContractPosition;
  priceScale: number;
  onDone: Done;
  onCancel: () => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { tpField, slField, busy, formError, save } = useTriggerSave(position, priceScale, onDone);

  return (
    <BottomSheet title={t('positions.tpsl_title')} onClose={onCancel} testId="tpsl-sheet" locked={busy}>
      <AppForm className="sheet__form" onSubmit={save}>
        <FigureRows
          rows={[
            { label: t('positions.entry'), value: formatPrice(position.entryPrice, lang, priceScale) },
            {
              label: t('positions.liq'),
              value: position.liquidationPrice
                ? formatPrice(position.liquidationPrice, lang, priceScale)
                : '--',
            },
          ]}
        />
        <AmountField field={tpField} label={t('ticket.take_profit')} testId="tpsl-tp" />
        <AmountField
          field={slField}
          label={t('ticket.stop_loss')}
          testId="tpsl-sl"
          hint={t('positions.tpsl_clear_hint')}
        />
        {formError !== '' && (
          <p className="sheet__error" role="alert" data-testid="tpsl-error">
            {formError}
          </p>
        )}
        <Actions busy={busy} onCancel={onCancel} label={t('positions.save')} testId="tpsl-save" />
      </AppForm>
    </BottomSheet>
  );
}

/** The margin sheet's amount, where it moves the liquidation price, and the send (once per intent). */
function useAddMargin(
  position: ContractPosition,
  rules: ContractRules,
  priceScale: number,
  available: string,
  onDone: Done,
) {
  const { t } = useTranslation('contract');
  const field = useAmountField({ decimals: USDT_SCALE, unit: 'USDT', available });
  // One intent per position and amount (its id is a value): after a lost answer the user may close
  // the sheet, or leave the screen, and add the same margin again; that retry keeps its requestId
  // (the broker adds the margin once).
  const action = useMoneyAction('contract-margin');
  const busy = action.busy;
  const amount = field.value;
  const valid = amount !== '' && new Decimal(amount).gt(0);
  const after = valid
    ? preparePosition(
        { ...position, margin: new Decimal(position.margin).plus(amount).toFixed() },
        rules,
        priceScale,
      ).liquidationPrice
    : null;

  async function save() {
    const value = field.check();
    if (value === null) return;
    const outcome = await action.run(
      (requestId) =>
        call(contractEndpoints.addMgn, { id: position.id, amount: value, requestId }, { silent: true }),
      { id: position.id, amount: value },
    );
    if (outcome.status === 'done') onDone(outcome.result, t('positions.added'));
    // The refusal is about the amount sent: shown under it.
    if (outcome.status === 'refused') {
      field.setError(outcome.text);
      action.setError('');
    }
  }
  return { field, busy, after, save };
}

/** Adds USDT margin to a position; shows where the liquidation price moves before sending. */
export function MarginSheet({
  position,
  rules,
  priceScale,
  available,
  onDone,
  onCancel,
}: {
  position: ContractPosition;
  rules: ContractRules;
  priceScale: number;
  available: string;
  onDone: Done;
  onCancel: () => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const { field, busy, after, save } = useAddMargin(position, rules, priceScale, available, onDone);

  return (
    <BottomSheet
      title={t('positions.add_margin_title')}
      onClose={onCancel}
      testId="margin-sheet"
      locked={busy}
    >
      <AppForm className="sheet__form" onSubmit={save}>
        <AmountField
          field={field}
          label={t('positions.add_margin_amount')}
          testId="margin-amount"
          hint={t('transfer.available', { amount: formatAmount(available, 'USDT', lang) })}
        />
        <FigureRows
          rows={[
            {
              label: t('positions.liq'),
              value: position.liquidationPrice
                ? formatPrice(position.liquidationPrice, lang, priceScale)
                : '--',
              testId: 'margin-liq-now',
            },
            {
              label: t('positions.liq_after'),
              value: after ? formatPrice(after, lang, priceScale) : '--',
              testId: 'margin-liq-after',
            },
          ]}
        />
        <p className="hint">{t('positions.add_margin_hint')}</p>
        <Actions busy={busy} onCancel={onCancel} label={t('positions.add_margin')} testId="margin-save" />
      </AppForm>
    </BottomSheet>
  );
}
