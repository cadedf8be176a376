import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import {
  formatCompact,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatSigned,
} from '../../../domain/format/number';
import type { MainIndicator, SubIndicator } from '../../../domain/indicators/types';
import type { LegendData, LegendLine } from './kline-controller';

type Props = {
  data: LegendData | null;
  scale: number;
  main: MainIndicator;
  sub: SubIndicator;
  locale: Locale;
};

/** Bars come from decimal strings; differences are rounded back onto the price grid before display. */
function onGrid(value: number, scale: number): string {
  return value.toFixed(scale);
}

/** A sub-pane value as the legend and the pane's axis show it. */
export function subValue(sub: SubIndicator, value: number | null, scale: number, locale: Locale): string {
  if (value === null || !Number.isFinite(value)) return '--';
  if (sub === 'VOL') return formatCompact(Math.round(value), locale);
  const decimals = sub === 'MACD' ? Math.min(scale + 2, 8) : 2;
  return formatDecimal(value.toFixed(decimals), locale, { decimals });
}

function Lines({
  lines,
  format,
  testId,
}: {
  lines: LegendLine[];
  format: (v: number | null) => string;
  testId: string;
}) {
  return (
    <p className="kline-legend__lines" data-testid={testId}>
      {lines.map((line) => (
        <span key={line.name} style={{ color: line.colour }} data-line={line.name}>
          {line.name} {format(line.value)}
        </span>
      ))}
    </p>
  );
}

/** OHLC, change and each indicator line's value at the crosshair (the latest bar without one). */
export function KlineLegend({ data, scale, main, sub, locale }: Props) {
  const { t } = useTranslation('instrument');
  const price = (value: number | null | undefined) =>
    value === null || value === undefined ? '--' : formatPrice(onGrid(value, scale), locale, scale);
  const base = data ? (data.prevClose ?? data.open) : null;
  const change = data && base !== null ? data.close - base : null;
  const pct = change !== null && base ? ((change / base) * 100).toFixed(4) : null;
  const tone = change === null || Math.abs(change) < 10 ** -(scale + 1) ? 'flat' : change > 0 ? 'up' : 'down';

  return (
    <div className="kline-legend" data-testid="kline-legend" aria-live="off">
      <p className="kline-legend__ohlc num">
        <span className="kline-legend__time">{data?.time ? formatDateTime(data.time, locale) : '--'}</span>
        <span>
          {t('kline.open')} <b>{price(data?.open)}</b>
        </span>
        <span>
          {t('kline.high')} <b>{price(data?.high)}</b>
        </span>
        <span>
          {t('kline.low')} <b>{price(data?.low)}</b>
        </span>
        <span>
          {t('kline.close')} <b data-testid="legend-close">{price(data?.close)}</b>
        </span>
        <span className={`kline-legend__change kline-legend__change--${tone}`}>
          {t('kline.change')} {change === null ? '--' : formatSigned(onGrid(change, scale), locale, scale)} (
          {formatPercent(pct, locale)})
        </span>
        <span>
          {t('kline.volume')}{' '}
          <b>{data?.volume == null ? '--' : formatCompact(Math.round(data.volume), locale)}</b>
        </span>
      </p>
      <Lines lines={data?.main ?? []} format={price} testId={`legend-main-${main}`} />
      <Lines
        lines={data?.sub ?? []}
        format={(value) => subValue(sub, value, scale, locale)}
        testId={`legend-sub-${sub}`}
      />
    </div>
  );
}
