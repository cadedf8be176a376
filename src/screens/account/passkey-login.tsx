import '../../i18n/account';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { isApiError } from '../../api/request';
import { BusyButton, FormAlert } from '../../components/form/submit-button';
import {
  ceremonyFailure,
  preloadPasskeys,
  signInWithPasskey,
  supportsPasskeys,
} from '../../services/passkeys';
import { finishSignIn } from './after-sign-in';

/**
 * "Sign in with a passkey", under the password form: only where the browser can run WebAuthn.
 * It ends where the password path ends, with the same session and the same destination.
 */
export function PasskeyLogin({
  destination,
  onSignedIn,
}: {
  destination?: string | undefined;
  onSignedIn?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const [supported] = useState(supportsPasskeys);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (supported) void preloadPasskeys().catch(() => undefined);
  }, [supported]);

  if (!supported) return null;

  async function run() {
    setBusy(true);
    setError('');
    try {
      const answer = await signInWithPasskey();
      onSignedIn?.();
      // No account was typed: nothing of the identity form to remember.
      finishSignIn(answer, { accountKind: 'email', areaCode: '' }, destination);
    } catch (failure) {
      const kind = ceremonyFailure(failure);
      if (kind === 'cancelled') setError(t('login.passkey_cancelled'));
      else if (kind === 'unsupported') setError(t('login.passkey_unsupported'));
      else if (isApiError(failure)) setError(failure.msg);
      else setError(t('errors:PASSKEY_FAILED'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-login">
      <BusyButton
        busy={busy}
        className="button button--secondary passkey-login__button"
        testId="login-passkey"
        onClick={() => void run()}
      >
        {t('login.passkey')}
      </BusyButton>
      <FormAlert message={error} testId="login-passkey-alert" />
    </div>
  );
}
