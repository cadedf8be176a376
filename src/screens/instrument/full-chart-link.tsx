import '../../i18n-instrument';
import { Link } from 'wouter';
import type { Interval, Market } from '../../../domain/market/instrument';
import { useTranslation } from '../../i18n-hook';
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
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </Link>
  );
}
