import { useId, type ReactNode } from 'react';
import '../../styles/forms.css';

export type CheckboxProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
  testId?: string;
};

/** A ticked box with a label that may hold links (agreements); the whole row is a 44 px target. */
export function Checkbox({ checked, onCheckedChange, children, error, testId }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <div className="checkbox">
        {/* The box stays 22 px; this label around it makes the tap target 44 px (DESIGN.md). */}
        <label className="checkbox__hit">
          <input
            id={id}
            type="checkbox"
            className="checkbox__input"
            checked={checked}
            data-testid={testId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onCheckedChange(event.target.checked)}
          />
        </label>
        <label htmlFor={id} className="checkbox__label">
          {children}
        </label>
      </div>
      {error && (
        <p className="field__error" id={errorId} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
