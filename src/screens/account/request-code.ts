import { codeSendSchema } from '../../../domain/validation/account';
import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call } from '../../api/call';
import type { ZodForm } from '../../components/form/use-zod-form';
import { showToast } from '../../services/toast';

/**
 * Asks for a verification code to the identity typed into `form`: checked on the client first
 * (so a malformed address costs no round trip), a refusal placed on the form's fields. Resolves
 * with the seconds until another may be asked for, or null when none was sent.
 */
export async function requestCode(
  form: ZodForm,
  purpose: 'register' | 'reset',
  sentText: string,
): Promise<number | null> {
  if (form.check(codeSendSchema, { ...form.raw(), purpose }) === null) return null;
  try {
    const { resendAfterSeconds } = await call(
      authEndpoints.sendCode,
      {
        accountKind: form.values.accountKind === 'phone' ? 'phone' : 'email',
        account: form.values.account ?? '',
        areaCode: form.values.areaCode ?? '',
        purpose,
      },
      { silent: true },
    );
    showToast(sentText);
    return resendAfterSeconds;
  } catch (error) {
    form.placeServerError(error);
    return null;
  }
}
