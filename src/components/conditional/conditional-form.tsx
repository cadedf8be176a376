import './namespace';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { trailingTrigger, type ConditionalKind } from '../../../domain/conditional/trigger';
import { formatDecimal } from '../../../domain/format/number';
import { stepOf } from '../../../domain/rules/coin';
import { stockTick } from '../../../domain/rules/stock';
import {
  coinConditionalEndpoints,
  stockConditionalEndpoints,
} from '../../../domain/protocol/endpoints/conditional';
import { call } from '../../api/call';
import { isFinalRefusal, newRequestId, RequestIntent } from '../../state/request-intent';
import { isApiError } from '../../api/request';
import { useTranslation } from '../../i18n-hook';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';
import { useErrorText } from '../content/state-views';
import { Checkbox } from '../form/checkbox';
import { Segmented } from '../form/segmented';
import { ConfirmSheet } from '../trade/confirm-sheet';
import { CostBreakdown, FigureRows } from '../trade/figure-rows';
import { Stepper } from '../trade/stepper';
import { useAmountField, type AmountFieldState } from '../form/use-amount-field';
import { holdText, legWords } from './conditional-text';
import { TrailFields } from './trail-fields';
import { paths } from '../../routes/paths';
import { ButtonLink } from '../button';

const KINDS: readonly ConditionalKind[] = ['stop', 'stop_limit', 'take_profit', 'trailing'];

export type ConditionalFormProps = {
  wallet: 'stock' | 'coin';
  symbol: string;
  side: 'buy' | 'sell';
  last: string | null;
  priceScale: number;
  qtyScale: number;
  /** A stock's lot (the quantity's step); a coin's minimum. */
  step: string;
  asset: string;
  cash: string;
  /** What buying `amount` costs with its costs (the ticket's own rule), or null while unknown. */
  buyTotal: (amount: string) => string | null;
  needPassword: boolean;
};

/**
 * The ticket's "Conditional" tab: a stop, stop-limit, take-profit or trailing stop (and a
 * one-cancels-other second leg), its condition and hold shown in words before it is confirmed.
 */
