import { useSnapshot } from 'valtio';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { formatPercent, formatPrice } from '../../../domain/format/number';
import type { OrderSide } from '../../../domain/protocol/trading';
import { EmptyState, ErrorState, isMissing } from '../../components/content/state-views';
import { FeedBadge } from '../../components/market/feed-badge';
import { MarketStatusLine } from '../../components/market/market-status-line';
import { toneClass } from '../../components/tone';
import { navigate } from '../../paths/navigation';
import { StockTicketForm, TicketSkeleton } from './stock-ticket';
import { SymbolPicker } from './symbol-picker';
import { TradeLinks } from './trade-links';
import { useTicketData } from './use-ticket-data';
import { paths } from '../../paths/paths';
import { rememberStock } from '../../state/last-stock';
import { useStockChoice } from './use-stock-choice';
import { Button } from '../../components/button';
import { prefs } from '../../state/prefs';

export const TRADE_PATH = paths.trade;

/** The stock side of the Trade tab: which stock, its live price, the ticket and where orders go. */
export function StockPanel({ symbol: asked, side }: { symbol: string; side: OrderSide }) {
  const { t } = useTranslation('trade');
  const [picking, setPicking] = useState(false);
  const choice = useStockChoice(asked);
  const { symbol } = choice;
  const data = useTicketData(symbol);
  const pick = (next: string) => {
    setPicking(false);
    navigate(`${TRADE_PATH}?symbol=${encodeURIComponent(next)}&side=${side}`, { replace: true });
  };
  const { info } = data;
  const live = info.status === 'ready' ? info.data : null;
  const missing = info.status === 'error' && isMissing(info.error);
  // A stock the user asked for (a link, the picker) is the one the tab starts on next time.
  const askedStock = choice.why === 'asked' && live?.market === 'stock' ? symbol : null;
  useEffect(() => {
    if (askedStock) rememberStock(askedStock);
  }, [askedStock]);

  const pickButton = (
    <Button look="primary" testId="ticket-pick" onClick={() => setPicking(true)}>
      {t('ticket.choose_symbol')}
    </Button>
  );
  let body;
  if (choice.why === 'loading') body = <TicketSkeleton />;
  else if (symbol === '') {
    body = (
      <EmptyState title={t('ticket.no_symbol_title')} body={t('ticket.no_symbol_body')} action={pickButton} />
    );
  } else if (info.status === 'loading') body = <TicketSkeleton />;
  // A ticker the broker does not know (a typo, a delisted share): say which, and offer the picker
  // rather than a retry that fails the same way.
  else if (missing)
    body = (
      <EmptyState
        title={t('ticket.missing_title', { symbol })}
        body={t('ticket.missing_body')}
        action={pickButton}
      />
    );
  else if (info.status === 'error') body = <ErrorState error={info.error} onRetry={info.reload} />;
  else if (info.data.market !== 'stock')
    body = <EmptyState title={t('ticket.unknown_symbol')} action={pickButton} />;
  // key: a new symbol or side from the query starts a fresh ticket.
  else body = <StockTicketForm key={`${symbol}|${side}`} info={info.data} data={data} initialSide={side} />;

  return (
    <section className="stock-panel" data-testid="stock-panel">
      {symbol !== '' && (
        <TicketHead
          symbol={symbol}
          live={live}
          missing={missing}
          data={data}
          onChange={() => setPicking(true)}
        />
      )}
      {/* Said once the stock is there: a stored one since delisted shows its "not found" alone. */}
      {live && (choice.why === 'last' || choice.why === 'top') && (
        <p className="ticket-choice" data-testid="ticket-preselected" data-why={choice.why}>
          {t(choice.why === 'last' ? 'ticket.preselected_last' : 'ticket.preselected_top')}
        </p>
      )}
      {live && <MarketStatusLine status={live.status} />}
      {body}
      <TradeLinks />
      {picking && <SymbolPicker onPick={pick} onClose={() => setPicking(false)} />}
    </section>
  );
}

type Data = ReturnType<typeof useTicketData>;

/** The chosen stock (a tap changes it), its last price, the day's change and the feed's state. */
function TicketHead({
  symbol,
  live,
  missing,
  data,
  onChange,
}: {
  symbol: string;
  live: (Data['info'] & { status: 'ready' })['data'] | null;
  missing: boolean;
  data: Data;
  onChange: () => void;
}) {
  const { t } = useTranslation('trade');
  const { lang: locale } = useSnapshot(prefs);
  return (
    <div className="split-row ticket-head">
      <button type="button" className="ticket-head__symbol" data-testid="ticket-symbol" onClick={onChange}>
        {/* Named by what it shows, then what it does (WCAG 2.5.3: "THYAO" said to voice
            control must find it; an aria-label of "Change: THYAO" hid the company's name). */}
        <span className="ticket-head__code">{symbol}</span>
        <span className="ticket-head__name">{live?.name ?? ''}</span>
        <span className="visually-hidden">{t('ticket.change_symbol')}</span>
      </button>
      {/* A ticker the broker does not know has no price to show, nor a feed. */}
      {!missing && (
        <div className="ticket-head__quote">
          <span className="ticket-head__last num" data-testid="ticket-last" data-value={data.last ?? ''}>
            {formatPrice(data.last, locale, 2)}
          </span>
          {data.pct !== null && (
            <span className={`num ${toneClass(data.pct)}`}>{formatPercent(data.pct, locale)}</span>
          )}
          <FeedBadge testId="ticket-feed" session={live?.status} bist />
        </div>
      )}
    </div>
  );
}
