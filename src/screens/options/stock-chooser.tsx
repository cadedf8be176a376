import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { isListed } from '../../../domain/rules/tradable';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TextField } from '../../components/form/text-field';
import { serverNow } from '../../api/server-clock';

type Choice = { symbol: string; name: string };

/** Enough pages for every offering the broker has held; a page is the most the list gives at once. */
const IPO_PAGE = 100;
const IPO_PAGES = 10;

/**
 * Each IPO stock's listing date, the earliest when it was offered twice (as the broker reads it,
 * server/primary/ipo/listing.ts).
 */
async function listingDates(): Promise<Map<string, number>> {
  const dates = new Map<string, number>();
  for (let page = 1; page <= IPO_PAGES; page++) {
    const answer = await call(ipoEndpoints.list, { page, size: IPO_PAGE }, { silent: true });
    for (const ipo of answer.list)
      dates.set(ipo.symbol, Math.min(ipo.listingAt, dates.get(ipo.symbol) ?? Infinity));
    if (answer.list.length < IPO_PAGE || page * IPO_PAGE >= answer.total) break;
  }
  return dates;
}

/**
 * Indices have no options, and neither has a stock that takes no orders yet (an IPO before its
 * listing date: domain/rules/tradable, the rule the broker refuses by with NOT_TRADABLE).
 */
const loadStocks = async (): Promise<Choice[]> => {
  const [stocks, listing] = await Promise.all([
    call(firstLoad.stockList, { page: 1, size: 100 }, { silent: true }),
    listingDates(),
  ]);
  const now = serverNow();
  return stocks.list
    .filter((quote) => quote.market === 'stock' && isListed(listing.get(quote.symbol), now))
    .map(({ symbol, name }) => ({ symbol, name }));
};

/**
 * The ticket opened without ?symbol= (a bookmark, the position page's option tab): a searchable
 * list of stocks, each opening the ticket on it, as the instrument screens do.
 */
export function StockChooser({ target }: { target: string }) {
  const { t, i18n } = useTranslation('options');
  const [keyword, setKeyword] = useState('');
  const load = useLiveData('option-chooser', loadStocks);
  const wanted = keyword.trim().toLocaleLowerCase(i18n.language);

  let body;
  if (load.status === 'loading') body = <ListSkeleton rows={6} />;
  else if (load.status === 'error') body = <ErrorState error={load.error} onRetry={load.reload} />;
  else {
    const shown = load.data.filter(
      (c) =>
        c.symbol.toLocaleLowerCase(i18n.language).includes(wanted) ||
        c.name.toLocaleLowerCase(i18n.language).includes(wanted),
    );
    body =
      shown.length === 0 ? (
        <EmptyState title={t('chooser.empty', { keyword: keyword.trim() })} />
      ) : (
        <ul className="card-list" data-testid="option-chooser-list">
          {shown.map((choice) => (
            <li key={choice.symbol}>
              <Link
                className="options-choices__row"
                href={`${target}?symbol=${encodeURIComponent(choice.symbol)}`}
                data-testid={`choose-${choice.symbol}`}
              >
                <span className="options-choices__symbol">{choice.symbol}</span>
                <span className="options-choices__name">{choice.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <div className="options-stack" data-testid="option-chooser">
      <p className="hint">{t('chooser.hint')}</p>
      <TextField
        label={t('chooser.search')}
        value={keyword}
        onValueChange={setKeyword}
        placeholder={t('chooser.placeholder')}
        testId="option-chooser-search"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
      />
      {body}
    </div>
  );
}
