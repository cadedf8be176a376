import '../../i18n/instrument';
import { Link } from 'wouter';
import type { Interval, Market } from '../../../domain/market/instrument';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/hook';
import { traderChartPath } from './chart-path';

/** Opens the same chart full screen (landscape, drawings, depth beside it). */
export function FullChartLink({
  market,
  symbol,
  interval,
}: {
  market: Market;
  symbol: string;
  interval: Interval;
}) {
  const { t } = useTranslation('instrument');
  return (
    <Link
      href={traderChartPath(market, symbol, interval)}
      className="kline-chip full-chart-link"
      aria-label={t('chart.full_screen')}
      title={t('chart.full_screen')}
      data-testid="open-trader-chart"
    >
      {/* Square corners, a little bolder than the icon set: four sharp brackets read as "expand". */}
      <Icon width="20" height="20" strokeWidth="2" strokeLinejoin="miter">
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      </Icon>
    </Link>
  );
}
