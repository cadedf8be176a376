import '../../styles/market.css';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { SearchIcon } from '../../components/market/market-icons';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { shareCoinScales } from '../../market/coin-scales';
import { fromSearchHit, type RowQuote } from '../../market/quote';
import { addToHistory } from '../../market/search-history';
import { readStored, writeStored } from '../../state/persisted';
import { SearchHistory } from './search-history';
import { SearchPopular } from './search-popular';

/** Typing pauses this long before a search goes out: one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The coin pairs' price decimals, asked once a coin is found: a hit has none, and BTCUSDT read
 * 96.200,00000000 at the 8 kept for an unknown pair. Unknown (the infos failed) keeps those 8.
 */
let coinScales: Promise<Map<string, number>> | null = null;
function priceScales(): Promise<Map<string, number>> {
  coinScales ??= call(firstLoad.coinInfos, {}, { silent: true }).then(
    // The market worker gets them too: a coin opened from here streams without asking again.
    (infos) => new Map(shareCoinScales(infos).map((info) => [info.symbol, info.priceScale])),
    () => {
      coinScales = null;
      return new Map<string, number>();
    },
  );
  return coinScales;
}

type Results =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; rows: RowQuote[] };

/** The hits for `keyword`, asked once the typing pauses; an answer to an older keyword is dropped. */
function useSearchResults(keyword: string) {
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (keyword === '') {
      setResults({ status: 'idle' });
      return;
    }
    let live = true;
    setResults({ status: 'loading' });
    const timer = setTimeout(() => {
      call(firstLoad.search, { keyword }, { silent: true }).then(
        async ({ list: hits }) => {
          const scales = hits.some((hit) => hit.market === 'coin') ? await priceScales() : null;
          const rows = hits.map((hit) => fromSearchHit(hit, scales?.get(hit.symbol)));
          if (live) setResults({ status: 'ready', rows });
        },
        (error: unknown) => {
          if (live) setResults({ status: 'error', error });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, attempt]);
  return { results, retry: () => setAttempt((n) => n + 1) };
}

/**
 * /pages/stock/search: stocks, indices and coins by symbol or name; before anything is typed, the
 * recent searches and today's most traded instruments.
 */
export default function SearchScreen() {
  const { t } = useTranslation('market');
  const [query, setQuery] = useState('');
  const [history, setHistory] = useState(() => readStored('searchHistoryData'));
  const keyword = query.trim();

  const { results, retry } = useSearchResults(keyword);

  // Stable, so the result rows (memo) don't re-render when the history changes.
  const remember = useCallback((term: string) => {
    setHistory((before) => {
      const next = addToHistory(before, term);
      writeStored('searchHistoryData', next);
      return next;
    });
  }, []);
  const clearHistory = () => {
    setHistory([]);
    writeStored('searchHistoryData', []);
  };

  let body;
  if (results.status === 'idle')
    body = (
      <>
        <SearchHistory history={history} onPick={setQuery} onClear={clearHistory} />
        <SearchPopular onOpen={remember} />
      </>
    );
  else if (results.status === 'loading') body = <QuoteListSkeleton rows={3} />;
  else if (results.status === 'error') body = <ErrorState error={results.error} onRetry={retry} />;
  else if (results.rows.length === 0)
    body = <EmptyState title={t('search.empty', { keyword })} body={t('search.empty_body')} />;
  else
    // The instrument opened is what the user was looking for, so it joins the history.
    body = <QuoteList rows={results.rows} testId="search-results" onOpen={remember} />;

  return (
    <Screen className="search-screen">
      <Navbar title={t('search.title')} />
      <div className="screen__body">
        <form
          role="search"
          className="search-bar"
          onSubmit={(event) => {
            event.preventDefault();
            remember(keyword);
          }}
        >
          <SearchIcon />
          <input
            type="search"
            className="search-bar__input"
            data-testid="search-input"
            aria-label={t('search.placeholder')}
            placeholder={t('search.placeholder')}
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
        {body}
      </div>
    </Screen>
  );
}
