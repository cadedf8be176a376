import '../../styles/forms.css';

/** An on/off switch: a real button with role=switch, named by the row that labels it. */
export function Switch({
  checked,
  onToggle,
  labelledBy,
  describedBy,
  disabled = false,
  testId,
}: {
  checked: boolean;
  onToggle: () => void;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <span className="switch-target">
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        disabled={disabled}
        data-testid={testId}
        onClick={onToggle}
      />
    </span>
  );
}
