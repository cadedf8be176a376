import './namespace';
import '../../styles/contract.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { EmptyState } from '../../components/content/state-views';
import { TxRecordList } from '../../components/trade/tx-record-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';

type Wallet = 'coin' | 'contract';
const ID = 'crypto-funds';

/** /pages/fundsDetail/cryptoFundsDetail: every ledger booking of the currency and contract accounts. */
export default function CryptoFundsScreen() {
  const { t } = useTranslation('contract');
  const [wallet, setWallet] = useState<Wallet>('coin');
  return (
    <Screen className="contract-screen">
      <Navbar title={t('funds.title')} />
      <Tabs<Wallet>
        label={t('funds.title')}
        idPrefix={ID}
        selected={wallet}
        onSelect={setWallet}
        options={[
          { value: 'coin', label: t('funds.wallet_coin'), testId: 'funds-tab-coin' },
          { value: 'contract', label: t('funds.wallet_contract'), testId: 'funds-tab-contract' },
        ]}
      />
      <TabPanel className="screen__body" idPrefix={ID} selected={wallet}>
        <TxRecordList wallet={wallet} empty={<EmptyState title={t('funds.empty')} />} />
      </TabPanel>
    </Screen>
  );
}
