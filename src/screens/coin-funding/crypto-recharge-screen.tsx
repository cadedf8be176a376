import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { CoinChainPicker } from './coin-chain-picker';
import { DemoDepositGate } from './demo-deposit-gate';
import { useCoinChoice, useCoins } from './use-coins';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

export const COIN_RECHARGE_PATH = paths.coinRecharge;

/** The coin and network to deposit, then on to that address (also coinRecharge without params). */
export function DepositChooser() {
  const { t } = useTranslation('coinFunding');
  const coins = useCoins();
  const coin = useCoinChoice('depositEnabled');
  if (coins.status === 'loading') return <ListSkeleton rows={3} />;
  if (coins.status === 'error') return <ErrorState error={coins.error} onRetry={coins.reload} />;
  const choice = coin.choose(coins.data.list);
  if (!choice) return <EmptyState title={t('chooser.empty')} />;
  const { currency } = choice.coin;
  const { chain } = choice.chain;
  const href = `${COIN_RECHARGE_PATH}?${new URLSearchParams({ currency, chain }).toString()}`;
  return (
    <div className="funding-stack" data-testid="deposit-chooser">
      <CoinChainPicker
        coins={coins.data.list}
        currency={currency}
        chain={chain}
        use="deposit"
        onChange={coin.pick}
      />
      <ButtonLink href={href} testId="chooser-next">
        {t('chooser.next')}
      </ButtonLink>
      <Link className="text-link" href={paths.cryptoDepositRecords} data-testid="chooser-records">
        {t('deposit.records')}
      </Link>
    </div>
  );
}

/** /pages/recharge/cryptoRecharge: pick the coin and network to deposit. */
export default function CryptoRechargeScreen() {
  const { t } = useTranslation('coinFunding');
  return (
    <Screen>
      <Navbar title={t('chooser.title')} />
      <div className="screen__body">
        <DemoDepositGate>
          <DepositChooser />
        </DemoDepositGate>
      </div>
    </Screen>
  );
}
