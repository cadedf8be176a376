import '../../styles/instrument.css';
import '../../i18n/instrument';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDecimal, formatPrice } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { perLocaleFormat } from '../../../domain/format/date';
import { market } from '../../state/market';
import { isStale, StreamNote, useStreamHealth } from '../market/stream-note';
import { prefs } from '../../state/prefs';

const clock = perLocaleFormat((locale) => ({
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: locale === 'en-US',
}));

/** A print's time to the second in Istanbul (several trades share a minute); tr-TR 24 h, en-US AM/PM. */
function tradeTime(ms: number, locale: Locale): string {
  if (!Number.isFinite(ms) || ms <= 0) return '--';
  return clock(locale).format(ms);
}

type Props = { symbol: string; priceScale: number; qtyScale: number; rows?: number };

/** Printed trades, newest first: time, price coloured by the taker's side, quantity. */
export function TradesTape({ symbol, priceScale, qtyScale, rows = 20 }: Props) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  // The tape is replaced whole on change (a ref'd array), so this reads one leaf.
  const list = useSnapshot(market).trades[symbol]?.list;
  const health = useStreamHealth(`trades|${symbol}`);
  const stale = isStale(health);

  return (
    <div
      className={stale ? 'tape tape--stale' : 'tape'}
      data-testid="trades-tape"
      data-count={list?.length ?? 0}
      data-state={health?.state ?? 'waiting'}
    >
      <StreamNote health={health} testId="trades-stale" />
      <div className="tape__head" aria-hidden="true">
        <span>{t('trades.time')}</span>
        <span>{t('trades.price')}</span>
        <span>{t('trades.qty')}</span>
      </div>
      {list === undefined && stale ? null : list === undefined ? (
        <div className="book__skeleton" role="status" aria-label={t('loading', { ns: 'common' })}>
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className="skeleton" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="book__empty">{t('trades.empty')}</p>
      ) : (
        <ol className="tape__list" aria-label={t('trades.title')}>
          {list.slice(0, rows).map((trade) => (
            <li key={trade.id} className="tape__row" data-side={trade.side}>
              <span className="tape__time">{tradeTime(trade.t, lang)}</span>
              <span className={trade.side === 'buy' ? 'text-up' : 'text-down'}>
                <span className="visually-hidden">{t(`trades.${trade.side}`)} </span>
                {formatPrice(trade.price, lang, priceScale)}
              </span>
              <span>{formatDecimal(trade.qty, lang, { decimals: qtyScale })}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
