import { authEndpoints } from '../../../domain/protocol/endpoints/auth';
import { call, type CallInput } from '../../api/call';
import { showToast } from '../../services/toast';
import type { ZodForm } from './use-zod-form';

/**
 * Sends a verification code as `input` says (to whom, for what): a toast says it was sent, a
 * refusal is placed on the form's fields. Resolves with the seconds until another may be asked
 * for, or null when none was sent.
 */
export async function sendCode(
  form: ZodForm,
  input: CallInput<typeof authEndpoints.sendCode>,
  sentText: string,
): Promise<number | null> {
  try {
    const { resendAfterSeconds } = await call(authEndpoints.sendCode, input, { silent: true });
    showToast(sentText);
    return resendAfterSeconds;
  } catch (error) {
    form.placeServerError(error);
    return null;
  }
}