export default function ConditionalForm(props: ConditionalFormProps) {
  const { wallet, symbol, side, last, priceScale, qtyScale, step, asset, cash } = props;
  const { t } = useTranslation('conditional');
  const { lang: locale } = useSnapshot(prefs);
  const errorText = useErrorText();
  const [kind, setKind] = useState<ConditionalKind>('stop');
  // Each figure on the one amount field: the locale's separators, the unit's decimals.
  const qtyField = useAmountField({ decimals: qtyScale, unit: asset }, wallet === 'stock' ? step : '');
  const triggerField = useAmountField({ decimals: priceScale, unit: cash });
  const limitField = useAmountField({ decimals: priceScale, unit: cash });
  const [trailBy, setTrailBy] = useState<'amount' | 'percent'>('percent');
  const trailField = useAmountField(
    trailBy === 'percent' ? { decimals: 2, unit: '%' } : { decimals: priceScale, unit: cash },
  );
  const [oco, setOco] = useState(false);
  const ocoField = useAmountField({ decimals: priceScale, unit: cash });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [requestId, setRequestId] = useState('');
  // The profile was out of date: the broker asked for the trade password, so the sheet asks too.
  const [askPassword, setAskPassword] = useState(false);
  const [intents] = useState(() => new RequestIntent(`conditional-${wallet}`, newRequestId));

  /** A field's figure once it is one above zero the field does not refuse; null before. */
  const read = (field: AmountFieldState) =>
    field.value !== '' && field.error === '' && new Decimal(field.value).gt(0) ? field.value : null;
  const quantity = read(qtyField);
  const trigger = read(triggerField);
  const limit = read(limitField);
  const trail = read(trailField);
  const ocoTrigger = read(ocoField);
  const usesLimit = kind === 'stop_limit' || kind === 'take_profit';
  const canPair = kind !== 'trailing';
  const ocoKind: 'stop' | 'take_profit' = kind === 'take_profit' ? 'stop' : 'take_profit';
  const tick = (price: string | null) =>
    wallet === 'stock' ? stockTick(price ?? last ?? '1') : stepOf(priceScale);
  const stepPrice = (field: AmountFieldState, value: string | null, direction: -1 | 1) => {
    const from = new Decimal(value ?? last ?? '0');
    const next = Decimal.max(0, from.plus(new Decimal(tick(from.toFixed())).times(direction)));
    field.set(next.toFixed(priceScale));
  };

  const leg = {
    kind,
    side,
    quantity: quantity ?? '0',
    trigger: kind === 'trailing' ? null : trigger,
    limit: usesLimit ? limit : null,
    trail: kind === 'trailing' && trail !== null ? { by: trailBy, value: trail } : null,
    best: last,
  };
  const units = { priceScale, qtyScale, asset };
  const words = legWords(t, leg, locale, units);
  const second =
    oco && canPair && ocoTrigger !== null
      ? legWords(t, { ...leg, kind: ocoKind, trigger: ocoTrigger, limit: null, trail: null }, locale, units)
      : null;
  const ready =
    quantity !== null &&
    new Decimal(quantity).gt(0) &&
    (kind === 'trailing' ? trail !== null : trigger !== null) &&
    (kind !== 'stop_limit' || limit !== null) &&
    (!oco || !canPair || ocoTrigger !== null);

  const trailingNow =
    kind === 'trailing' && last !== null && trail !== null
      ? trailingTrigger(side, last, { by: trailBy, value: trail }, priceScale)
      : null;
  const held = holdText(
    side,
    quantity,
    [usesLimit && limit !== null ? limit : (trailingNow ?? trigger), ...(second ? [ocoTrigger] : [])],
    props.buyTotal,
    locale,
    { qtyScale, asset, cash },
  );
  const breakdown = (
    <CostBreakdown
      title={t('held')}
      rows={[]}
      total={{ label: t('held_short'), value: held, testId: 'conditional-held' }}
    />
  );
  const rows = [
    { label: t('kind_label'), value: t(`kind.${kind}`) },
    { label: t('when'), value: words.when, testId: 'conditional-when' },
    { label: t('places'), value: words.places, testId: 'conditional-places' },
    ...(second ? [{ label: t('second_leg'), value: `${second.when} · ${second.places}` }] : []),
  ];

  const request = () => ({
    symbol,
    side,
    kind,
    quantity: quantity ?? '',
    ...(kind === 'trailing'
      ? { trailBy, trailValue: trail ?? '' }
      : { trigger: trigger ?? '', ...(usesLimit && limit !== null ? { limit } : {}) }),
    ...(oco && canPair && ocoTrigger !== null ? { oco: '1' as const, ocoKind, ocoTrigger } : {}),
  });

  async function send(tradePassword: string | undefined) {
    setBusy(true);
    setError('');
    try {
      await call(
        wallet === 'stock' ? stockConditionalEndpoints.add : coinConditionalEndpoints.add,
        { ...request(), requestId, tradePassword },
        { silent: true },
      );
      intents.done();
      setConfirming(false);
      triggerField.set('');
      limitField.set('');
      ocoField.set('');
      showToast(t('placed_toast'));
    } catch (caught) {
      if (isApiError(caught) && caught.key === 'TRADE_PASSWORD_REQUIRED') setAskPassword(true);
      else if (isFinalRefusal(caught)) intents.done();
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const priceStepper = (label: string, field: AmountFieldState, value: string | null, id: string) => (
    <Stepper
      label={`${label} (${cash})`}
      field={field}
      onStep={(direction) => stepPrice(field, value, direction)}
      decreaseLabel={`${label} −`}
      increaseLabel={`${label} +`}
      testId={id}
    />
  );

  return (
    <div className="ticket conditional-form" data-testid="conditional-form">
      <Segmented
        label={t('kind_label')}
        value={kind}
        onChange={setKind}
        options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`), testId: `conditional-kind-${k}` }))}
      />
      <p className="ticket__note">{t(`kind_help.${kind}`)}</p>
      <FigureRows
        rows={[
          {
            label: t('last'),
            value: last === null ? '--' : formatDecimal(last, locale, { decimals: priceScale }),
          },
        ]}
      />
      {kind === 'trailing' ? (
        <TrailFields by={trailBy} onBy={setTrailBy} field={trailField} value={trail} cash={cash} />
      ) : (
        priceStepper(t('trigger'), triggerField, trigger, 'conditional-trigger')
      )}
      {usesLimit &&
        priceStepper(
          t(kind === 'stop_limit' ? 'limit' : 'limit_optional'),
          limitField,
          limit,
          'conditional-limit',
        )}
      <Stepper
        label={`${t('quantity')} (${asset})`}
        field={qtyField}
        onStep={(direction) =>
          qtyField.set(
            Decimal.max(0, new Decimal(quantity ?? 0).plus(new Decimal(step).times(direction))).toFixed(
              qtyScale,
            ),
          )
        }
        decreaseLabel={`${t('quantity')} −`}
        increaseLabel={`${t('quantity')} +`}
        testId="conditional-qty"
      />
      {canPair && (
        <Checkbox checked={oco} onCheckedChange={setOco} testId="conditional-oco">
          {t('oco')}
        </Checkbox>
      )}
      {oco &&
        canPair &&
        priceStepper(t(`oco_trigger_${ocoKind}`), ocoField, ocoTrigger, 'conditional-oco-trigger')}
      <FigureRows rows={rows} testId="conditional-preview" />
      {breakdown}
      <p className="ticket__note">{t('held_note')}</p>
      <div className="ticket__bar">
        <button
          type="button"
          className={`button ticket__submit ticket__submit--${side}`}
          data-testid="conditional-submit"
          disabled={!ready}
          onClick={() => {
            setError('');
            setRequestId(intents.idFor(request()));
            setConfirming(true);
          }}
        >
          {t('review')}
        </button>
        <ButtonLink href={paths.conditional} look="secondary" testId="conditional-view-list">
          {t('view_list')}
        </ButtonLink>
      </div>
      {confirming && (
        <ConfirmSheet
          title={t('confirm_title')}
          rows={[{ label: symbol, value: t(`side.${side}`), tone: side === 'buy' ? 'up' : 'down' }, ...rows]}
          costs={breakdown}
          needPassword={props.needPassword || askPassword}
          tone={side}
          confirmLabel={t('confirm')}
          busy={busy}
          error={error}
          onConfirm={(password) => void send(password)}
          onCancel={() => setConfirming(false)}
          testId="conditional-confirm"
        />
      )}
    </div>
  );
}
