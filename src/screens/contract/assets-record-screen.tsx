import './namespace';
import '../../styles/trade.css';
import '../../styles/contract.css';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatMoney, formatSigned } from '../../../domain/format/number';
import type { CoinAssets } from '../../../domain/protocol/coin-wallet';
import { coinWalletEndpoints } from '../../../domain/protocol/endpoints/coin-wallet';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { TxRecordList } from '../../components/trade/tx-record-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { FundingHint } from '../../components/trade/funding-hint';
import { prefs } from '../../state/prefs';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

/** Where coins come in: the crypto deposit (SPEC /pages/recharge/cryptoRecharge). */
const CRYPTO_DEPOSIT_PATH = paths.cryptoRecharge;
const loadAssets = () => call(coinWalletEndpoints.assets, {}, { silent: true });
const places = (currency: string) => (currency === 'USDT' ? 2 : 8);

/** The total in USDT and the contract account's available, frozen and unrealised P&L. */
function AccountTotals({ assets }: { assets: CoinAssets }) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const pnl = assets.contract.unrealizedPnl;
  return (
    <section className="contract-card" aria-label={t('assets.total')}>
      <p className="contract-card__label">{t('assets.total')}</p>
      <p className="contract-card__big num" data-testid="assets-total">
        {formatMoney(assets.totalUsdt, lang, { currency: 'USDT' })}
      </p>
      <h2 className="contract-card__label">{t('assets.contract_account')}</h2>
      <FigureRows
        label={t('assets.contract_account')}
        rows={[
          {
            label: t('assets.available'),
            value: formatMoney(assets.contract.available, lang),
            testId: 'assets-contract-available',
          },
          {
            label: t('assets.frozen'),
            value: formatMoney(assets.contract.frozen, lang),
            testId: 'assets-contract-frozen',
          },
          {
            label: t('assets.unrealized'),
            value: formatSigned(pnl, lang, 2),
            testId: 'assets-contract-pnl',
            ...(pnl.startsWith('-') ? { tone: 'down' as const } : pnl === '0' ? {} : { tone: 'up' as const }),
          },
        ]}
      />
      <Link className="text-link" href={paths.cryptoTransfer} data-testid="assets-transfer">
        {t('transfer_link')}
      </Link>
    </section>
  );
}

function Holdings({
  assets,
  selected,
  onSelect,
}: {
  assets: CoinAssets;
  selected: string;
  onSelect: (c: string) => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <AccountTotals assets={assets} />
      {assets.coin.length === 0 ? (
        <EmptyState
          title={t('assets.empty')}
          action={
            <ButtonLink href={CRYPTO_DEPOSIT_PATH} testId="assets-deposit">
              {t('deposit_usdt')}
            </ButtonLink>
          }
        />
      ) : (
        <ul className="coin-assets" data-testid="coin-assets">
          {assets.coin.map((row) => (
            <li key={row.currency}>
              <button
                type="button"
                className="coin-asset"
                aria-pressed={selected === row.currency}
                data-testid={`coin-asset-${row.currency}`}
                onClick={() => onSelect(selected === row.currency ? '' : row.currency)}
              >
                <span className="coin-asset__currency">{row.currency}</span>
                <span className="coin-asset__figures">
                  <span className="num">
                    {formatMoney(row.total, lang, { decimals: places(row.currency) })}
                  </span>
                  <span className="coin-asset__sub num">
                    {t('assets.available')}{' '}
                    {formatMoney(row.available, lang, { decimals: places(row.currency) })}
                    {' · '}≈ {formatMoney(row.valueUsdt, lang)} USDT
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Nothing in any coin (the broker lists USDT at 0): where coins come in. */}
      {assets.coin.length > 0 && assets.coin.every((row) => new Decimal(row.total).lte(0)) && (
        <FundingHint
          text={t('no_usdt_spot')}
          href={CRYPTO_DEPOSIT_PATH}
          label={t('deposit_usdt')}
          testId="assets-no-coins"
        />
      )}
    </>
  );
}

/** /pages/coin/assetsRecord: the coin wallet by currency, the contract account, and their ledger records. */
export default function AssetsRecordScreen() {
  const { t } = useTranslation('contract');
  const assets = useLiveData('coin-assets', loadAssets);
  // A fill, a transfer or a decided deposit moves the wallets shown here while the screen is open.
  useBalancesRefetch(assets.refresh);
  const [currency, setCurrency] = useState('');
  let body;
  if (assets.status === 'loading') body = <ListSkeleton rows={4} />;
  else if (assets.status === 'error') body = <ErrorState error={assets.error} onRetry={assets.reload} />;
  else
    body = (
      <>
        <Holdings assets={assets.data} selected={currency} onSelect={setCurrency} />
        <h2 className="section-title" data-testid="assets-records-title">
          {currency ? t('assets.records_of', { currency }) : t('assets.records')}
        </h2>
        <TxRecordList
          wallet="coin"
          {...(currency ? { currency } : {})}
          empty={<EmptyState title={t('assets.records_empty')} />}
        />
      </>
    );
  return (
    <Screen className="contract-screen">
      <Navbar title={t('assets.title')} />
      <div className="screen__body">{body}</div>
    </Screen>
  );
}
