import '../../styles/market.css';
import { memo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatCompact } from '../../../domain/format/number';
import type { RowQuote } from '../../market/quote';
import { useLiveQuote } from '../../market/use-live-quote';
import { useNearViewport } from '../../market/use-visible';
import { prefs } from '../../state/prefs';
import { ChangeCell } from './change-cell';
import { instrumentHref } from '../../paths/shell-paths';
import { PriceCell } from './price-cell';
import { noteRender } from '../../services/render-stats';
import { StarButton } from './star-button';

type Props = { quote: RowQuote; star?: boolean; onOpen?: ((symbol: string) => void) | undefined };

/**
 * One instrument: symbol and name, price and traded value, change. It streams while on or near
 * the screen and re-renders only for its own ticker (memo: a parent re-render passes the same quote).
 */
export const TickerRow = memo(function TickerRow({ quote, star = false, onOpen }: Props) {
  noteRender('ticker-row');
  const ref = useRef<HTMLLIElement>(null);
  const near = useNearViewport(ref);
  const live = useLiveQuote(quote, near);
  const { lang } = useSnapshot(prefs);
  const { symbol } = quote;
  return (
    <li ref={ref} className="ticker-row" data-testid={`ticker-row-${symbol}`}>
      <Link
        href={instrumentHref(quote.market, symbol)}
        className="ticker-row__link"
        onClick={onOpen ? () => onOpen(symbol) : undefined}
      >
        <span className="ticker-row__id">
          <span className="ticker-row__symbol">{symbol}</span>
          <span className="ticker-row__name">{quote.name}</span>
        </span>
        <span className="ticker-row__figures">
          <PriceCell value={live.last} decimals={quote.decimals} locale={lang} testId={`price-${symbol}`} />
          <span className="ticker-row__vol">{formatCompact(live.vol, lang)}</span>
        </span>
        <ChangeCell pct={live.pct} locale={lang} pill testId={`change-${symbol}`} />
      </Link>
      {star && <StarButton market={quote.market} symbol={symbol} />}
    </li>
  );
});
