import '../../i18n/pages';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney, formatPercent, formatTry } from '../../../domain/format/number';
import type { Topic } from '../../../domain/market-data/contract';
import { TRY_SCALE } from '../../../domain/format/money';
import type { PortfolioPart } from '../../../domain/portfolio/value';
import '../../styles/portfolio.css';
import { isApiError } from '../../api/request';
import { useTopic } from '../../market/client';
import { readLastPortfolio, saveLastPortfolio, type LastPortfolio } from '../../pwa/last-assets';
import { USDT_TRY } from '../../market/use-portfolio';
import { useSnapshot } from 'valtio';
import { market } from '../../state/market';
import { screenFeed } from '../market/feed-badge';
import { toneClass } from '../tone';
import { ChevronIcon } from '../icons';
import type { Portfolio } from './use-portfolio';
import type { AssetsAnswer } from '../../../domain/protocol/account';
import Decimal from 'decimal.js';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../button';

const DEPOSIT_PATH = paths.recharge;

/**
 * A real account that holds nothing yet: every wallet at zero, no product, no loan. A new user
 * saw ₺0,00 everywhere and no way on: the figures then lead to a deposit. The
 * demo account is funded by the broker and never deposits.
 */
function holdsNothing(answer: AssetsAnswer): boolean {
  return (
    answer.accountType === 'real' &&
    answer.balances.every((balance) => new Decimal(balance.total).isZero()) &&
    (answer.products ?? []).length === 0 &&
    answer.loanDebt === undefined
  );
}

const PARTS: readonly PortfolioPart[] = ['stock', 'coin', 'contract'];
/**
 * Products (AI, robots, options) get their own figure only when the account has one open; a loan
 * still owed its own negative one ("Kredi borcu"), so the parts add up to a total net of the debt.
 */
const shownParts = (products: boolean, loan = false): readonly PortfolioPart[] => [
  ...PARTS,
  ...(products ? (['products'] as const) : []),
  ...(loan ? (['loan'] as const) : []),
];

/** A feed symbol as people read it: "USDT/TRY", "BTC/USDT"; a share's ticker as it is. */
const pairName = (symbol: string): string =>
  symbol === USDT_TRY ? 'USDT/TRY' : symbol.replace(/USDT$/, '/USDT');

/** "+₺508,25" / "-₺12,00" / "₺0,00", and "-₺0,00" for a loss under a kuruş (its tone is red). */
const signedMoney = (value: string, locale: Locale): string =>
  formatMoney(value, locale, { currency: 'TRY', signed: true });

/** One ticker kept live while mounted: a component per topic keeps the hook rules simple. */
function TopicSubscription({ topic }: { topic: Topic }) {
  useTopic(topic);
  return null;
}

