import { useEffect, useState } from 'react';
import { DEFAULT_PERIODS } from '../../../domain/indicators/defaults';
import type { MainIndicator, SubIndicator } from '../../../domain/indicators/types';
import { isInterval, type Interval, type Market } from '../../../domain/market/instrument';
import { KlineChart } from '../../components/chart/kline-chart';
import { setIndicatorConfig, useTopic } from '../../market/client';
import { navigate } from '../../routes/navigation';
import { readStored, writeStored } from '../../state/persisted';
import { IndicatorBar, IntervalBar } from './kline-toolbar';
import { QuoteHeader, type QuoteFallback } from './quote-header';
import { useQueryParam } from './use-symbol';

export const DEFAULT_INTERVAL: Interval = '15m';

type Props = { market: Market; symbol: string; scale: number; fallback: QuoteFallback };

/**
 * The kline screen's content: live quote, interval and indicator switches, chart. The interval
 * lives in the URL (`&interval=1h`, so a reload or a shared link keeps it); the indicators in
 * the stored `mainInd` / `subInd`, which also configure the worker.
 */
export function KlineBody({ market, symbol, scale, fallback }: Props) {
  const raw = useQueryParam('interval');
  const interval = raw !== null && isInterval(raw) ? raw : DEFAULT_INTERVAL;
  const [main, setMain] = useState<MainIndicator>(() => readStored('mainInd'));
  const [sub, setSub] = useState<SubIndicator>(() => readStored('subInd'));
  useTopic({ kind: 'ticker', market, symbol });

  useEffect(() => {
    setIndicatorConfig({ main, sub, periods: DEFAULT_PERIODS });
  }, [main, sub]);

  const chooseInterval = (next: Interval) => {
    const query = new URLSearchParams({ symbol, interval: next });
    navigate(`${location.pathname}?${query.toString()}`, { replace: true });
  };
  const chooseMain = (next: MainIndicator) => {
    writeStored('mainInd', next);
    setMain(next);
  };
  const chooseSub = (next: SubIndicator) => {
    writeStored('subInd', next);
    setSub(next);
  };

  return (
    <>
      <QuoteHeader symbol={symbol} scale={scale} fallback={fallback} />
      <IntervalBar value={interval} onChange={chooseInterval} />
      <KlineChart market={market} symbol={symbol} interval={interval} scale={scale} main={main} sub={sub} />
      <IndicatorBar main={main} sub={sub} onMain={chooseMain} onSub={chooseSub} />
    </>
  );
}
