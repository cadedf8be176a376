import { useTranslation } from '../../i18n-hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

export type StatusFilter = FundingStatus | 'all';

/** The records' filter: all, then the statuses this kind of record can have. */
export function StatusChips({
  value,
  options,
  onChange,
  kind,
}: {
  value: StatusFilter;
  options: readonly StatusFilter[];
  onChange: (value: StatusFilter) => void;
  kind: 'deposit' | 'withdrawal';
}) {
  const { t } = useTranslation('funding');
  const label = (status: StatusFilter) =>
    status === 'all'
      ? t('records.all')
      : status === 'failed' && kind === 'withdrawal'
        ? t('status.refunded')
        : t(`status.${status}`);
  return (
    <div className="funding-chips" role="group" aria-label={t('records.filter')}>
      {options.map((status) => (
        <button
          key={status}
          type="button"
          className="funding-chip"
          aria-pressed={status === value}
          data-testid={`filter-${status}`}
          onClick={() => onChange(status)}
        >
          {label(status)}
        </button>
      ))}
    </div>
  );
}
