import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { RecordDetail, type RecordRef } from './record-detail';
import { RecordsHub } from './records-hub';
import { paths } from '../../paths/paths';

/** What the URL names; null (no id) shows where the records are instead of an error. */
export function recordFromSearch(search: string, fallbackType: RecordRef['type']): RecordRef | null {
  const params = new URLSearchParams(search);
  const id = params.get('id') ?? '';
  if (id === '') return null;
  const typeParam = params.get('type');
  const type = typeParam === 'deposit' || typeParam === 'withdrawal' ? typeParam : fallbackType;
  return { type, id, kind: params.get('kind') };
}

/**
 * The list a record belongs to, where a link to one that is not there (a stale link, a bad id)
 * leads instead of a retry; null when the link does not say which (no `kind`).
 */
export function recordsListOf(
  record: RecordRef,
): { href: string; labelKey: 'detail.deposits' | 'detail.withdrawals' } | null {
  if (record.kind === null) return null;
  const crypto = record.kind === 'crypto';
  if (record.type === 'deposit')
    return {
      href: crypto ? paths.cryptoDepositRecords : paths.bankRecord,
      labelKey: 'detail.deposits',
    };
  return {
    href: crypto ? paths.cryptoWithdrawRecords : paths.withdrawRecord,
    labelKey: 'detail.withdrawals',
  };
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

/**
 * A record's screen: the record, with a way back to its list when it is not there; the chooser
 * when the URL names none.
 */
export function RecordScreen({ record }: { record: RecordRef | null }) {
  const { t } = useTranslation('coinFunding');
  const backOf = (ref: RecordRef) => {
    const list = recordsListOf(ref);
    return list ? { href: list.href, label: t(list.labelKey) } : undefined;
  };
  return (
    <Screen>
      <Navbar title={t('detail.title')} />
      <div className="screen__body">
        {record === null ? (
          <NoRecord />
        ) : (
          <RecordDetail key={`${record.type}:${record.id}`} record={record} back={backOf(record)} />
        )}
      </div>
    </Screen>
  );
}

/** /pages/wallet/recordDetail?type=deposit|withdrawal&id=…(&kind=…): one movement in full. */
export default function RecordDetailScreen() {
  return <RecordScreen record={recordFromSearch(useSearch(), 'deposit')} />;
}
