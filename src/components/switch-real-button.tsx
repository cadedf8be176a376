import { switchAccount } from '../state/account';
import { Button } from './button';

/**
 * "Switch to my real account" where the demo account cannot go on (deposits, loans, VIP, AI
 * products): the screen says why and offers the step, never a dead end. The label is the
 * screen's, in its own words.
 */
export function SwitchRealButton({ label, testId }: { label: string; testId: string }) {
  return (
    <Button look="primary" testId={testId} onClick={() => switchAccount('real')}>
      {label}
    </Button>
  );
}

/**
 * Where the demo account stops: why, in the area's note look (`className`), then the switch.
 * `testId` names both: `<testId>-demo` and `<testId>-switch-real`.
 */
export function DemoNotice({
  text,
  label,
  className,
  testId,
}: {
  text: string;
  label: string;
  className: string;
  testId: string;
}) {
  return (
    <>
      <p className={className} role="note" data-testid={`${testId}-demo`}>
        {text}
      </p>
      <SwitchRealButton label={label} testId={`${testId}-switch-real`} />
    </>
  );
}
