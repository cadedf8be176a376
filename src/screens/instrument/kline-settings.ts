import { useEffect, useState } from 'react';
import { DEFAULT_PERIODS } from '../../../domain/indicators/defaults';
import type { MainIndicator, SubIndicator } from '../../../domain/indicators/types';
import { isInterval, type Interval } from '../../../domain/market/instrument';
import { setIndicatorConfig } from '../../market/client';
import { navigate } from '../../paths/navigation';
import { readStored, writeStored } from '../../state/persisted';
import { useQueryParam } from './use-symbol';

export const DEFAULT_INTERVAL: Interval = '15m';

/**
 * A chart screen's interval and indicators. The interval lives in the URL (`&interval=1h`, so a
 * reload or a shared link keeps it, the screen's other parameters kept); the indicators in the
 * stored `mainInd` / `subInd`, which also configure the worker.
 */
export function useKlineSettings() {
  const raw = useQueryParam('interval');
  const interval = raw !== null && isInterval(raw) ? raw : DEFAULT_INTERVAL;
  const [main, setMain] = useState<MainIndicator>(() => readStored('mainInd'));
  const [sub, setSub] = useState<SubIndicator>(() => readStored('subInd'));

  useEffect(() => {
    setIndicatorConfig({ main, sub, periods: DEFAULT_PERIODS });
  }, [main, sub]);

  const chooseInterval = (next: Interval) => {
    const query = new URLSearchParams(location.search);
    query.set('interval', next);
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
  return { interval, main, sub, chooseInterval, chooseMain, chooseSub };
}
