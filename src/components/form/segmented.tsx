import '../../styles/forms.css';

export type SegmentedOption<T extends string> = { value: T; label: string; testId?: string };

/** A choice between a few options, as radios (arrow keys aside, a tap is what phones use). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  className = 'segmented',
  optionClass = () => 'segmented__option',
}: {
  label: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  /** A look of its own (the ticket's big buy/sell pair), by the option's place. */
  className?: string;
  optionClass?: (index: number) => string;
}) {
  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {options.map((option, index) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          className={optionClass(index)}
          aria-checked={option.value === value}
          data-testid={option.testId}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
