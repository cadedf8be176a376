import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { formatPrice } from '../../../domain/format/number';
import type { SearchHit } from '../../../domain/protocol/market';
import { searchInstruments } from '../../api/market';
import { useErrorText } from '../../components/content/state-views';
import { TextField } from '../../components/form/text-field';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { useLocale } from './use-locale';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

type Found = { keyword: string; hits: SearchHit[] } | { keyword: string; error: unknown };

/** A sheet to pick the stock to trade, with the market search (stocks only: indices don't trade). */
export function SymbolPicker({ onPick, onClose }: { onPick: (symbol: string) => void; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const locale = useLocale();
  const errorText = useErrorText();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const wanted = keyword.trim();

  useEffect(() => {
    if (wanted === '') return;
    let live = true;
    const timer = setTimeout(() => {
      searchInstruments(wanted, { silent: true }).then(
        (hits) => live && setFound({ keyword: wanted, hits: hits.filter((hit) => hit.market === 'stock') }),
        (error: unknown) => live && setFound({ keyword: wanted, error }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted]);

  const current = found && found.keyword === wanted ? found : null;
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
      {current && 'error' in current && <p className="sheet__error">{errorText(current.error)}</p>}
      {current && 'hits' in current && current.hits.length === 0 && (
        <p className="ticket__note">{t('ticket.search_empty')}</p>
      )}
      {current && 'hits' in current && current.hits.length > 0 && (
        <ul className="picker-list">
          {current.hits.slice(0, 20).map((hit) => (
            <li key={hit.symbol}>
              <button
                type="button"
                className="picker-list__row"
                data-testid={`pick-${hit.symbol}`}
                onClick={() => onPick(hit.symbol)}
              >
                <span className="picker-list__symbol">{hit.symbol}</span>
                <span className="picker-list__name">{hit.name}</span>
                <span className="picker-list__price num">{formatPrice(hit.price, locale, 2)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  );
}
