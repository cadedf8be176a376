import '../../styles/coin-funding.css';
import '../../styles/contract.css';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { FUNDING_STATUSES, type FundingStatus } from '../../../domain/protocol/funding';
import { ErrorState } from '../../components/content/state-views';
import { FilterChips } from '../../components/funding/filter-chips';
import { RecordCard } from '../../components/funding/record-card';
import { RecordList } from '../../components/funding/record-list';
import type { usePaged } from '../../components/content/use-paged';
import { prefs } from '../../state/prefs';
import { useCoinAmount } from './coin-chain-picker';
import { shortenMiddle } from './shorten';
import { StatusBadge, useStatusWord } from './status-badge';
import { Button } from '../../components/button';

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
  const word = useStatusWord();
  const statuses = FUNDING_STATUSES.filter((s) => kind === 'withdrawal' || s !== 'cancelled');
  return (
    <div className="funding-stack">
      <FilterChips<FundingStatus | ''>
        label={t('filter.status')}
        value={filter.status}
        options={[
          { value: '', label: t('filter.all'), testId: 'filter-status-all' },
          ...statuses.map((s) => ({ value: s, label: word(s, kind), testId: `filter-status-${s}` })),
        ]}
        onChange={(status) => onChange({ ...filter, status })}
        testId="filter-status"
      />
      {currencies.length > 1 && (
        <FilterChips
          label={t('filter.currency')}
          value={filter.currency}
          options={[
            { value: '', label: t('filter.all'), testId: 'filter-currency-all' },
            ...currencies.map((c) => ({ value: c, label: c, testId: `filter-currency-${c}` })),
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
  const where = (
    <>
      {line.chain}
      {line.chain && line.address && ' · '}
      {/* One unit: it used to break after the ellipsis, half the address on each line. */}
      {line.address && (
        <span className="coin-row__address" data-testid={`record-address-${line.id}`}>
          {shortenMiddle(line.address, 6)}
        </span>
      )}
    </>
  );
  return (
    <RecordCard
      testId={`record-${line.id}`}
      open={{ href: line.href }}
      openTestId={`record-open-${line.id}`}
      title={amount(line.amount, line.currency)}
      status={<StatusBadge status={line.status} kind={kind} testId={`record-status-${line.id}`} />}
      lines={[
        ...(line.chain || line.address ? [<span key="where">{where}</span>] : []),
        <span key="when" className="num">
          {formatDateTime(line.createdAt, lang)}
        </span>,
      ]}
      action={action}
    />
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
  const more = (
    <>
      {paged.moreError !== null && <ErrorState error={paged.moreError} onRetry={() => void paged.more()} />}
      {paged.hasMore && (
        <Button disabled={paged.loadingMore} testId="record-more" onClick={() => void paged.more()}>
          {t('records.more')}
        </Button>
      )}
    </>
  );
  return (
    <RecordList
      paged={paged}
      skeletonRows={4}
      empty={{ title: t('records.empty'), ...empty }}
      testId="record-list"
      more={more}
    >
      {(row) => {
        const item = line(row);
        return <RecordRow key={item.id} line={item} kind={kind} action={action?.(row)} />;
      }}
    </RecordList>
  );
}
