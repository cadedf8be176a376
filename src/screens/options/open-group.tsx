import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionPosition, OptionRule } from '../../../domain/protocol/options';
import { applyOption, getOptionRule } from '../../api/options';
import { useLiveData } from '../../components/content/use-live-data';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { useFollowOptionQuotes } from '../../market/option-quotes';
import { optionQuotes } from '../../state/option-quotes';
import { prefs } from '../../state/prefs';
import { closeFigures, ruleQuote, type CloseFigures } from './figures';
import { count, money, premiumText, price, share, signedMoney } from './format';
import { OptionSheet } from './option-sheet';
import { optionLabel } from './ticket-figures';
import { spotNow, useSpot } from './use-spot';
import { toneOf } from '../../components/tone';
import { serverNow } from '../../api/server-clock';

type Pending = { position: OptionPosition; figures: CloseFigures; spot: string };

/**
 * One underlying's open positions, valued on the worker's quotes (each position priced there on
 * every tick of the stock): model value, and the P&L closing now would realise (after the
 * disclosed spread and the fee).
 */
export function OpenGroup({
  symbol,
  positions,
  onClosed,
  onRefused,
}: {
  symbol: string;
  positions: readonly OptionPosition[];
  /** The close went through (the answer), or was refused (its words): the list is re-read. */
  onClosed: (position: OptionPosition) => void;
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  const rule = useLiveData(`option-rule|${symbol}`, () => getOptionRule(symbol, { silent: true }));
  const ready = rule.status === 'ready' ? rule.data : null;
  const spot = useSpot(symbol, ready?.spot ?? '');
  const [pending, setPending] = useState<Pending | null>(null);
  const scale = ready?.priceScale ?? 2;
  const vol = ready?.volatility;
  const rate = ready?.rate;
  const fallback = ready ? spotNow(ready) : undefined;
  // The parent groups the list anew on each of its renders: the options, not the array, decide.
  const shape = positions.map((p) => `${p.id}|${p.kind}|${p.strike}|${p.expiresAt}`).join(',');
  const followed = useMemo(
    () =>
      vol === undefined || rate === undefined || fallback === undefined
        ? null
        : positions.map(({ id, kind, strike, expiresAt }) => ({
            id,
            symbol,
            kind,
            strike,
            expiresAt,
            vol,
            rate,
            spot: fallback,
          })),
    // The spot is only the worker's price until the next tick: a refetch need not re-send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shape, symbol, vol, rate],
  );
  useFollowOptionQuotes(followed);
  // Only these positions' quotes are read: another underlying's tick does not re-render the group.
  const quotes = useSnapshot(optionQuotes).byId;

  const closeRows = (p: Pending, r: OptionRule): FigureRow[] => [
    {
      label: t('sheet.option'),
      value: `${symbol} · ${optionLabel(p.position.kind, p.position.strike, t, locale, scale)}`,
    },
    { label: t('positions.contracts'), value: count(p.position.contracts, locale) },
    { label: t('positions.spot'), value: price(p.spot, locale, scale), testId: 'close-spot' },
    { label: t('positions.model_premium'), value: premiumText(p.figures.model, locale) },
    {
      label: t('positions.close_premium', { spread: share(r.closeSpread, locale) }),
      value: premiumText(p.figures.closePremium, locale),
      testId: 'close-premium',
    },
    { label: t('positions.gross'), value: money(p.figures.gross, locale), testId: 'close-gross' },
    { label: t('ticket.fee'), value: money(p.figures.fee, locale), testId: 'close-fee' },
    {
      label: t('positions.proceeds'),
      value: money(p.figures.proceeds, locale),
      tone: 'strong',
      testId: 'close-proceeds',
    },
    {
      label: t('positions.pnl_close'),
      value: signedMoney(p.figures.pnl, locale),
      tone: toneOf(p.figures.pnl),
      testId: 'close-pnl',
    },
    {
      label: t('positions.min_proceeds', { tolerance: share(r.priceTolerance, locale) }),
      value: money(p.figures.minProceeds, locale),
      tone: 'strong',
      testId: 'close-min-proceeds',
    },
  ];

  const reprice = async (): Promise<string> => {
    if (!pending) return '';
    const fresh = await getOptionRule(symbol, { silent: true }).catch(() => null);
    if (fresh) rule.update(() => fresh);
    const terms = fresh ?? ready;
    if (!terms) return '';
    // The broker's own price now (the rule just read); else the worker's quote on the last tick
    // (read outside React). The last tick alone may be the very price just refused, again.
    const latest = fresh
      ? ruleQuote(fresh, pending.position, serverNow())
      : optionQuotes.byId[pending.position.id];
    if (!latest) return '';
    const figures = closeFigures(terms, pending.position, latest);
    setPending({ ...pending, figures, spot: latest.spot });
    return t('sheet.price_changed', { premium: premiumText(figures.closePremium, locale) });
  };

  return (
    <>
      <div className="options-group__head">
        <span className="options-card__title">{symbol}</span>
        <span className="num" data-testid={`option-group-spot-${symbol}`}>
          {price(spot, locale, scale)}
        </span>
      </div>
      <ul className="options-list" data-testid={`option-open-${symbol}`}>
        {positions.map((position) => {
          const quote = quotes[position.id];
          const figures = ready && quote ? closeFigures(ready, position, quote) : null;
          return (
            <li key={position.id} className="options-card" data-testid={`option-open-${position.id}`}>
              <div className="options-card__head">
                <span className="options-card__title">
                  {optionLabel(position.kind, position.strike, t, locale, scale)}
                </span>
                <span className="options-badge options-badge--open">{t('positions.status.open')}</span>
              </div>
              <FigureRows
                rows={[
                  { label: t('positions.expires_at'), value: formatDateTime(position.expiresAt, locale) },
                  {
                    label: t('positions.contracts'),
                    value: t('positions.contracts_value', {
                      count: count(position.contracts, locale),
                      multiplier: count(position.multiplier, locale),
                    }),
                  },
                  { label: t('positions.open_price'), value: price(position.openPrice, locale, scale) },
                  { label: t('positions.premium'), value: premiumText(position.premium, locale) },
                  { label: t('positions.cost'), value: money(position.cost, locale) },
                  { label: t('positions.value'), value: money(figures?.value, locale), testId: 'open-value' },
                  {
                    label: t('positions.unrealized'),
                    value: signedMoney(figures?.pnl, locale),
                    tone: toneOf(figures?.pnl),
                    testId: 'open-pnl',
                  },
                ]}
              />
              <button
                type="button"
                className="button button--secondary"
                data-testid={`option-close-${position.id}`}
                disabled={!ready?.marketOpen || figures === null}
                onClick={() => {
                  if (figures && quote) setPending({ position, figures, spot: quote.spot });
                }}
              >
                {ready && !ready.marketOpen ? t('positions.close_blocked') : t('positions.close')}
              </button>
            </li>
          );
        })}
      </ul>
      {pending && ready && (
        <OptionSheet
          title={t('sheet.close_title')}
          rows={closeRows(pending, ready)}
          costs={
            <p className="hint" data-testid="close-tolerance">
              {t('positions.close_tolerance', {
                tolerance: share(ready.priceTolerance, locale),
                premium: premiumText(pending.figures.minClosePremium, locale),
                amount: money(pending.figures.minProceeds, locale),
                pnl: signedMoney(pending.figures.minPnl, locale),
              })}
            </p>
          }
          tone="sell"
          confirmLabel={t('sheet.confirm_close')}
          send={(tradePassword) =>
            applyOption(
              {
                action: 'close',
                id: pending.position.id,
                premium: pending.figures.closePremium,
                ...(tradePassword === undefined ? {} : { tradePassword }),
              },
              { silent: true },
            )
          }
          onDone={(position) => {
            setPending(null);
            onClosed(position);
          }}
          onRefused={(message) => {
            setPending(null);
            onRefused(message);
          }}
          onPriceChanged={reprice}
          onCancel={() => setPending(null)}
          testId="option-close-confirm"
        />
      )}
    </>
  );
}
