import Decimal from 'decimal.js';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ConditionalKind } from '../../../domain/conditional/trigger';
import {
  coinConditionalEndpoints,
  stockConditionalEndpoints,
} from '../../../domain/protocol/endpoints/conditional';
import type { ErrorKey } from '../../../domain/protocol/error-keys';
import type { RuleError } from '../../../domain/rules/types';
import { STOCK_RULE_UNITS, coinRuleUnits } from '../../../domain/rules/units';
import { call } from '../../api/call';
import { useTranslation } from '../../i18n/hook';
import { newRequestId } from '../../state/request-intent';
import { prefs } from '../../state/prefs';
import { showToast } from '../../services/toast';
import { useAmountField } from '../form/use-amount-field';
import { useMoneyAction } from '../form/use-money-action';
import { localizeParams } from '../trade/message-params';
import {
  conditionalProblem,
  conditionalRequest,
  isComplete,
  positiveFigure,
  type ConditionalInputs,
  type PriceGrid,
} from './conditional-logic';

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
  /** A stock's price band for the day (the order ticket's), null when none is known. */
  band?: { lower: string; upper: string } | null;
};

/** The figures on the one amount field: the locale's separators, the unit's decimals. */
function useFields({ wallet, priceScale, qtyScale, step, asset, cash }: ConditionalFormProps) {
  const [trailBy, setTrailBy] = useState<'amount' | 'percent'>('percent');
  return {
    qty: useAmountField({ decimals: qtyScale, unit: asset }, wallet === 'stock' ? step : ''),
    trigger: useAmountField({ decimals: priceScale, unit: cash }),
    limit: useAmountField({ decimals: priceScale, unit: cash }),
    trail: useAmountField(
      trailBy === 'percent' ? { decimals: 2, unit: '%' } : { decimals: priceScale, unit: cash },
    ),
    oco: useAmountField({ decimals: priceScale, unit: cash }),
    trailBy,
    setTrailBy,
  };
}
export type ConditionalFields = ReturnType<typeof useFields>;

/**
 * Review stays enabled while the form is filled (`ready`), and a tap checks the rules at that
 * moment: near the price a trigger is crossed on one tick and not the next. The rule a tap met is
 * said until a figure changes, as one gone a tick after the tap would look like a tap that did
 * nothing. `live` is the first rule broken now; `taps` counts the refused taps.
 */
function useTapRefusal(live: RuleError | null, inputs: ConditionalInputs) {
  const [refused, setRefused] = useState<{ problem: RuleError; of: string; taps: number } | null>(null);
  const typed = JSON.stringify(inputs);
  return {
    problem: live ?? (refused?.of === typed ? refused.problem : null),
    taps: refused?.taps ?? 0,
    /** Whether a tap now may open the review; if not, its refusal is kept. */
    check: (): boolean => {
      setRefused(live === null ? null : { problem: live, of: typed, taps: (refused?.taps ?? 0) + 1 });
      return live === null;
    },
  };
}

/**
 * The conditional ticket's state: its fields, what they make (conditional-logic.ts), the first
 * rule broken in the user's words, and the send, a money action (one request for a double tap,
 * one requestId per intent, the password sheet asked for when the broker wants it).
 */
export function useConditionalForm(props: ConditionalFormProps) {
  const { wallet, symbol, side, last, priceScale } = props;
  const { t } = useTranslation('conditional');
  const { lang: locale } = useSnapshot(prefs);
  const [kind, setKind] = useState<ConditionalKind>('stop');
  const [oco, setOco] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fields = useFields(props);
  const action = useMoneyAction({ form: `conditional-${wallet}`, newId: newRequestId, passwordSheet: true });

  const read = (field: { value: string; error: string }) => positiveFigure(field.value, field.error);
  // A field that reads 0 keeps the form from review: said under it, not left as a greyed button.
  const zero = (field: { value: string; problem: string }, key: ErrorKey) =>
    field.value !== '' && field.problem === '' && new Decimal(field.value).isZero()
      ? t(key, { ns: 'errors' })
      : '';
  const zeroErrors = {
    qty: zero(fields.qty, 'QUANTITY_NOT_POSITIVE'),
    trigger: zero(fields.trigger, 'CONDITIONAL_PRICE_NOT_POSITIVE'),
    limit: zero(fields.limit, 'LIMIT_PRICE_ZERO'),
    trail: zero(fields.trail, 'CONDITIONAL_TRAIL_INVALID'),
    oco: zero(fields.oco, 'CONDITIONAL_PRICE_NOT_POSITIVE'),
  };
  const inputs: ConditionalInputs = {
    kind,
    side,
    quantity: read(fields.qty),
    trigger: read(fields.trigger),
    limit: read(fields.limit),
    trailBy: fields.trailBy,
    trail: read(fields.trail),
    oco,
    ocoTrigger: read(fields.oco),
  };
  const grid: PriceGrid = { wallet, priceScale, band: props.band ?? null };
  const { problem, taps, check } = useTapRefusal(conditionalProblem(inputs, last, grid), inputs);
  const units = wallet === 'stock' ? STOCK_RULE_UNITS : coinRuleUnits(props.asset, props.cash);
  const problemText =
    problem === null
      ? ''
      : t(problem.key, { ns: 'errors', ...localizeParams(problem.params, locale, units) });

  async function send(tradePassword: string | undefined) {
    const request = conditionalRequest(symbol, inputs);
    const endpoint = wallet === 'stock' ? stockConditionalEndpoints.add : coinConditionalEndpoints.add;
    const outcome = await action.run(
      (requestId) => call(endpoint, { ...request, requestId, tradePassword }, { silent: true }),
      request,
    );
    if (outcome.status !== 'done') return;
    setConfirming(false);
    for (const field of [fields.trigger, fields.limit, fields.oco]) field.set('');
    showToast(t('placed_toast'));
  }

  return {
    kind,
    setKind,
    oco,
    setOco,
    fields,
    zeroErrors,
    inputs,
    problem,
    problemText,
    /** The alert's key: a refused tap shows it anew, so it is read out again. */
    refusals: taps,
    ready: isComplete(inputs),
    action,
    confirming,
    review: () => {
      if (!check()) return;
      action.setError('');
      setConfirming(true);
    },
    cancel: () => setConfirming(false),
    send,
  };
}
export type ConditionalFormState = ReturnType<typeof useConditionalForm>;
