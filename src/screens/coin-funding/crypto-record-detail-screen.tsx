import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n-hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { RecordDetail } from './record-detail';
import { NoRecord, recordFromSearch } from './record-detail-screen';
import { paths } from '../../routes/paths';

const CRYPTO_WITHDRAWALS_PATH = paths.cryptoWithdrawRecords;

/** /pages/withdraw/cryptoRecordDetail?id=…: one crypto withdrawal in full. */
export default function CryptoRecordDetailScreen() {
  const { t } = useTranslation('coinFunding');
  const record = recordFromSearch(useSearch(), 'withdrawal');
  return (
    <Screen>
      <Navbar title={t('detail.title')} />
      <div className="screen__body">
        {record === null ? (
          <NoRecord />
        ) : (
          <RecordDetail
            key={record.id}
            record={{ ...record, type: 'withdrawal', kind: 'crypto' }}
            // A withdrawal that is not there (a stale link, a bad id): the crypto withdrawals to pick from.
            back={{ href: CRYPTO_WITHDRAWALS_PATH, label: t('detail.withdrawals') }}
          />
        )}
      </div>
    </Screen>
  );
}
