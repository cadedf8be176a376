import '../../i18n/instrument';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatSigned } from '../../../domain/format/number';
import { ChangeCell } from '../../components/market/change-cell';
import { PriceCell } from '../../components/market/price-cell';
import { isStale, StreamNote, useStreamHealth } from '../../components/market/stream-note';
import { direction } from '../../components/tone';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';

export type QuoteFallback = { last: string; change: string; pct: string };

const TONE = { '-1': 'down', '0': 'flat', '1': 'up' } as const;

/** The big live price (flashing on the DOM node as it moves), its change and change %. */
export function QuoteHeader({
  symbol,
  scale,
  fallback,
}: {
  symbol: string;
  scale: number;
  fallback: QuoteFallback;
}) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const ticker = useSnapshot(market).tickers[symbol];
  const last = ticker?.last ?? fallback.last;
  const change = ticker?.change ?? fallback.change;
  const pct = ticker?.pct ?? fallback.pct;
  const tone = TONE[direction(change)];
  const health = useStreamHealth(`ticker|${symbol}`);
  const stale = isStale(health);
  return (
    <section
      className={`quote quote--${tone}${stale ? ' quote--stale' : ''}`}
      aria-label={t('quote.label')}
      data-testid="quote"
      data-state={health?.state ?? 'waiting'}
    >
      <PriceCell value={last} decimals={scale} locale={lang} testId="quote-price" className="quote__price" />
      <span className="quote__change num" data-testid="quote-change">
        {formatSigned(change, lang, scale)}
      </span>
      <ChangeCell pct={pct} locale={lang} pill testId="quote-pct" />
      <StreamNote health={health} testId="quote-stale" className="quote__stale" />
    </section>
  );
}
