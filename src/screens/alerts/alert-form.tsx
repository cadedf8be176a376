import { useState, type FormEvent } from 'react';
import { ALERT_KINDS, isPriceKind, MOVE_WINDOWS, type AlertKind } from '../../../domain/alerts/kinds';
import type { AlertRow } from '../../../domain/protocol/alerts';
import { Segmented } from '../../components/form/segmented';
import { FormAlert, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { useTranslation } from '../../i18n/hook';
import { SymbolField } from './symbol-field';
import { useAddAlert } from './use-add-alert';

const KIND_ROWS: readonly (readonly AlertKind[])[] = [
  ['above', 'below', 'move'],
  ['liquidation', 'margin'],
];

/** What the URL may fill in: `?symbol=THYAO&kind=above&price=312.5` (an alert from a chart line). */
export type AlertPrefill = { symbol: string; kind: AlertKind; threshold: string };

export function prefillFrom(search: string): AlertPrefill {
  const params = new URLSearchParams(search);
  const kind = params.get('kind') ?? '';
  const price = params.get('price') ?? params.get('threshold') ?? '';
  return {
    symbol: (params.get('symbol') ?? '')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 20),
    kind: (ALERT_KINDS as readonly string[]).includes(kind) ? (kind as AlertKind) : 'above',
    // Canonical on the wire ("312.5"); shown in the reader's notation.
    threshold: /^\d+(\.\d+)?$/.test(price) ? price : '',
  };
}

/** Symbol, kind, level (and window for a move): the add form, refusals shown under the field they concern. */
export function AlertForm({ prefill, onAdded }: { prefill: AlertPrefill; onAdded: (row: AlertRow) => void }) {
  const { t } = useTranslation('alerts');
  const [symbol, setSymbol] = useState(prefill.symbol);
  const [kind, setKind] = useState<AlertKind>(prefill.kind);
  // A price to the most decimals any instrument quotes (a coin's 8), a percent to 2.
  const threshold = useAmountField(
    isPriceKind(kind) ? { decimals: 8, unit: '' } : { decimals: 2, unit: '%' },
    prefill.threshold,
  );
  const [window, setWindow] = useState<'5' | '15' | '60'>('15');
  const { send, busy, errors, clearThreshold } = useAddAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send({ symbol, kind, threshold, window }).then((row) => {
      if (!row) return;
      threshold.set('');
      onAdded(row);
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="alert-form">
      <h2 className="section-title">{t('add_title')}</h2>
      <SymbolField value={symbol} onChange={setSymbol} error={errors.symbol} />
      {/* Price kinds, then the contract risk kinds: five choices do not fit one row on a phone. */}
      {KIND_ROWS.map((row, i) => (
        <Segmented
          key={row.join()}
          label={i === 0 ? t('kind') : t('kind_risk')}
          value={kind}
          onChange={setKind}
          options={row.map((k) => ({ value: k, label: t(`kinds.${k}`), testId: `alert-kind-${k}` }))}
        />
      ))}
      <AmountField
        field={threshold}
        label={t(`threshold.${kind}`)}
        otherError={errors.threshold}
        onEdit={clearThreshold}
        testId="alert-threshold"
      />
      {kind === 'move' && (
        <Segmented
          label={t('window')}
          value={window}
          onChange={setWindow}
          options={MOVE_WINDOWS.map((m) => ({
            value: String(m) as '5' | '15' | '60',
            label: t('minutes', { count: m }),
            testId: `alert-window-${m}`,
          }))}
        />
      )}
      <FormAlert message={errors.form ?? ''} />
      <SubmitButton busy={busy} testId="alert-add">
        {t('add')}
      </SubmitButton>
    </form>
  );
}
