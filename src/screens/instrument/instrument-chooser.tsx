import '../../i18n/instrument';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { shareCoinScales } from '../../market/coin-scales';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TextField } from '../../components/form/text-field';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';

export type ChooserKind = 'stock' | 'coin';
type Choice = { symbol: string; name: string };

const loadStocks = async (): Promise<Choice[]> =>
  (await call(firstLoad.stockList, { page: 1, size: 100 }, { silent: true })).list.map(
    ({ symbol, name }) => ({ symbol, name }),
  );
const loadCoins = async (): Promise<Choice[]> =>
  // The pairs' price scales to the market worker too: the coin picked streams without asking.
  (await call(firstLoad.coinInfos, {}, { silent: true }).then(shareCoinScales)).map(
    ({ symbol, base, quote, name }) => ({
      symbol,
      name: `${base}/${quote} · ${name}`,
    }),
  );

/** Case-insensitive in both languages: "thy" finds THYAO, "türk" finds Türk Hava Yolları. */
function matches(choice: Choice, keyword: string, lang: string): boolean {
  if (keyword === '') return true;
  const wanted = keyword.toLocaleLowerCase(lang);
  return (
    choice.symbol.toLocaleLowerCase(lang).includes(wanted) ||
    choice.name.toLocaleLowerCase(lang).includes(wanted)
  );
}

/**
 * An instrument screen opened without ?symbol= (a bookmark, a shared link cut short), or with one
 * the broker does not know (`missing`, said at the top): instead of a bare validation message or a
 * retry, a searchable list of what it can show, each row opening it with one.
 */
export function InstrumentChooser({
  kind,
  target,
  missing,
}: {
  kind: ChooserKind;
  target: string;
  /** The symbol the link named when the broker knows no such one: said above the list. */
  missing?: string;
}) {
  const { t, i18n } = useTranslation('instrument');
  const [keyword, setKeyword] = useState('');
  const load = useLiveData(`chooser|${kind}`, kind === 'stock' ? loadStocks : loadCoins);
  const wanted = keyword.trim();

  let body;
  if (load.status === 'loading') body = <ListSkeleton rows={6} />;
  else if (load.status === 'error') body = <ErrorState error={load.error} onRetry={load.reload} />;
  else {
    const shown = load.data.filter((choice) => matches(choice, wanted, i18n.language));
    body =
      shown.length === 0 ? (
        <EmptyState title={t('chooser.empty', { keyword: wanted })} />
      ) : (
        <ul className="chooser-list" data-testid="chooser-list">
          {shown.map((choice) => (
            <li key={choice.symbol}>
              <Link
                className="chooser-list__row"
                href={`${target}${target.includes('?') ? '&' : '?'}symbol=${encodeURIComponent(choice.symbol)}`}
                data-testid={`choose-${choice.symbol}`}
              >
                <span className="chooser-list__symbol">{choice.symbol}</span>
                <span className="chooser-list__name">{choice.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      );
  }

  return (
    <Screen className="instrument-screen">
      <Navbar title={t(kind === 'stock' ? 'chooser.stock_title' : 'chooser.coin_title')} />
      <div className="screen__body instrument-chooser" data-testid="instrument-chooser">
        {missing === undefined ? (
          <p className="hint">{t('chooser.hint')}</p>
        ) : (
          <p className="state-message__title" role="alert" data-testid="instrument-not-found">
            {t(kind === 'stock' ? 'chooser.stock_missing' : 'chooser.coin_missing', { symbol: missing })}
          </p>
        )}
        <TextField
          label={t('chooser.search')}
          value={keyword}
          onValueChange={setKeyword}
          placeholder={t(kind === 'stock' ? 'chooser.stock_placeholder' : 'chooser.coin_placeholder')}
          testId="chooser-search"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
        />
        {body}
      </div>
    </Screen>
  );
}
