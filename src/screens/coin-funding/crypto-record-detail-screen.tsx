import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n-hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { RecordDetail } from './record-detail';
import { NoRecord, recordFromSearch } from './record-detail-screen';

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
          <RecordDetail key={record.id} record={{ ...record, type: 'withdrawal', kind: 'crypto' }} />
        )}
      </div>
    </Screen>
  );
}
