import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import { formatPrice } from '../../../domain/format/number';
import type { PositionsEvent } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { onPrivateEvent } from '../../market/private-events';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';

/** Long enough to read a sentence that says money moved without the user pressing anything. */
const EVENT_TOAST_MS = 5000;

/** The toast for a position the server closed on its own, or '' for an event that needs none. */
export function positionEventText(
  event: PositionsEvent,
  t: TFunction<'contract'>,
  lang: typeof prefs.lang,
  priceScale: (symbol: string) => number,
): string {
  if (event.kind !== 'liquidation' && event.kind !== 'trigger') return '';
  const { position } = event;
  const params = {
    symbol: position.symbol,
    side: t(`ticket.${position.side}`),
    leverage: position.leverage,
    price:
      position.closePrice === null
        ? '--'
        : formatPrice(position.closePrice, lang, priceScale(position.symbol)),
  };
  return t(`positions.event.${event.kind === 'trigger' ? event.trigger : 'liquidation'}`, params);
}

/**
 * While the contract panel is shown, a take-profit, stop-loss or liquidation (which close a
 * position without the user's hand) says so in a toast in the user's language; the message
 * centre keeps the record.
 */
export function usePositionToasts(infos: readonly CoinInfo[] | null): void {
  const { t } = useTranslation('contract');
  const current = useRef({ t, infos });
  useLayoutEffect(() => {
    current.current = { t, infos };
  });
  useEffect(
    () =>
      onPrivateEvent('positions', (data) => {
        const { t: translate, infos: known } = current.current;
        const scale = (symbol: string) => known?.find((i) => i.symbol === symbol)?.priceScale ?? 2;
        const text = positionEventText(data as PositionsEvent, translate, prefs.lang, scale);
        if (text) showToast(text, EVENT_TOAST_MS);
      }),
    [],
  );
}
