// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { account, loadProfile } from '../../state/account';
import { session } from '../../state/session';
import { AppForm, FormAlert, SubmitButton } from '../form/submit-button';
import { PasswordConfirmSheet } from './confirm-sheet';
import type { FigureRow } from './figure-rows';
import type { usePasswordConfirm } from './use-password-confirm';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../button';

const TRADE_PASSWORD_PATH = paths.tradePassword;

/**
 * Whether the signed-in profile has no trade password yet (false while it loads): the forms then
 * say so and link to setting one instead of letting the user fill in a form they cannot confirm.
 * Re-read on every account change, since the password may have been set meanwhile.
 */
export function useNoTradePassword(): boolean {
  const { userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  useEffect(() => {
    void loadProfile();
  }, [userToken]);
  return profile?.tradePasswordSet === false;
}

/** What the confirm sheet states before money moves (DESIGN.md), and its trade-password words. */
export type PasswordSheet = {
  title: string;
  rows: readonly FigureRow[];
  costs: ReactNode;
  passwordLabel: string;
  passwordHint: string;
  confirmLabel: string;
  onConfirm: (tradePassword: string) => void;
  testId: string;
};

/**
 * The words of a product namespace's `order.*` keys (each one that confirms an order with the
 * trade password has them): the sheet's title, the password's label and hint and the confirm
 * button; the notice when no trade password is set, and its link.
 */
export function orderPasswordWords(
  t: (
    key:
      | 'order.sheet_title'
      | 'order.password_label'
      | 'order.password_hint'
      | 'order.confirm'
      | 'order.password_missing'
      | 'order.password_set',
  ) => string,
) {
  return {
    sheet: {
      title: t('order.sheet_title'),
      passwordLabel: t('order.password_label'),
      passwordHint: t('order.password_hint'),
      confirmLabel: t('order.confirm'),
    },
    noPassword: { text: t('order.password_missing'), setLabel: t('order.password_set') },
  };
}

type NoticeProps = { text: string; setLabel: string; className: string; testId: string; linkTestId?: string };

/** No trade password yet: the action cannot be confirmed without one, so say so up front. */
export function NoTradePasswordNotice({ text, setLabel, className, testId, linkTestId }: NoticeProps) {
  return (
    <div className={className} role="note" data-testid={testId}>
      <p>{text}</p>
      <ButtonLink href={TRADE_PASSWORD_PATH} look="secondary" testId={linkTestId}>
        {setLabel}
      </ButtonLink>
    </div>
  );
}

/**
 * The shell of a product form that moves money with the trade password (DECISIONS §3): AI
 * products, coin sales, loans and robots. The "set a trade password first" notice when none is
 * set, the form with the caller's fields, the form's refusal, the submit button, and the confirm
 * sheet whose password refusals stay inside it (usePasswordConfirm). The fields, their checks and
 * what the sheet states are the caller's; `onSubmit` runs its checks and calls `sheet.show()`.
 */
export function PasswordForm({
  sheet,
  onSubmit,
  noPassword,
  submit,
  errorTestId,
  confirm,
  children,
}: {
  sheet: Pick<ReturnType<typeof usePasswordConfirm>, 'open' | 'busy' | 'formError' | 'sheetError' | 'close'>;
  onSubmit: () => void;
  /** Shown when the profile has no trade password (useNoTradePassword); the submit is disabled meanwhile. */
  noPassword: NoticeProps;
  submit: { label: string; testId: string; disabled?: boolean };
  errorTestId: string;
  confirm: PasswordSheet;
  children: ReactNode;
}) {
  const passwordMissing = useNoTradePassword();
  return (
    <>
      {passwordMissing && <NoTradePasswordNotice {...noPassword} />}
      <AppForm onSubmit={onSubmit}>
        {children}
        <FormAlert message={sheet.formError} testId={errorTestId} />
        <SubmitButton busy={sheet.busy} disabled={passwordMissing || submit.disabled} testId={submit.testId}>
          {submit.label}
        </SubmitButton>
      </AppForm>
      {sheet.open && (
        <PasswordConfirmSheet
          title={confirm.title}
          rows={confirm.rows}
          costs={confirm.costs}
          password={{ label: confirm.passwordLabel, hint: confirm.passwordHint }}
          tone="buy"
          confirmLabel={confirm.confirmLabel}
          sheet={sheet}
          onConfirm={confirm.onConfirm}
          testId={confirm.testId}
        />
      )}
    </>
  );
}
