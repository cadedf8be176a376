import '../../styles/instrument.css';
import '../../i18n/instrument';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/hook';
import { subscribe, useSnapshot } from 'valtio';
import type { Locale } from '../../../domain/format/locale';
import { formatPrice } from '../../../domain/format/number';
import { fromSteps, toSteps } from '../../../domain/market/ticks';
import { market } from '../../state/market';
import { isStale, StreamNote, useStreamHealth } from '../market/stream-note';
import { prefs } from '../../state/prefs';
import { BookRow } from './book-row';

type Props = { symbol: string; priceScale: number; qtyScale: number; depth?: number };

export const BOOK_DEPTH = 20;

/** Largest quantity among the shown levels, for the depth bars' common scale. */
function visibleMax(symbol: string, depth: number): number {
  const book = market.books[symbol];
  if (!book) return 0;
  let max = 0;
  for (const price of book.bids.slice(0, depth)) max = Math.max(max, Number(book.bidQty[price] ?? 0));
  for (const price of book.asks.slice(0, depth)) max = Math.max(max, Number(book.askQty[price] ?? 0));
  return Number.isFinite(max) ? max : 0;
}

function spreadOf(bid: string | undefined, ask: string | undefined, scale: number): string | null {
  if (bid === undefined || ask === undefined) return null;
  const steps = toSteps(ask, scale) - toSteps(bid, scale);
  return Number.isFinite(steps) ? fromSteps(steps, scale) : null;
}

type SummaryProps = {
  bid: string | undefined;
  ask: string | undefined;
  spread: string | null;
  locale: Locale;
  priceScale: number;
};

/** Best bid, spread and best ask above the two sides. */
function BookSummary({ bid, ask, spread, locale: lang, priceScale }: SummaryProps) {
  const { t } = useTranslation('instrument');
  return (
    <div className="book__summary">
      <span>
        {t('book.best_bid')}{' '}
        <strong className="text-up" data-testid="book-best-bid">
          {formatPrice(bid, lang, priceScale)}
        </strong>
      </span>
      <span>
        {t('book.spread')} <strong data-testid="book-spread">{formatPrice(spread, lang, priceScale)}</strong>
      </span>
      <span>
        {t('book.best_ask')}{' '}
        <strong className="text-down" data-testid="book-best-ask">
          {formatPrice(ask, lang, priceScale)}
        </strong>
      </span>
    </div>
  );
}

/**
 * The order book: bids left, asks right, best first, with depth bars. The panel reads only the
 * price order and state; each row reads its own quantity leaf (BookRow).
 */
export function BookView({ symbol, priceScale, qtyScale, depth = BOOK_DEPTH }: Props) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const book = useSnapshot(market).books[symbol];
  const root = useRef<HTMLDivElement>(null);

  // The bars' scale follows every quantity; it is written on the DOM so no row re-renders for it.
  useEffect(() => {
    const apply = () => root.current?.style.setProperty('--book-max', String(visibleMax(symbol, depth) || 1));
    apply();
    return subscribe(market, apply);
  }, [symbol, depth]);

  const bids = book?.bids.slice(0, depth) ?? [];
  const asks = book?.asks.slice(0, depth) ?? [];
  const health = useStreamHealth(`book|${symbol}`);
  const stopped = isStale(health);
  const stale = book?.state === 'resyncing' || stopped;
  const spread = spreadOf(bids[0], asks[0], priceScale);
  const rowProps = { symbol, priceScale, qtyScale, locale: lang };

  return (
    <div
      ref={root}
      className={stale ? 'book book--stale' : 'book'}
      data-testid="book"
      data-qty-scale={qtyScale}
      data-state={stopped ? health!.state : book ? book.state : 'loading'}
      aria-busy={stale || !book}
    >
      <BookSummary bid={bids[0]} ask={asks[0]} spread={spread} locale={lang} priceScale={priceScale} />
      <StreamNote health={health} testId="book-stream-stale" />
      {book?.state === 'resyncing' && !stopped && (
        <p className="book__stale" role="status" data-testid="book-stale">
          {t('book.resyncing')}
        </p>
      )}
      <div className="book__head" aria-hidden="true">
        <span>{t('book.qty')}</span>
        <span>{t('book.bid')}</span>
        <span>{t('book.ask')}</span>
        <span>{t('book.qty')}</span>
      </div>
      {!book && stopped ? null : !book ? (
        <div className="book__skeleton" role="status" aria-label={t('loading', { ns: 'common' })}>
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className="skeleton" />
          ))}
        </div>
      ) : bids.length === 0 && asks.length === 0 ? (
        <p className="book__empty">{t('book.empty')}</p>
      ) : (
        <div className="book__sides">
          <ol className="book__side" aria-label={t('book.bids')}>
            {bids.map((price) => (
              <BookRow key={price} side="bid" price={price} {...rowProps} />
            ))}
          </ol>
          <ol className="book__side" aria-label={t('book.asks')}>
            {asks.map((price) => (
              <BookRow key={price} side="ask" price={price} {...rowProps} />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
