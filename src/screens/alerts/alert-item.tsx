import '../../styles/alerts.css';
import { useSnapshot } from 'valtio';
import { levelDistance } from '../../../domain/alerts/distance';
import { isPriceKind } from '../../../domain/alerts/kinds';
import { formatDateTime } from '../../../domain/format/date';
import { formatPercent, formatPrice } from '../../../domain/format/number';
import type { AlertRow } from '../../../domain/protocol/alerts';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/hook';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { describeAlert } from './alert-text';

/** Coin pairs are quoted in USDT (…USDT); every other symbol is a BIST ticker. */
const marketOf = (symbol: string) => (symbol.endsWith('USDT') ? 'coin' : 'stock');

/** A stock's price has 2 decimals; a coin's as many as its ticker gives (BTC 2, a small coin up to 8). */
function priceDecimals(symbol: string, last: string): number {
  if (marketOf(symbol) === 'stock') return 2;
  return Math.min(8, Math.max(2, last.split('.')[1]?.length ?? 0));
}

/**
 * The symbol's last price and, for a price alert, how far its level is ("2.40% away"): from the
 * ticker the app already streams (the row subscribes while it is shown), nothing polled.
 */
function AlertLive({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation('alerts');
  const { lang } = useSnapshot(prefs);
  const live = isPriceKind(alert.kind) || alert.kind === 'move';
  useTopic(live ? { kind: 'ticker', market: marketOf(alert.symbol), symbol: alert.symbol } : null);
  const last = useSnapshot(market).tickers[alert.symbol]?.last ?? null;
  if (!live || last === null) return null;
  const distance = isPriceKind(alert.kind) ? levelDistance(alert.kind, alert.threshold, last) : null;
  return (
    <p className="alert-live" data-testid={`alert-live-${alert.id}`}>
      <span className="num">
        {t('last', { price: formatPrice(last, lang, priceDecimals(alert.symbol, last)) })}
      </span>
      {distance && (
        <span
          className={
            distance.reached ? 'alert-live__distance alert-live__distance--reached' : 'alert-live__distance'
          }
          data-testid={`alert-distance-${alert.id}`}
        >
          {distance.reached
            ? t('reached')
            : t('away', { pct: formatPercent(distance.pct, lang, { signed: false }) })}
        </span>
      )}
    </p>
  );
}

function TrashIcon() {
  return (
    <Icon width="20" height="20">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Icon>
  );
}

/**
 * One alert: what it watches, the live price and distance to its level, its state; a compact
 * delete (asked to confirm) named by the alert it deletes, as a screen reader hears the list.
 */
export function AlertItem({ alert, onDelete }: { alert: AlertRow; onDelete: () => void }) {
  const { t } = useTranslation('alerts');
  const { lang } = useSnapshot(prefs);
  const what = describeAlert(alert, t, lang);
  return (
    <li className="info-row info-row--stacked alert-item" data-testid={`alert-row-${alert.id}`}>
      <div className="info-row__head">
        <span className="info-row__label">{what}</span>
        <button
          type="button"
          className="icon-button icon-button--small alert-item__delete"
          aria-label={t('delete_label', { what })}
          onClick={onDelete}
          data-testid={`alert-delete-${alert.id}`}
        >
          <TrashIcon />
        </button>
      </div>
      <AlertLive alert={alert} />
      <p className="info-row__help">
        {alert.armed ? t('armed') : t('waiting')}
        {alert.lastFiredAt !== null &&
          ` · ${t('fired', { count: alert.firedCount, date: formatDateTime(alert.lastFiredAt, lang) })}`}
      </p>
    </li>
  );
}
