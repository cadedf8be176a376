import '../../screens/trade/namespace';
import '../../styles/trade.css';
import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import { formatSigned } from '../../../domain/format/number';
import type { TxRecord } from '../../../domain/protocol/trading';
import { listTxRecords } from '../../api/trading';
import { prefs } from '../../state/prefs';
import { ErrorState, ListSkeleton } from '../content/state-views';
import { usePaged } from '../content/use-paged';

type Wallet = TxRecord['wallet'];

/** Cash to the cent (TRY, USDT), shares whole, coins to 8 places. */
function placesOf(record: TxRecord): number {
  if (record.currency === 'TRY' || record.currency === 'USDT') return 2;
  return record.wallet === 'stock' ? 0 : 8;
}

function TxLine({ record, locale }: { record: TxRecord; locale: Locale }) {
  const { t } = useTranslation('trade');
  const places = placesOf(record);
  const available = new Decimal(record.available);
  const frozen = new Decimal(record.frozen);
  // A reason added on the server later still reads as words: the memo, else "booking".
  const title = t(`tx_reason.${record.reason}`, { defaultValue: record.memo || t('tx_reason.other') });
  return (
    <li className="tx-line" data-testid="tx-line" data-reason={record.reason} data-currency={record.currency}>
      <div className="tx-line__head">
        <span className="tx-line__title">{title}</span>
        {!available.isZero() && (
          <span className={`num ${available.isNeg() ? 'tone-down' : 'tone-up'}`} data-testid="tx-available">
            {formatSigned(record.available, locale, places)} {record.currency}
          </span>
        )}
      </div>
      {!frozen.isZero() && (
        <div className="tx-line__meta">
          <span>{t('funds.frozen')}</span>
          <span className="num" data-testid="tx-frozen">
            {formatSigned(record.frozen, locale, places)} {record.currency}
          </span>
        </div>
      )}
      <div className="tx-line__meta">
        <span className="num">{formatDateTime(record.t, locale)}</span>
        <span className="tx-line__ref">
          {t('funds.reference', {
            type: t(`ref_type.${record.referenceType}`, { defaultValue: record.referenceType }),
            ref: record.referenceId,
          })}
        </span>
      </div>
    </li>
  );
}

/**
 * The funds detail of one wallet (and currency): its ledger bookings newest first, a page at a
 * time (GET /user/tx/record). One list for the stock and the crypto accounts.
 */
export function TxRecordList({
  wallet,
  currency,
  empty,
}: {
  wallet: Wallet;
  currency?: string;
  /** What an account without bookings shows: a title and the next step. */
  empty: ReactNode;
}) {
  const { t } = useTranslation('trade');
  const locale = useSnapshot(prefs).lang;
  const list = usePaged(`tx|${wallet}|${currency ?? ''}`, (page, size) =>
    listTxRecords({ wallet, ...(currency ? { currency } : {}), page, size }),
  );
  const first = list.first;
  if (first.status === 'loading') return <ListSkeleton rows={5} />;
  if (first.status === 'error') return <ErrorState error={first.error} onRetry={list.reload} />;
  if (list.rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="trade-list" data-testid="tx-list">
        {list.rows.map((record) => (
          <TxLine key={record.id} record={record} locale={locale} />
        ))}
      </ul>
      {list.hasMore && (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.loadingMore}
          data-testid="tx-more"
          onClick={() => void list.more()}
        >
          {t('funds.more')}
        </button>
      )}
    </>
  );
}
