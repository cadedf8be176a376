import { ConfirmSheet, type ConfirmSheetProps } from './confirm-sheet';

/** Where a confirm step stands (usePasswordConfirm, the exchange's quote flow). */
export type PasswordSheetState = { busy: boolean; sheetError: string; close: () => void };

type Props = Omit<
  ConfirmSheetProps,
  'needPassword' | 'password' | 'busy' | 'error' | 'onConfirm' | 'onCancel'
> & {
  /** Which 6-digit password, and why this step asks for it. */
  password: { label: string; hint: string };
  sheet: PasswordSheetState;
  onConfirm: (pin: string) => void;
};

/**
 * A confirm sheet that always asks for the password, whatever the profile's "confirm orders"
 * setting: money leaves for a product (a loan, a subscription, an exchange), not for an order.
 */
export function PasswordConfirmSheet({ sheet, onConfirm, ...sheetProps }: Props) {
  return (
    <ConfirmSheet
      {...sheetProps}
      needPassword
      busy={sheet.busy}
      error={sheet.sheetError}
      onConfirm={(pin) => onConfirm(pin ?? '')}
      onCancel={sheet.close}
    />
  );
}
