import '../../i18n/instrument';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatCompact, formatPrice } from '../../../domain/format/number';
import type { StockInfo } from '../../../domain/protocol/market';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { StatsGrid, type Stat } from './stats-grid';

/** The day's figures of a stock or index: live from the ticker, the info answer until it arrives. */
export function StockStats({ info }: { info: StockInfo }) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const live = useSnapshot(market).tickers[info.symbol];
  const scale = info.priceScale;
  const price = (value: string | null | undefined) => formatPrice(value, lang, scale);
  const stats: Stat[] = [
    { id: 'open', label: t('stats.open'), value: price(live?.open ?? info.open) },
    { id: 'prev', label: t('stats.prev_close'), value: price(live?.prev ?? info.prevClose) },
    { id: 'high', label: t('stats.high'), value: price(live?.high ?? info.high) },
    { id: 'low', label: t('stats.low'), value: price(live?.low ?? info.low) },
    { id: 'volume', label: t('stats.volume'), value: formatCompact(live?.vol ?? info.volume, lang) },
    {
      id: 'turnover',
      label: t('stats.turnover'),
      value: formatCompact(live?.turnover ?? info.turnover, lang),
    },
  ];
  if (info.market === 'stock') {
    stats.push(
      { id: 'upper', label: t('stats.upper_limit'), value: price(info.upperLimit) },
      { id: 'lower', label: t('stats.lower_limit'), value: price(info.lowerLimit) },
    );
  }
  return <StatsGrid stats={stats} label={t('stats.day')} />;
}
