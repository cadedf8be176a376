import '../../styles/forms.css';
import type { ReactNode } from 'react';

export type SegmentedOption<T extends string | number> = { value: T; label: ReactNode; testId?: string };

/** How an area draws the same radios: its group and option classes, and the chosen one's if any. */
export type SegmentedLook = { group: string; option: string; chosen?: string; testId?: string };

const SEGMENTED: SegmentedLook = { group: 'segmented', option: 'segmented__option' };

/** A choice between a few options, as radios (arrow keys aside, a tap is what phones use). */
export function Segmented<T extends string | number>({
  label,
  value,
  options,
  onChange,
  look = SEGMENTED,
}: {
  label: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  look?: SegmentedLook;
}) {
  return (
    <div className={look.group} role="radiogroup" aria-label={label} data-testid={look.testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          className={option.value === value && look.chosen ? `${look.option} ${look.chosen}` : look.option}
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
