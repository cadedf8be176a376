import '../../i18n/content-pages';
import '../../styles/content-screens.css';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { ActionLinks } from '../../components/link-list';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { WalletBalance } from '../../../domain/protocol/account';
import { WALLETS } from '../../../domain/protocol/wallets';
import { getAssets } from '../../state/assets';
import { isApiError } from '../../api/request';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { AccountTypeBadge } from '../../components/content/status-labels';
import { useLiveData } from '../../components/content/use-live-data';
import { afterLargestPaint, holdPageStart } from '../../components/content/after-largest-paint';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { readLastAssets } from '../../pwa/last-assets';
import { prefs } from '../../state/prefs';
import { amount, sortBalances } from './wallet-figures';
import { ProductCards } from './assets-products';
import { RealisticPnlCard } from './realistic-pnl';
import { paths } from '../../paths/paths';
import { Button } from '../../components/button';

const loadAssets = () => getAssets({ silent: true });

function BalanceRow({ balance, locale }: { balance: WalletBalance; locale: Locale }) {
  const { t } = useTranslation('content');
  const id = `assets-row-${balance.wallet}-${balance.currency}`;
  // Shares not yet sellable (T+1, or a block trade's lock-up): shown apart, as /user/assets leaves
  // them out of available.
  const figures = [
    ['available', balance.available],
    ['frozen', balance.frozen],
    ...(balance.locked !== '0' ? ([['locked', balance.locked]] as const) : []),
    ['total', balance.total],
  ] as const;
  return (
    <li className="balance-row" data-testid={id}>
      <span className="balance-row__currency">{balance.currency}</span>
      <dl className="balance-row__figures">
        {figures.map(([name, value]) => (
          <div key={name} className={`balance-row__figure balance-row__figure--${name}`}>
            <dt>{t(`assets.${name}`)}</dt>
            <dd className="num" data-testid={`${id}-${name}`}>
              {amount(value, balance, locale)}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function WalletCards({ balances, locale }: { balances: readonly WalletBalance[]; locale: Locale }) {
  const { t } = useTranslation('content');
  const sorted = sortBalances(balances);
  return WALLETS.map((wallet) => {
    const rows = sorted.filter((b) => b.wallet === wallet);
    if (rows.length === 0) return null;
    return (
      <section key={wallet} className="wallet-card" aria-labelledby={`wallet-${wallet}`}>
        <h2 id={`wallet-${wallet}`} className="wallet-card__title">
          {t(`assets.wallet_title.${wallet}`)}
        </h2>
        <ul className="wallet-card__rows">
          {rows.map((balance) => (
            <BalanceRow key={balance.currency} balance={balance} locale={locale} />
          ))}
        </ul>
      </section>
    );
  });
}

type LastKnown = NonNullable<ReturnType<typeof readLastAssets>>;

/** Offline: the last answer this device saw, with its time, and a way to try again. */
function LastKnownAssets({ lastKnown, onRetry }: { lastKnown: LastKnown; onRetry: () => void }) {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <div className="notice-card split-row stale-note" data-testid="assets-stale" role="status">
        <p>{t('assets.stale', { time: formatDateTime(lastKnown.savedAt, lang) })}</p>
        <Button testId="retry" onClick={onRetry}>
          {t('action.retry', { ns: 'common' })}
        </Button>
      </div>
      <div className="stale-figures" data-testid="assets-last-known">
        <WalletCards balances={lastKnown.answer.balances} locale={lang} />
      </div>
    </>
  );
}

function AccountNote({ type }: { type: 'real' | 'demo' }) {
  const { t } = useTranslation('content');
  return (
    <div className={`account-note account-note--${type}`}>
      <AccountTypeBadge type={type} testId="assets-account-type" />
      <p>{t(type === 'demo' ? 'assets.demo_note' : 'assets.real_note')}</p>
    </div>
  );
}

/** Money in, out and between currencies, where the balances are (demo has no funding). */
function FundingActions() {
  const { t } = useTranslation('content');
  return (
    <ActionLinks
      testId="assets-actions"
      links={[
        { href: paths.recharge, label: t('assets.deposit'), testId: 'assets-deposit' },
        { href: paths.withdrawHub, label: t('assets.withdraw'), testId: 'assets-withdraw' },
        { href: paths.exchangeIndex, label: t('assets.exchange'), testId: 'assets-exchange' },
      ]}
    />
  );
}

/**
 * Whether a largest paint is the wallet's own: the P&L card's introduction, the largest text of
 * its first screenful. The body's paint with the balances comes a frame or two before it (another
 * candidate, a paragraph above): started at that one, the worker left before the card's paint in
 * a third of Lighthouse's runs. A wallet without the card (none, an error) waits the fallback 1 s.
 */
const inBody = (element: Element | null) => !!element?.closest('[data-testid="assets-realistic"]');
/** Set once the wallet's balances have had their largest paint in this page. */
let paintedBefore = false;

/** Re-reads the balances when the private stream says they moved (it starts the market worker). */
function BalancesRefetch({ refresh }: { refresh: () => void }) {
  useBalancesRefetch(refresh);
  return null;
}

/**
 * Every wallet of the current account (real or demo), as the ledger sums them. With no network,
 * the last answer this device saw, marked with its time as offline: never passed off as live.
 */
export default function AssetsScreen() {
  const { t } = useTranslation('content');
  const { lang } = useSnapshot(prefs);
  const assets = useLiveData('assets', loadAssets);
  // The private stream is followed once the balances' largest paint is behind them: following it
  // from the first render started the market worker (~20 KB of gzip) before that paint, which in
  // Lighthouse's simulation counts toward it. Its first subscription's resync reads them again.
  // Nor does the page's own start of the worker (its title and note painted first).
  const [painted, setPainted] = useState(paintedBefore);
  useLayoutEffect(() => (painted ? undefined : holdPageStart()), [painted]);
  const shown = assets.status !== 'loading';
  useEffect(() => {
    if (!shown || painted) return undefined;
    return afterLargestPaint(() => {
      paintedBefore = true;
      setPainted(true);
    }, inBody);
  }, [shown, painted]);
  const unreachable =
    assets.status === 'error' && isApiError(assets.error) && assets.error.kind === 'network';
  const lastKnown = unreachable ? readLastAssets() : null;

  let body;
  if (assets.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (assets.status === 'error' && lastKnown)
    body = <LastKnownAssets lastKnown={lastKnown} onRetry={assets.reload} />;
  else if (assets.status === 'error') body = <ErrorState error={assets.error} onRetry={assets.reload} />;
  else if (assets.data.balances.length === 0)
    body = <EmptyState title={t('assets.empty')} body={t('assets.empty_body')} />;
  else
    body = (
      <>
        <WalletCards balances={assets.data.balances} locale={lang} />
        <ProductCards products={assets.data.products ?? []} locale={lang} />
        <RealisticPnlCard rows={assets.data.realistic} locale={lang} onRetry={assets.reload} />
        {assets.data.balances.some((b) => b.locked !== '0') && (
          // "Kilitli (T+1)" was wrong for block-trade shares under a 30-day lock-up.
          <p className="hint" data-testid="assets-locked-note">
            {t('assets.locked_note')}
          </p>
        )}
      </>
    );

  return (
    <Screen className="assets-screen">
      {painted && <BalancesRefetch refresh={assets.refresh} />}
      <Navbar title={t('assets.title')} />
      <div className="screen__body">
        {assets.status === 'ready' && <AccountNote type={assets.data.accountType} />}
        {assets.status === 'ready' && assets.data.accountType === 'real' && <FundingActions />}
        {body}
        <p className="hint" data-testid="assets-ledger-note">
          {t('assets.ledger_note')}
        </p>
      </div>
    </Screen>
  );
}
