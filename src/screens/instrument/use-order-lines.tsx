import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Market } from '../../../domain/market/instrument';
import type { KlineController } from '../../components/chart/kline-controller';
import { session } from '../../state/session';
import type * as LayerModule from './order-lines-layer';

type LayerCode = typeof LayerModule;

/**
 * The user's order lines on the kline screen, their code asked for only when there can be lines:
 * signed in, on a stock or a coin. That code reads orders, conditional legs and positions and
 * confirms a dragged line in a sheet (zod's schemas, the order forms, their texts: ~60 KB on the
 * wire and the largest module evaluation of the screen's start); a guest, who has no orders,
 * loaded all of it beside the chart for nothing. Signed in, it loads with the screen and attaches
 * to the chart already built, as a rebuilt chart's lines do.
 */
export function useOrderLines(
  market: Market,
  symbol: string,
  scale: number,
): { onController: (controller: KlineController | null) => void; layer: ReactNode } {
  const { userToken } = useSnapshot(session);
  const wanted = userToken !== '' && market !== 'index';
  const [code, setCode] = useState<LayerCode | null>(null);
  useEffect(() => {
    if (!wanted || code) return;
    let live = true;
    import('./order-lines-layer').then(
      (loaded) => {
        if (live) setCode(loaded);
      },
      // Offline with the code never fetched: the chart shows no lines, as for a guest.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, code]);

  const link = useMemo(
    () => (code && wanted ? code.createOrderLinesLink(market, scale) : null),
    [code, wanted, market, scale],
  );
  const chart = useRef<KlineController | null>(null);
  const current = useRef(link);
  current.current = link;
  useEffect(() => {
    if (!link) return;
    link.onController(chart.current);
    return () => link.onController(null);
  }, [link]);
  const onController = useCallback((controller: KlineController | null) => {
    chart.current = controller;
    current.current?.onController(controller);
  }, []);

  const layer =
    code && link ? <code.OrderLinesLayer link={link} market={market} symbol={symbol} scale={scale} /> : null;
  return { onController, layer };
}
