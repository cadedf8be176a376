import { useSnapshot } from 'valtio';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { formatPrice } from '../../../domain/format/number';
import type { SearchHit } from '../../../domain/protocol/market';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TextField } from '../../components/form/text-field';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { prefs } from '../../state/prefs';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;
/** How many of the most traded stocks the sheet offers before anything is typed. */
const BROWSE_SIZE = 30;

type Found = { keyword: string; hits: SearchHit[] } | { keyword: string; error: unknown };
type Choice = Pick<SearchHit, 'symbol' | 'name' | 'price'>;

/** The cache key of the most traded stocks: the ticket's preselection and the sheet share one read. */
export const MOST_TRADED_KEY = 'symbol-picker|most-traded';

/** The market list's stocks by today's turnover (the home screen's "most traded"), no indices. */
export const loadMostTraded = async (): Promise<Choice[]> =>
  (
    await call(
      firstLoad.stockList,
      { page: 1, size: BROWSE_SIZE, sort: 'turnover', order: 'desc', market: 'stock' },
      { silent: true },
    )
  ).list.map(({ symbol, name, price }) => ({ symbol, name, price }));

function ChoiceList({
  choices,
  onPick,
  testId,
}: {
  choices: readonly Choice[];
  onPick: (symbol: string) => void;
  testId: string;
}) {
  const { lang: locale } = useSnapshot(prefs);
  return (
    <ul className="picker-list" data-testid={testId}>
      {choices.map((choice) => (
        <li key={choice.symbol}>
          <button
            type="button"
            className="picker-list__row"
            data-testid={`pick-${choice.symbol}`}
            onClick={() => onPick(choice.symbol)}
          >
            <span className="picker-list__symbol">{choice.symbol}</span>
            <span className="picker-list__name">{choice.name}</span>
            <span className="picker-list__price num">{formatPrice(choice.price, locale, 2)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * A sheet to pick the stock to trade: the most traded stocks to browse at once (an empty sheet
 * gave no hint of what can be picked), and the market search as soon as something is typed
 * (stocks only: indices don't trade).
 */
export function SymbolPicker({ onPick, onClose }: { onPick: (symbol: string) => void; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const errorText = useErrorText();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const wanted = keyword.trim();
  const browse = useLiveData(MOST_TRADED_KEY, loadMostTraded);
  const browseTitleId = useId();

  useEffect(() => {
    if (wanted === '') return;
    let live = true;
    const timer = setTimeout(() => {
      call(firstLoad.search, { keyword: wanted }, { silent: true }).then(
        ({ list: hits }) =>
          live && setFound({ keyword: wanted, hits: hits.filter((hit) => hit.market === 'stock') }),
        (error: unknown) => live && setFound({ keyword: wanted, error }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted]);

  const current = found && found.keyword === wanted ? found : null;
  let body = null;
  if (wanted === '') {
    if (browse.status === 'loading') body = <ListSkeleton rows={6} />;
    else if (browse.status === 'error') body = <p className="sheet__error">{errorText(browse.error)}</p>;
    else if (browse.data.length > 0)
      body = (
        <section className="picker-browse" aria-labelledby={browseTitleId}>
          <h3 className="picker-browse__title" id={browseTitleId}>
            {t('ticket.most_traded')}
          </h3>
          <ChoiceList choices={browse.data} onPick={onPick} testId="symbol-browse" />
        </section>
      );
  } else if (current && 'error' in current) body = <p className="sheet__error">{errorText(current.error)}</p>;
  else if (current && current.hits.length === 0)
    body = <p className="ticket__note">{t('ticket.search_empty')}</p>;
  else if (current)
    body = <ChoiceList choices={current.hits.slice(0, 20)} onPick={onPick} testId="symbol-hits" />;

  return (
    <BottomSheet title={t('ticket.choose_symbol')} onClose={onClose} testId="symbol-picker">
      <TextField
        label={t('ticket.symbol')}
        value={keyword}
        onValueChange={setKeyword}
        placeholder={t('ticket.search_placeholder')}
        testId="symbol-search"
        autoComplete="off"
        autoCapitalize="characters"
        enterKeyHint="search"
        data-autofocus
      />
      {body}
    </BottomSheet>
  );
}
