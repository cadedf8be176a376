import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatPrice } from '../../../domain/format/number';
import type { CoinInfo } from '../../../domain/protocol/market';
import { FeedBadge } from '../../components/market/feed-badge';
import { prefs } from '../../state/prefs';
import { market } from '../../state/market';
import { RefusedPairNote } from './refused-pair-note';
import type { CoinPair } from './use-coin-pair';

/**
 * The ticket's top line: pair picker, the live price (and the mark for contracts), the feed's
 * state; under it, with `showRefused`, why a pair the link asked for is not the one shown.
 */
export function PairHead({
  pair,
  info,
  testId,
  withMark = false,
  showRefused = false,
  onPicked,
}: {
  pair: CoinPair;
  info: CoinInfo;
  testId: string;
  withMark?: boolean;
  showRefused?: boolean;
  /** After the user picks another pair (a ticket clears what it had typed for the last one). */
  onPicked?: () => void;
}) {
  const { t } = useTranslation('contract');
  return (
    <>
      <div className="ticket__head">
        <select
          className="ticket__pair"
          aria-label={t('pair')}
          value={pair.symbol}
          data-testid={`${testId}-pair`}
          onChange={(event) => {
            pair.setSymbol(event.target.value);
            onPicked?.();
          }}
        >
          {pair.choices.map((choice) => (
            <option key={choice.symbol} value={choice.symbol}>
              {choice.base}/{choice.quote}
            </option>
          ))}
        </select>
        <FeedBadge testId={`${testId}-feed`} />
        <div className="ticket__price">
          <strong className="num" data-testid={`${testId}-last`}>
            <LivePrice symbol={pair.symbol} scale={info.priceScale} of="last" />
          </strong>
          {withMark && (
            <span className="num" data-testid={`${testId}-mark`}>
              {t('mark_price')} <LivePrice symbol={pair.symbol} scale={info.priceScale} of="mark" />
            </span>
          )}
        </div>
      </div>
      {showRefused && pair.refused && (
        <RefusedPairNote refused={pair.refused} shown={info} testId={`${testId}-refused`} />
      )}
    </>
  );
}

/**
 * The pair's last trade or mark price, the one part of the head a tick re-renders: read here,
 * not by the ticket, whose render per tick was a long task on a slow phone.
 */
function LivePrice({ symbol, scale, of }: { symbol: string; scale: number; of: 'last' | 'mark' }) {
  const { lang } = useSnapshot(prefs);
  const snap = useSnapshot(market);
  const value = of === 'last' ? snap.tickers[symbol]?.last : snap.marks[symbol]?.mark;
  return value == null ? '--' : formatPrice(value, lang, scale);
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
