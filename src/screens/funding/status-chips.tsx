import { useTranslation } from '../../i18n/hook';
import type { FundingStatus } from '../../../domain/protocol/funding';
import { FilterChips } from '../../components/funding/filter-chips';
import { useStatusWord } from '../../components/funding/status-badge';

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
  const word = useStatusWord();
  const label = (status: StatusFilter) => (status === 'all' ? t('records.all') : word(status, kind));
  return (
    <FilterChips
      label={t('records.filter')}
      value={value}
      options={options.map((status) => ({ value: status, label: label(status), testId: `filter-${status}` }))}
      onChange={onChange}
    />
  );
}
