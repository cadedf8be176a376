import '../../i18n/chart';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { modifyFieldsFor } from '../../../domain/chart/order-lines';
import { formatDecimal, formatPrice } from '../../../domain/format/number';
import type { Market } from '../../../domain/market/instrument';
import type { LabelledLine } from '../../components/chart/order-lines-primitive';
import { OrderLinesLink } from '../../components/chart/order-lines-link';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { noteRender } from '../../services/render-stats';
import { OrderMoveSheet, type Move } from './order-move-sheet';
import { useOrderLinesData } from './use-order-lines-data';

type Props = { link: OrderLinesLink; market: Market; symbol: string; scale: number };

/**
 * The order lines' link to the charts a screen builds (give `onController` to KlineChart): made
 * once per instrument, so a chart rebuilt for another interval or palette gets the same lines.
 */
export function useOrderLinesLink(market: Market, scale: number): OrderLinesLink {
  return useMemo(() => createOrderLinesLink(market, scale), [market, scale]);
}

/** The link itself, for a screen that loads this module only when it needs lines (use-order-lines.tsx). */
export function createOrderLinesLink(market: Market, scale: number): OrderLinesLink {
  // The language is read when a price is drawn: a new language builds the chart anew anyway.
  return new OrderLinesLink(market === 'stock' ? 'stock' : 'coin', scale, (p) =>
    formatPrice(p, prefs.lang, scale),
  );
}

/**
 * The user's orders on a chart: read and kept fresh (use-order-lines-data), handed to the chart's
 * primitive (no chart render), listed for screen readers, and a dropped line confirmed in a sheet
 * before its order is changed. Renders only when the orders or the sheet change, never on a tick.
 */
export function OrderLinesLayer({ link, market, symbol, scale }: Props) {
  noteRender('order-lines');
  const { t } = useTranslation('chart');
  const { lang } = useSnapshot(prefs);
  const { lines, refetch } = useOrderLinesData(market, symbol);
  const [move, setMove] = useState<Move | null>(null);
  const labelled = useMemo<LabelledLine[]>(
    () =>
      lines.map((line) => {
        const kind = t(`orders.kind.${line.kind}`);
        if (line.side === null || line.quantity === null) return { ...line, label: kind };
        const qty = formatDecimal(line.quantity, lang, { decimals: 8, minDecimals: 0 });
        return { ...line, label: t('orders.label', { kind, side: t(`orders.side.${line.side}`), qty }) };
      }),
    [lines, t, lang],
  );
  useEffect(() => link.show(labelled), [link, labelled]);
  useEffect(() => {
    link.onDrop(
      move
        ? null
        : (key, price) => {
            const line = labelled.find((l) => l.key === key);
            const fields = line ? modifyFieldsFor(line, price) : null;
            if (!line || !fields || Number(price) === Number(line.price)) return link.hold(null);
            setMove({ line, price, fields });
          },
    );
    return () => link.onDrop(null);
  }, [link, labelled, move]);

  const close = (moved: boolean) => {
    setMove(null);
    // A moved line stays where it was dropped until the orders are read again.
    if (moved) void refetch().finally(() => link.hold(null));
    else link.hold(null);
  };

  return (
    <>
      <ul className="visually-hidden" data-testid="order-lines" aria-label={t('orders.move_title')}>
        {labelled.map((line) => (
          <li key={line.key} data-key={line.key} data-price={line.price}>
            {line.label} {formatPrice(line.price, lang, scale)}
          </li>
        ))}
      </ul>
      {move && <OrderMoveSheet move={move} market={market} symbol={symbol} scale={scale} onClose={close} />}
    </>
  );
}
