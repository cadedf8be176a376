import '../../i18n/instrument';
import { useEffect, useState } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { BOOK_PACES, groupingChoices, type BookPace } from '../../../domain/market-data/book-view';
import type { Market } from '../../../domain/market/instrument';
import { formatPrice } from '../../../domain/format/number';
import { fromSteps, toSteps } from '../../../domain/market/ticks';
import { useTranslation } from '../../i18n/hook';
import { setBookView } from '../../market/client';
import { market as marketState } from '../../state/market';
import { bookViewOf, bookViews, chooseBookView } from '../../state/book-views';
import { prefs } from '../../state/prefs';
import { Segmented } from '../form/segmented';

type Props = { market: Market; symbol: string; priceScale: number };

/**
 * The tick (every level) and the coarser groupings, joined so a state holds them as one value;
 * empty for a stock whose price has yet to come, as its tick follows the price and any grouping
 * offered before it would be replaced under the reader's finger.
 */
function groupingsNow(market: Market, symbol: string, priceScale: number): string {
  const last = marketState.tickers[symbol]?.last;
  if (market === 'stock' && !last) return '';
  const tick = market === 'stock' ? groupingChoices('stock', priceScale, last)[0]! : fromSteps(1, priceScale);
  const steps = toSteps(tick, priceScale);
  const coarser = groupingChoices(market, priceScale, last).filter(
    (group) => toSteps(group, priceScale) > steps,
  );
  return [tick, ...coarser].join(' ');
}

/**
 * A stock's tick moves with its price (the BIST table), and its groupings with it: read on each
 * patch, rendering only when they change.
 */
function useGroupings(market: Market, symbol: string, priceScale: number): [string, string[]] {
  const [joined, setJoined] = useState(() => groupingsNow(market, symbol, priceScale));
  useEffect(() => {
    const read = () => setJoined(groupingsNow(market, symbol, priceScale));
    read();
    return subscribe(marketState, read);
  }, [market, symbol, priceScale]);
  const [tick = '', ...coarser] = joined === '' ? [] : joined.split(' ');
  return [tick, coarser];
}

/** Decimals a canonical decimal is written with ("0.10" → 2, "10" → 0). */
function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * The book's grouping and pace, applied in the worker (setBookView), never in React: the first
 * grouping is the tick itself (every level), then the coarser steps; the pace live, or 4 or 2
 * updates a second.
 */
export function BookToolbar({ market, symbol, priceScale }: Props) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const view = useSnapshot(bookViews)[symbol] ?? bookViewOf(symbol);
  const [tick, coarser] = useGroupings(market, symbol, priceScale);
  const group = view.group ?? '';
  // A grouping chosen at another price stays listed while it is in force.
  const choices = group === '' || coarser.includes(group) ? coarser : [...coarser, group];

  useEffect(() => {
    setBookView(symbol, { group: view.group, perSecond: view.perSecond });
  }, [symbol, view.group, view.perSecond]);

  return (
    <div className="book-toolbar">
      <label className="book-toolbar__group">
        <span>{t('book.group')}</span>
        <select
          className="book-toolbar__select num"
          data-testid="book-group"
          aria-label={t('book.group_label')}
          value={group}
          disabled={tick === ''}
          onChange={(event) => chooseBookView(symbol, { group: event.target.value || null })}
        >
          <option value="">{tick === '' ? '—' : formatPrice(tick, lang, priceScale)}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {formatPrice(choice, lang, Math.min(priceScale, decimalsOf(choice)))}
            </option>
          ))}
        </select>
      </label>
      <Segmented<BookPace>
        label={t('book.pace')}
        value={view.perSecond}
        options={BOOK_PACES.map((pace) => ({
          value: pace,
          label: pace === 0 ? t('book.pace_live') : t('book.pace_per_second', { count: pace }),
          testId: `book-pace-${pace}`,
        }))}
        onChange={(perSecond) => chooseBookView(symbol, { perSecond })}
        look={{ group: 'segmented book-toolbar__pace', option: 'segmented__option', testId: 'book-pace' }}
      />
    </div>
  );
}
