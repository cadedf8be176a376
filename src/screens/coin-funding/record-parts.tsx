import '../../styles/coin-funding.css';
import '../../styles/contract.css';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { FUNDING_STATUSES, type FundingStatus } from '../../../domain/protocol/funding';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { RecordsEmpty } from '../../components/funding/records-empty';
import type { usePaged } from '../../components/content/use-paged';
import { prefs } from '../../state/prefs';
import { useCoinAmount } from './coin-chain-picker';
import { shortenMiddle } from './shorten';
import { StatusBadge, statusKey } from './status-badge';

export type RecordFilter = { status: FundingStatus | ''; currency: string };

/** A record list's page: after the last row shown (`after`), with only the filters that are set. */
/** A record list's page; "load more" asks for the ones after the last record shown (`before`). */
export type FundingListQuery = {
  status?: FundingStatus;
  currency?: string;
  page: number;
  size: number;
  before?: string;
};

export function recordQuery(
  filter: RecordFilter,
  page: number,
  size: number,
  after: { id: string } | undefined,
): FundingListQuery {
  return {
    page,
    size,
    ...(after ? { before: after.id } : {}),
    ...(filter.status === '' ? {} : { status: filter.status }),
    ...(filter.currency === '' ? {} : { currency: filter.currency }),
  };
}

function Chips<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <div className="chips" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          className="chip"
          aria-checked={option.value === value}
          data-testid={`${testId}-${option.value || 'all'}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Status and coin filters of a record list; "cancelled" for withdrawals, which users can cancel. */
export function RecordFilters({
  filter,
  currencies,
  kind,
  onChange,
}: {
  filter: RecordFilter;
  currencies: readonly string[];
  kind: 'deposit' | 'withdrawal';
  onChange: (filter: RecordFilter) => void;
}) {
  const { t } = useTranslation('coinFunding');
  const statuses = FUNDING_STATUSES.filter((s) => kind === 'withdrawal' || s !== 'cancelled');
  return (
    <div className="funding-stack">
      <Chips<FundingStatus | ''>
        label={t('filter.status')}
        value={filter.status}
        options={[
          { value: '', label: t('filter.all') },
          ...statuses.map((s) => ({ value: s, label: t(statusKey(s, kind)) })),
        ]}
        onChange={(status) => onChange({ ...filter, status })}
        testId="filter-status"
      />
      {currencies.length > 1 && (
        <Chips
          label={t('filter.currency')}
          value={filter.currency}
          options={[
            { value: '', label: t('filter.all') },
            ...currencies.map((c) => ({ value: c, label: c })),
          ]}
          onChange={(currency) => onChange({ ...filter, currency })}
          testId="filter-currency"
        />
      )}
    </div>
  );
}

export type RecordLine = {
  id: string;
  href: string;
  currency: string;
  amount: string;
  status: FundingStatus;
  chain: string | null;
  address: string | null;
  createdAt: number;
};

/** One movement: coin and amount, network and address, when, and its status; taps to its detail. */
export function RecordRow({
  line,
  kind,
  action,
}: {
  line: RecordLine;
  kind: 'deposit' | 'withdrawal';
  action?: ReactNode;
}) {
  const { lang } = useSnapshot(prefs);
  const amount = useCoinAmount();
  return (
    <li className="funding-row" data-testid={`record-${line.id}`}>
      <Link href={line.href} className="funding-row__main" data-testid={`record-open-${line.id}`}>
        <span className="num">{amount(line.amount, line.currency)}</span>
        <span className="funding-row__sub">
          {line.chain}
          {line.chain && line.address && ' · '}
          {/* One unit: it used to break after the ellipsis, half the address on each line. */}
          {line.address && (
            <span className="funding-row__address" data-testid={`record-address-${line.id}`}>
              {shortenMiddle(line.address, 6)}
            </span>
          )}
        </span>
        <span className="funding-row__sub num">{formatDateTime(line.createdAt, lang)}</span>
      </Link>
      <span className="funding-row__end">
        <StatusBadge status={line.status} kind={kind} testId={`record-status-${line.id}`} />
        {action}
      </span>
    </li>
  );
}

/**
 * A paged record list's states: skeleton, error with retry, empty with its next step (`empty`:
 * where to deposit or withdraw), rows and "load more".
 */
export function RecordPages<T>({
  paged,
  kind,
  line,
  action,
  empty,
}: {
  paged: ReturnType<typeof usePaged<T>>;
  kind: 'deposit' | 'withdrawal';
  line: (row: T) => RecordLine;
  action?: (row: T) => ReactNode;
  empty: { href: string; label: string };
}) {
  const { t } = useTranslation('coinFunding');
  if (paged.first.status === 'loading') return <ListSkeleton rows={4} />;
  if (paged.first.status === 'error') return <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  if (paged.rows.length === 0)
    return (
      <RecordsEmpty
        title={t('records.empty')}
        action={
          <Link className="button button--primary" href={empty.href} data-testid="records-empty-action">
            {empty.label}
          </Link>
        }
      />
    );
  return (
    <>
      <ul className="funding-rows" data-testid="record-list">
        {paged.rows.map((row) => {
          const item = line(row);
          return <RecordRow key={item.id} line={item} kind={kind} action={action?.(row)} />;
        })}
      </ul>
      {paged.moreError !== null && <ErrorState error={paged.moreError} onRetry={() => void paged.more()} />}
      {paged.hasMore && (
        <button
          type="button"
          className="button button--secondary"
          disabled={paged.loadingMore}
          data-testid="record-more"
          onClick={() => void paged.more()}
        >
          {t('records.more')}
        </button>
      )}
    </>
  );
}
