import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatPrice } from '../../../domain/format/number';
import type { CoinInfo } from '../../../domain/protocol/market';
import { FeedBadge } from '../../components/market/feed-badge';
import { prefs } from '../../state/prefs';

/** The ticket's top line: pair picker, the live price (and mark for contracts), the feed's state. */
export function PairHead({
  infos,
  symbol,
  onSymbol,
  priceScale,
  last,
  mark,
  testId,
}: {
  infos: readonly CoinInfo[];
  symbol: string;
  onSymbol: (symbol: string) => void;
  priceScale: number;
  last: string | null;
  mark?: string | null;
  testId: string;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  return (
    <div className="ticket__head">
      <select
        className="ticket__pair"
        aria-label={t('pair')}
        value={symbol}
        data-testid={`${testId}-pair`}
        onChange={(event) => onSymbol(event.target.value)}
      >
        {infos.map((info) => (
          <option key={info.symbol} value={info.symbol}>
            {info.base}/{info.quote}
          </option>
        ))}
      </select>
      <FeedBadge testId={`${testId}-feed`} />
      <div className="ticket__price">
        <strong className="num" data-testid={`${testId}-last`}>
          {last === null ? '--' : formatPrice(last, lang, priceScale)}
        </strong>
        {mark !== undefined && (
          <span className="num" data-testid={`${testId}-mark`}>
            {t('mark_price')} {mark === null ? '--' : formatPrice(mark, lang, priceScale)}
          </span>
        )}
      </div>
    </div>
  );
}

/** Two big direction buttons (buy/sell, long/short), as radios. */
export function SideSwitch<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly [
    { value: T; label: string; testId: string },
    { value: T; label: string; testId: string },
  ];
  onChange: (value: T) => void;
}) {
  return (
    <div className="side-switch" role="radiogroup" aria-label={label}>
      {options.map((option, index) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          className={`side-switch__option side-switch__option--${index === 0 ? 'buy' : 'sell'}`}
          data-testid={option.testId}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
