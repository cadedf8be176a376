import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import {
  formatDecimal,
  formatMoney,
  formatPercent,
  formatPrice,
  formatTry,
} from '../../../domain/format/number';
import type { Holding } from '../../../domain/protocol/trading';
import { useTopic } from '../../market/client';
import { toneClass } from '../../components/tone';
import { navigate } from '../../paths/navigation';
import { market } from '../../state/market';
import { writeStored } from '../../state/persisted';
import { liveHolding } from './live-pnl';
import { TRADE_PATH } from './stock-panel';
import { Button } from '../../components/button';
import { prefs } from '../../state/prefs';

/** One holding, valued live: only this row re-renders when its stock ticks. */
export function HoldingRow({ holding }: { holding: Holding }) {
  const { t } = useTranslation('trade');
  const { lang: locale } = useSnapshot(prefs);
  useTopic({ kind: 'ticker', market: 'stock', symbol: holding.symbol });
  const last = useSnapshot(market).tickers[holding.symbol]?.last;
  const live = liveHolding(holding, last);
  const locked = new Decimal(holding.locked).gt(0);
  const trade = (side: 'buy' | 'sell') => {
    writeStored('systemTradeType', 'stock');
    navigate(`${TRADE_PATH}?symbol=${encodeURIComponent(holding.symbol)}&side=${side}`);
  };
  return (
    <li className="surface-card holding-row" data-testid="holding-row" data-symbol={holding.symbol}>
      <div className="holding-row__head">
        <span className="holding-row__symbol">{holding.symbol}</span>
        <span className="holding-row__name">{holding.name}</span>
        <span
          className={`num ${toneClass(live.unrealizedPnl)}`}
          data-testid="holding-pnl"
          data-value={live.unrealizedPnl}
        >
          {formatMoney(live.unrealizedPnl, locale, { currency: 'TRY', signed: true })}
        </span>
        <span className={`num ${toneClass(live.unrealizedPnl)}`} data-testid="holding-pct">
          {formatPercent(live.unrealizedPct, locale)}
        </span>
      </div>
      <HoldingGrid holding={holding} live={live} locale={locale} />
      {holding.listingAt !== undefined && (
        // Allotted in an IPO and not listed yet: no market prices it, so it is valued at the issue price.
        <p className="ticket__note" data-testid="holding-listing">
          {t('position.listing_at', { time: formatDateTime(holding.listingAt, locale) })}
        </p>
      )}
      {locked && holding.unlockAt !== null && (
        <p className="ticket__note" data-testid="holding-unlock">
          {t('position.unlock_at', { time: formatDateTime(holding.unlockAt, locale) })}
        </p>
      )}
      {/* A stock takes no orders before its listing: nothing to buy or sell yet. */}
      {holding.listingAt === undefined && (
        <div className="action-pair">
          <Button testId="holding-buy" onClick={() => trade('buy')}>
            {t('position.buy')}
          </Button>
          <Button testId="holding-sell" onClick={() => trade('sell')}>
            {t('position.sell')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The holding's figures: quantity, sellable, cost, price, value, locked and in orders. */
function HoldingGrid({
  holding,
  live,
  locale,
}: {
  holding: Holding;
  live: ReturnType<typeof liveHolding>;
  locale: Locale;
}) {
  const { t } = useTranslation('trade');
  // Shares put up in open sell orders: without them the card read 30 held, 20 sellable, 0 locked.
  const inOrders = new Decimal(holding.frozen).gt(0);
  const shares = (value: string) => formatDecimal(value, locale, { decimals: 0 });
  return (
    <dl className="holding-row__grid">
      <div>
        <dt>{t('position.quantity')}</dt>
        <dd className="num" data-testid="holding-qty">
          {shares(holding.quantity)}
        </dd>
      </div>
      <div>
        <dt>{t('position.sellable')}</dt>
        <dd className="num" data-testid="holding-sellable">
          {shares(holding.sellable)}
        </dd>
      </div>
      <div>
        <dt>{t('position.avg_cost')}</dt>
        <dd className="num">{formatPrice(holding.avgCost, locale, 2)}</dd>
      </div>
      <div>
        <dt>{t('position.price')}</dt>
        <dd className="num" data-testid="holding-price" data-value={live.price}>
          {formatPrice(live.price, locale, 2)}
        </dd>
      </div>
      <div>
        <dt>{t('position.market_value')}</dt>
        <dd className="num">{formatTry(live.marketValue, locale)}</dd>
      </div>
      <div>
        <dt>{t('position.locked_qty')}</dt>
        <dd className="num" data-testid="holding-locked">
          {shares(holding.locked)}
        </dd>
      </div>
      {inOrders && (
        <div>
          <dt>{t('position.in_orders')}</dt>
          <dd className="num" data-testid="holding-in-orders">
            {shares(holding.frozen)}
          </dd>
        </div>
      )}
    </dl>
  );
}