function RateHint({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const rate = useSnapshot(market).tickers[USDT_TRY]?.last;
  if (!rate) return null;
  return (
    <span data-testid="portfolio-rate">
      {' · '}
      {t('portfolio.rate', { rate: formatTry(rate, locale) })}
    </span>
  );
}

/** The last figure seen live, with its time, when the network is gone (an offline start). */
function LastKnown({
  figure,
  locale,
  onRetry,
}: {
  figure: LastPortfolio;
  locale: Locale;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const money = (value: string | null | undefined) =>
    value == null ? '--' : formatMoney(value, locale, { currency: 'TRY', decimals: TRY_SCALE });
  const day = figure.dayPnlTry;
  return (
    <div className="portfolio stream-stale" data-stale="true" data-testid="portfolio-last-known">
      <p className="portfolio__total num" data-testid="portfolio-total">
        {money(figure.totalTry)}
      </p>
      <p className={`portfolio__day num ${toneClass(day)}`} data-testid="portfolio-day">
        <span className="hint">{t('portfolio.day_label')}</span>{' '}
        {day === null ? '--' : signedMoney(day, locale)}
        {figure.dayPnlPct !== null && ` (${formatPercent(figure.dayPnlPct, locale)})`}
      </p>
      <dl className="mine-wallets">
        {shownParts('products' in figure.parts, 'loan' in figure.parts).map((part) => (
          <div key={part} className="mine-wallets__item" data-testid={`portfolio-part-${part}`}>
            <dt className="mine-wallets__label">{t(`portfolio.part.${part}`)}</dt>
            <dd className="mine-wallets__value num">{money(figure.parts[part])}</dd>
          </div>
        ))}
      </dl>
      <p className="hint portfolio__note" role="status" data-testid="portfolio-offline">
        {t('portfolio.offline', { time: formatDateTime(figure.savedAt, locale) })}{' '}
        <button type="button" className="text-link" onClick={onRetry}>
          {t('action.retry')}
        </button>
      </p>
    </div>
  );
}

/** The balances could not be read: the last figure seen when offline, else a retry. */
function AssetsError({ error, locale, onRetry }: { error: unknown; locale: Locale; onRetry: () => void }) {
  const { t } = useTranslation();
  const lastKnown = isApiError(error) && error.kind === 'network' ? readLastPortfolio() : null;
  if (lastKnown) return <LastKnown figure={lastKnown} locale={locale} onRetry={onRetry} />;
  return (
    <p className="hint" role="alert">
      {t('portfolio.unavailable')}{' '}
      <button type="button" className="text-link" onClick={onRetry}>
        {t('action.retry')}
      </button>
    </p>
  );
}

/**
 * Kept for an offline start: only a complete figure seen live (`value` null while stale), at most
 * every few seconds while it moves, and the last one shown when the card leaves the screen.
 */
function useSavedPortfolio(value: Portfolio['value'], hasProducts: boolean, hasLoan: boolean) {
  const shown = useRef<Parameters<typeof saveLastPortfolio>[0] | null>(null);
  useEffect(() => {
    if (!value || value.totalTry === null || value.missing.length > 0) return;
    shown.current = {
      totalTry: value.totalTry,
      dayPnlTry: value.dayPnlTry,
      dayPnlPct: value.dayPnlPct,
      parts: Object.fromEntries(shownParts(hasProducts, hasLoan).map((part) => [part, value.parts[part]])),
    };
    saveLastPortfolio(shown.current);
  }, [value, hasProducts, hasLoan]);
  useEffect(
    () => () => {
      if (shown.current) saveLastPortfolio(shown.current, { flush: true });
    },
    [],
  );
}

/**
 * The account's one TRY figure (cash + holdings + contract equity at live prices), the day's
 * P&L and each wallet's share. A figure whose prices have not all arrived shows "--" and says
 * what it waits for, never a partial sum passed off as the total.
 */
export function PortfolioFigures({ portfolio, locale }: { portfolio: Portfolio; locale: Locale }) {
  const { t } = useTranslation();
  const { assets, value, topics } = portfolio;
  const snap = useSnapshot(market);
  // Figures computed from prices that stopped (socket down, a ticker starved or refused) are the
  // last known ones: say so and dim them, never "at live prices".
  const feed = screenFeed(
    snap.feed.state,
    topics.flatMap((topic) => snap.streams[`ticker|${topic.symbol}`]?.state ?? []),
  );
  const stale = value !== null && value.missing.length === 0 && feed !== 'live' && feed !== 'polling';
  // Prices still on their way are the card loading, not news: Home said "Fiyat bekleniyor: USDTTRY"
  // for a moment on every start, and its note jumped. Only a price whose stream went
  // stale or was refused (the worker says so of one still unheard when the socket is down) is
  // named, readably.
  const stuck = (value?.missing ?? []).filter((symbol) => {
    const state = snap.streams[`ticker|${symbol}`]?.state;
    return state === 'stale' || state === 'refused';
  });
  const subscriptions = topics.map((topic) => <TopicSubscription key={topic.symbol} topic={topic} />);
  // Products (AI, robots, options) get their own figure only when the account has one open; the
  // offline view shows the parts that were shown (they add up to its total).
  const hasProducts = assets.status === 'ready' && (assets.data.products ?? []).length > 0;
  const hasLoan = assets.status === 'ready' && assets.data.loanDebt !== undefined;
  useSavedPortfolio(stale ? null : value, hasProducts, hasLoan);
  if (assets.status === 'error')
    return <AssetsError error={assets.error} locale={locale} onRetry={assets.reload} />;
  const loading = value === null || (value.missing.length > 0 && stuck.length === 0);
  const money = (figure: string | null | undefined) =>
    figure != null ? (
      formatMoney(figure, locale, { currency: 'TRY', decimals: TRY_SCALE })
    ) : loading ? (
      <span className="skeleton skeleton--line" />
    ) : (
      '--'
    );
  const day = value?.dayPnlTry ?? null;
  return (
    <div className={stale ? 'portfolio stream-stale' : 'portfolio'} aria-busy={loading} data-stale={stale}>
      {subscriptions}
      <p className="portfolio__total num" data-testid="portfolio-total">
        {money(value?.totalTry)}
      </p>
      <p className={`portfolio__day num ${toneClass(day)}`} data-testid="portfolio-day">
        {day === null ? (
          <span className="hint">{t('portfolio.day_label')} --</span>
        ) : (
          <>
            <span className="hint">{t('portfolio.day_label')}</span> {signedMoney(day, locale)}
            {value?.dayPnlPct != null && ` (${formatPercent(value.dayPnlPct, locale)})`}
          </>
        )}
      </p>
      <dl className="mine-wallets">
        {shownParts(hasProducts, hasLoan).map((part) => (
          <div key={part} className="mine-wallets__item" data-testid={`portfolio-part-${part}`}>
            <dt className="mine-wallets__label">{t(`portfolio.part.${part}`)}</dt>
            <dd className="mine-wallets__value num">{money(value?.parts[part])}</dd>
          </div>
        ))}
      </dl>
      <p className="hint portfolio__note">
        {stuck.length > 0
          ? t('portfolio.waiting', { symbols: stuck.map(pairName).join(', ') })
          : stale
            ? t('portfolio.note_stale')
            : t('portfolio.note')}
        <RateHint locale={locale} />
      </p>
      {assets.status === 'ready' && holdsNothing(assets.data) && (
        <div className="portfolio__empty" data-testid="portfolio-empty">
          <p className="portfolio__empty-text">{t('portfolio.empty')}</p>
          <ButtonLink href={DEPOSIT_PATH} testId="portfolio-deposit">
            {t('portfolio.deposit')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

/** Home's card: the figures under a heading that leads to the assets screen. */
export function PortfolioCard({ portfolio, locale }: { portfolio: Portfolio; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="card portfolio-card" aria-labelledby="portfolio-title" data-testid="home-portfolio">
      <div className="split-row portfolio-card__head">
        <h2 id="portfolio-title" className="card__title">
          {t('portfolio.title')}
        </h2>
        <Link href={paths.assets} className="text-link" data-testid="portfolio-assets-link">
          {t('portfolio.details')}
          <ChevronIcon width={18} height={18} />
        </Link>
      </div>
      <PortfolioFigures portfolio={portfolio} locale={locale} />
    </section>
  );
}
