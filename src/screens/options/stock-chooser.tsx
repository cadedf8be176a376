import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { getStockList } from '../../api/market';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TextField } from '../../components/form/text-field';

type Choice = { symbol: string; name: string };

// Indices have no options: only shares are offered.
const loadStocks = async (): Promise<Choice[]> =>
  (await getStockList({ size: 100 }, { silent: true })).list
    .filter((quote) => quote.market === 'stock')
    .map(({ symbol, name }) => ({ symbol, name }));

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
        <ul className="options-choices" data-testid="option-chooser-list">
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
