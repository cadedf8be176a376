import { useRef } from 'react';
import { useScrollEdges } from './use-scroll-edges';

/** A row of filter chips (all, then each status), one pressed. Labels come from the caller. */
export function FilterChips<T extends string>({
  label,
  value,
  options,
  text,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  text: (option: T) => string;
  onChange: (value: T) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  useScrollEdges(row);
  return (
    <div ref={row} className="ipo-chips" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="ipo-chip"
          aria-pressed={option === value}
          data-testid={`filter-${option}`}
          onClick={() => onChange(option)}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}
