import './namespace';
import '../../styles/trade.css';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { formatSigned } from '../../../domain/format/number';
import type { TxRecord } from '../../../domain/protocol/trading';
import { listTxRecords } from '../../api/trading';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { usePaged } from './use-paged';
import { useLocale } from './use-locale';

const TRY = 'TRY';

function TxLine({ record }: { record: TxRecord }) {
  const { t } = useTranslation('trade');
  const locale = useLocale();
  // TRY to kuruş; shares are whole.
  const places = record.currency === TRY ? 2 : 0;
  const available = new Decimal(record.available);
  const frozen = new Decimal(record.frozen);
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

/** /pages/fundsDetail/stockFundsDetail: every booking of the stock account, from the ledger. */
export default function StockFundsScreen() {
  const { t } = useTranslation('trade');
  const list = usePaged('tx|stock', (page, size) => listTxRecords({ wallet: 'stock', page, size }));
  const first = list.first;
  let body;
  if (first.status === 'loading') body = <ListSkeleton rows={5} />;
  else if (first.status === 'error') body = <ErrorState error={first.error} onRetry={list.reload} />;
  else if (list.rows.length === 0)
    body = (
      <EmptyState
        title={t('funds.empty')}
        body={t('funds.empty_body')}
        action={
          <Link href="/pages/tabbar/trade" className="button button--primary">
            {t('orders.go_trade')}
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <ul className="trade-list" data-testid="stock-tx-list">
          {list.rows.map((record) => (
            <TxLine key={record.id} record={record} />
          ))}
        </ul>
        {list.hasMore && (
          <button
            type="button"
            className="button button--secondary"
            disabled={list.loadingMore}
            onClick={() => void list.more()}
          >
            {t('funds.more')}
          </button>
        )}
      </>
    );
  return (
    <Screen className="stock-funds-screen">
      <Navbar title={t('funds.stock_title')} />
      <div className="screen__body">{body}</div>
    </Screen>
  );
}
