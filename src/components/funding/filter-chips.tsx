import '../../styles/records.css';

export type FilterChip<T extends string> = { value: T; label: string; testId: string };

/**
 * The one filter row of the money records (TRY and crypto, deposits and withdrawals): chips that
 * wrap to a second line when the phone is narrow, so none is ever cut off, the chosen one filled.
 */
export function FilterChips<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly FilterChip<T>[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <div className="filter-chips" role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="filter-chip"
          aria-pressed={option.value === value}
          data-testid={option.testId}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
