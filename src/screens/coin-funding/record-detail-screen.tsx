import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n-hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { RecordDetail, type RecordRef } from './record-detail';
import { RecordsHub } from './records-hub';

/** What the URL names; null (no id) shows where the records are instead of an error. */
export function recordFromSearch(search: string, fallbackType: RecordRef['type']): RecordRef | null {
  const params = new URLSearchParams(search);
  const id = params.get('id') ?? '';
  if (id === '') return null;
  const typeParam = params.get('type');
  const type = typeParam === 'deposit' || typeParam === 'withdrawal' ? typeParam : fallbackType;
  return { type, id, kind: params.get('kind') };
}

/** The chooser shown without an id: which records to open. */
export function NoRecord() {
  const { t } = useTranslation('coinFunding');
  return (
    <div className="funding-stack" data-testid="detail-chooser">
      <p className="lead">{t('detail.choose')}</p>
      <RecordsHub />
    </div>
  );
}

/** /pages/wallet/recordDetail?type=deposit|withdrawal&id=…(&kind=…): one movement in full. */
export default function RecordDetailScreen() {
  const { t } = useTranslation('coinFunding');
  const record = recordFromSearch(useSearch(), 'deposit');
  return (
    <Screen>
      <Navbar title={t('detail.title')} />
      <div className="screen__body">
        {record === null ? (
          <NoRecord />
        ) : (
          <RecordDetail key={`${record.type}:${record.id}`} record={record} />
        )}
      </div>
    </Screen>
  );
}
