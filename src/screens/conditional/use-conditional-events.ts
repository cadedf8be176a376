import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { parseConditionalEvent, type ConditionalOrder } from '../../../domain/protocol/conditional';
import { isErrorKey } from '../../../domain/protocol/error-keys';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';
import { useTranslation } from '../../i18n-hook';
import { onPrivateEvent } from '../../market/private-events';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';

/** Long enough to read a sentence that says an order was placed, or refused, without a tap. */
const EVENT_TOAST_MS = 5000;

/** A figure in a refusal's text as the reader writes numbers ("64,00"); anything else as it is. */
function shownParams(params: ConditionalOrder['reasonParams'], locale: Locale) {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const text = String(value);
    out[name] = /^-?\d+(\.\d+)?$/.test(text)
      ? formatDecimal(text, locale, { decimals: text.split('.')[1]?.length ?? 0 })
      : text;
  }
  return out;
}

/** Why a leg was refused at its trigger, in the error texts of its key with its figures; '' for none. */
export function refusalText(order: ConditionalOrder, errors: TFunction<'errors'>, locale: Locale): string {
  if (order.state !== 'refused' || !order.reason || !isErrorKey(order.reason)) return '';
  return errors(order.reason, shownParams(order.reasonParams, locale));
}

/** The toast for a leg that fired or was refused at its trigger; '' for any other change. */
export function conditionalToastText(
  order: ConditionalOrder,
  t: TFunction<'conditional'>,
  errors: TFunction<'errors'>,
  locale: Locale,
  priceScale: number,
): string {
  if ((order.state !== 'fired' && order.state !== 'refused') || !order.fired) return '';
  const params = {
    kind: t(`kind.${order.kind}`),
    side: t(`side_lower.${order.side}`),
    symbol: order.symbol,
    qty: formatDecimal(order.quantity, locale, { decimals: 8, minDecimals: 0 }),
    price: formatDecimal(order.fired.price, locale, { decimals: priceScale, minDecimals: 2 }),
  };
  return order.state === 'fired'
    ? t('event.fired', params)
    : t('event.refused', { ...params, reason: refusalText(order, errors, locale) });
}

/** The newer of two copies of a leg: a live event may be ahead of the list's last read, or behind it. */
const newer = (a: ConditionalOrder, b: ConditionalOrder | undefined) =>
  b !== undefined && b.updatedAt > a.updatedAt ? b : a;

/**
 * Follows the user's conditional legs on the private `orders` channel: each changed leg at once
 * over the list's copy (its state, its reason, the order it placed), and a toast when one fired or
 * was refused at its trigger; `refetch` then reads the list again for the rest.
 */
export function useConditionalEvents(priceScaleOf: (order: ConditionalOrder) => number) {
  const { t } = useTranslation('conditional');
  const errors = useTranslation('errors').t;
  const [live, setLive] = useState<ReadonlyMap<string, ConditionalOrder>>(new Map());
  const current = useRef({ t, errors, priceScaleOf });
  useLayoutEffect(() => {
    current.current = { t, errors, priceScaleOf };
  });
  useEffect(
    () =>
      onPrivateEvent('orders', (data) => {
        const order = parseConditionalEvent(data);
        if (!order) return;
        setLive((seen) => new Map(seen).set(order.id, newer(order, seen.get(order.id))));
        const { t: tr, errors: er, priceScaleOf: scale } = current.current;
        const text = conditionalToastText(order, tr, er, prefs.lang, scale(order));
        if (text) showToast(text, EVENT_TOAST_MS);
      }),
    [],
  );
  /** The leg as last heard of, from the list or the channel, whichever is newer. */
  return (order: ConditionalOrder): ConditionalOrder => newer(order, live.get(order.id));
}
