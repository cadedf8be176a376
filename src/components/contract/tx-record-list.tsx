import '../../styles/trade.css';
import '../../styles/contract.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatSigned } from '../../../domain/format/number';
import type { TxRecord } from '../../../domain/protocol/trading';
import { getTxRecords, type TxRecordQuery } from '../../api/coin-trading';
import { EmptyState, ErrorState, ListSkeleton } from '../content/state-views';
import { useLiveData } from '../content/use-live-data';
import { prefs } from '../../state/prefs';

const PAGE_SIZE = 20;

function decimalsOf(currency: string): number {
  return currency === 'USDT' || currency === 'TRY' ? 2 : 8;
}

function RecordRow({ record }: { record: TxRecord }) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const places = decimalsOf(record.currency);
  const up = !record.available.startsWith('-') && record.available !== '0';
  // Unknown reasons (added on the server later) still read as words: the memo, else the key.
  const title = t(`funds.reason.${record.reason}`, { defaultValue: record.memo || record.reason });
  return (
    <li className="tx-row" data-testid="tx-row" data-reason={record.reason}>
      <div className="tx-row__main">
        <span className="tx-row__title">{title}</span>
        <span
          className={`tx-row__amount num ${up ? 'tone-up' : record.available === '0' ? '' : 'tone-down'}`}
        >
          {formatSigned(record.available, lang, places)} {record.currency}
        </span>
      </div>
      <div className="tx-row__meta">
        <span className="num">{formatDateTime(record.t, lang)}</span>
        {record.frozen !== '0' && (
          <span className="num">
            {t('funds.frozen')} {formatSigned(record.frozen, lang, places)}
          </span>
        )}
      </div>
    </li>
  );
}

/** Ledger bookings of a wallet (and currency), newest first, a page at a time. */
export function TxRecordList({ query, emptyText }: { query: TxRecordQuery; emptyText: string }) {
  const { t } = useTranslation('contract');
  const key = `tx|${query.wallet ?? ''}|${query.currency ?? ''}`;
  const first = useLiveData(key, () =>
    getTxRecords({ ...query, page: 1, size: PAGE_SIZE }, { silent: true }),
  );
  const [more, setMore] = useState<{ key: string; rows: TxRecord[]; page: number }>({
    key,
    rows: [],
    page: 1,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const extra = more.key === key ? more : { key, rows: [], page: 1 };

  if (first.status === 'loading') return <ListSkeleton rows={5} />;
  if (first.status === 'error') return <ErrorState error={first.error} onRetry={first.reload} />;
  const rows = [...first.data.list, ...extra.rows];
  if (rows.length === 0) return <EmptyState title={emptyText} />;
  const hasMore = rows.length < first.data.total;

  async function loadMore() {
    setLoadingMore(true);
    try {
      const page = extra.page + 1;
      const next = await getTxRecords({ ...query, page, size: PAGE_SIZE });
      setMore({ key, rows: [...extra.rows, ...next.list], page });
    } catch {
      // The request layer already toasted the reason; the button stays for another try.
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <>
      <ul className="tx-list" data-testid="tx-list">
        {rows.map((record) => (
          <RecordRow key={record.id} record={record} />
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          className="button button--secondary tx-list__more"
          disabled={loadingMore}
          data-testid="tx-more"
          onClick={() => void loadMore()}
        >
          {t('funds.load_more')}
        </button>
      )}
    </>
  );
}
