import '../components/conditional/namespace';
import '../i18n/errors-screens';
import type { TFunction } from 'i18next';
import { parseConditionalEvent, type ConditionalOrder } from '../../domain/protocol/conditional';
import { isErrorKey } from '../../domain/protocol/error-keys';
import type { Locale } from '../../domain/format/locale';
import { formatAllDigits } from '../../domain/format/number';
import { i18n } from '../i18n/setup';
import { onPrivateEvent } from '../market/private-events';
import { prefs } from '../state/prefs';
import { showToast } from './toast';

/** Long enough to read a sentence that says an order was placed, or refused, without a tap. */
const EVENT_TOAST_MS = 5000;

/**
 * A figure as the reader writes numbers ("64,00"), with every digit it has and at least
 * `minDecimals`; anything that is not a number as it is.
 */
function shown(value: string, locale: Locale, minDecimals = 0): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const [int = '', frac = ''] = value.split('.');
  return formatAllDigits(
    frac.length >= minDecimals ? value : `${int}.${frac.padEnd(minDecimals, '0')}`,
    locale,
  );
}

/** Why a leg was refused at its trigger, in the error texts of its key with its figures; '' for none. */
export function refusalText(order: ConditionalOrder, errors: TFunction<'errors'>, locale: Locale): string {
  if (order.state !== 'refused' || !order.reason || !isErrorKey(order.reason)) return '';
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(order.reasonParams ?? {}))
    params[name] = shown(String(value), locale);
  return errors(order.reason, params);
}

/** The toast for a leg that fired or was refused at its trigger; '' for any other change. */
export function conditionalToastText(
  order: ConditionalOrder,
  t: TFunction<'conditional'>,
  errors: TFunction<'errors'>,
  locale: Locale,
): string {
  if ((order.state !== 'fired' && order.state !== 'refused') || !order.fired) return '';
  const params = {
    kind: t(`kind.${order.kind}`),
    side: t(`side_lower.${order.side}`),
    symbol: order.symbol,
    qty: shown(order.quantity, locale),
    // The price as the trade printed it, never fewer than two decimals (as prices are shown).
    price: shown(order.fired.price, locale, 2),
  };
  return order.state === 'fired'
    ? t('event.fired', params)
    : t('event.refused', { ...params, reason: refusalText(order, errors, locale) });
}

type OrderListener = (order: ConditionalOrder) => void;
const orderListeners = new Set<OrderListener>();
let listening = false;

/** The toast for a leg that fired or was refused, on whatever screen the user is. */
function toast(order: ConditionalOrder): void {
  const lang = prefs.lang;
  const text = conditionalToastText(
    order,
    i18n.getFixedT(lang, 'conditional'),
    i18n.getFixedT(lang, 'errors'),
    lang,
  );
  if (text) showToast(text, EVENT_TOAST_MS);
}

/**
 * Says each conditional leg that fires, or is refused at its trigger, while the app is open, on
 * whatever screen the user is then: a stop placed from a ticket fires while they read the news.
 * Starts the first time a screen that places or lists conditional orders opens, for the rest of
 * the visit; kept off the first load, whose budget is spent. Each event on `orders` is read into
 * its leg here, once, for the toast and for every screen that follows the legs.
 */
export function listenForConditionalOrders(): void {
  if (listening) return;
  listening = true;
  onPrivateEvent('orders', (data) => {
    const order = parseConditionalEvent(data);
    if (!order) return;
    toast(order);
    for (const listener of [...orderListeners]) listener(order);
  });
}

/** Calls `fn` with each conditional leg the `orders` channel changes, read once for all; answers the stop. */
export function onConditionalOrder(fn: OrderListener): () => void {
  listenForConditionalOrders();
  orderListeners.add(fn);
  return () => {
    orderListeners.delete(fn);
  };
}
