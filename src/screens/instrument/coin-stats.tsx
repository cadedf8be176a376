import '../../i18n/instrument';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatCompact, formatPrice } from '../../../domain/format/number';
import type { CoinInfo, CoinTicker } from '../../../domain/protocol/market';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { StatsGrid, type Stat } from './stats-grid';

/** A pair's rolling 24 h figures and mark price: live from the stream, the REST ticker until then. */
export function CoinStats({ info, ticker }: { info: CoinInfo; ticker: CoinTicker }) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const snap = useSnapshot(market);
  const live = snap.tickers[info.symbol];
  const mark = snap.marks[info.symbol]?.mark ?? ticker.mark;
  const price = (value: string | undefined) => formatPrice(value, lang, info.priceScale);
  const stats: Stat[] = [
    { id: 'high', label: t('stats.high_24h'), value: price(live?.high ?? ticker.high) },
    { id: 'low', label: t('stats.low_24h'), value: price(live?.low ?? ticker.low) },
    { id: 'open', label: t('stats.open_24h'), value: price(live?.open ?? ticker.open) },
    { id: 'mark', label: t('stats.mark'), value: price(mark) },
    {
      id: 'volume',
      label: t('stats.volume_24h', { asset: info.base }),
      value: formatCompact(live?.vol ?? ticker.volume, lang),
    },
    {
      id: 'turnover',
      label: t('stats.turnover_24h', { asset: info.quote }),
      value: formatCompact(live?.turnover ?? ticker.quoteVolume, lang),
    },
  ];
  return <StatsGrid stats={stats} label={t('stats.day_24h')} />;
}
