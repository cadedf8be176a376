import './namespace';
import '../../styles/coin-funding.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { coinWalletEndpoints } from '../../../domain/protocol/endpoints/coin-wallet';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { TitledScreen } from '../../components/screen';
import { account, loadProfile } from '../../state/account';
import { session } from '../../state/session';
import { takePickedAddress } from './address-pick';
import { CoinChainPicker } from './coin-chain-picker';
import { useCoinChoice, useCoins } from './use-coins';
import { WithdrawBlocks, withdrawBlocks } from './withdraw-blocks';
import { WithdrawForm } from './withdraw-form';

const loadAssets = () => call(coinWalletEndpoints.assets, {}, { silent: true });

/**
 * /pages/withdraw/cryptoWithdraw?currency=USDT(&chain=…&address=…): a coin to a saved address.
 * What would stop it (demo, KYC, withdrawal password, hours) is shown first, as a state with its
 * way out; otherwise the form shows fee, minimum, what arrives and when, before confirming.
 */
export default function CryptoWithdrawScreen() {
  const { t } = useTranslation('coinFunding');
  const params = new URLSearchParams(useSearch());
  const { userToken, userAccountType } = useSnapshot(session);
  const { profile, profileStatus } = useSnapshot(account);
  const coins = useCoins();
  const assets = useLiveData('coin-assets', loadAssets);
  // The available balance follows the ledger: a request whose answer was on its way when the
  // screen was left went through, and the form opened again showed the balance from before it.
  useBalancesRefetch(assets.refresh);
  const [back] = useState(takePickedAddress);
  const coin = useCoinChoice(
    'withdrawEnabled',
    back === null ? null : { currency: back.currency, chain: back.chain },
  );

  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  let body;
  if (coins.status === 'error') body = <ErrorState error={coins.error} onRetry={coins.reload} />;
  else if (assets.status === 'error') body = <ErrorState error={assets.error} onRetry={assets.reload} />;
  else if (profileStatus === 'error')
    body = <ErrorState error={account.profileError} onRetry={() => void loadProfile(true)} />;
  else if (coins.status === 'loading' || assets.status === 'loading' || profile === null)
    body = <ListSkeleton rows={4} />;
  else {
    const choice = coin.choose(coins.data.list);
    const blocks = withdrawBlocks(userAccountType === 'demo', profile, coins.data.hours);
    if (!choice) body = <EmptyState title={t('chooser.empty')} />;
    else {
      const { currency } = choice.coin;
      const picker = (
        <CoinChainPicker
          coins={coins.data.list}
          currency={currency}
          chain={choice.chain.chain}
          use="withdraw"
          onChange={coin.pick}
        />
      );
      body = (
        <div className="funding-stack">
          {blocks.length > 0 && <WithdrawBlocks blocks={blocks} hours={coins.data.hours} />}
          {picker}
          {blocks.length === 0 && (
            <WithdrawForm
              key={`${currency}:${choice.chain.chain}`}
              currency={currency}
              chain={choice.chain}
              available={assets.data.coin.find((row) => row.currency === currency)?.available ?? '0'}
              addressId={back?.id ?? params.get('address')}
              // Behind the form: a reload would swap it for a skeleton and lose the answer being read.
              onDone={assets.refresh}
            />
          )}
        </div>
      );
    }
  }
  return <TitledScreen title={t('withdraw.title')}>{body}</TitledScreen>;
}
