import { useId } from 'react';
import { Switch } from '../../components/form/switch';

/** One labelled on/off choice of the notifications screen. */
export function SwitchRow({
  label,
  checked,
  onToggle,
  disabled,
  testId,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
  disabled?: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <li className="info-row info-row--stacked">
      <div className="info-row__head">
        <span className="info-row__label" id={id}>
          {label}
        </span>
        <Switch
          checked={checked}
          onToggle={onToggle}
          labelledBy={id}
          disabled={disabled ?? false}
          testId={testId}
        />
      </div>
    </li>
  );
}
