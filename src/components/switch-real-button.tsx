import { switchAccount } from '../state/account';

/**
 * "Switch to my real account" where the demo account cannot go on (deposits, loans, VIP, AI
 * products): the screen says why and offers the step, never a dead end. The label is the
 * screen's, in its own words.
 */
export function SwitchRealButton({ label, testId }: { label: string; testId: string }) {
  return (
    <button
      type="button"
      className="button button--primary"
      data-testid={testId}
      onClick={() => switchAccount('real')}
    >
      {label}
    </button>
  );
}
