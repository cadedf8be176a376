import { useSearch } from 'wouter';
import { recordFromSearch, RecordScreen } from './record-detail-screen';

/**
 * /pages/withdraw/cryptoRecordDetail?id=…: one crypto withdrawal in full; one that is not there (a
 * stale link, a bad id) leads to the crypto withdrawals to pick from.
 */
export default function CryptoRecordDetailScreen() {
  const record = recordFromSearch(useSearch(), 'withdrawal');
  return <RecordScreen record={record && { ...record, type: 'withdrawal', kind: 'crypto' }} />;
}
