import { codeSendSchema } from '../../../domain/validation/account';
import type { ZodForm } from '../../components/form/use-zod-form';
import { sendCode } from '../../components/form/send-code';

/**
 * Asks for a verification code to the identity typed into `form`: checked on the client first
 * (so a malformed address costs no round trip).
 */
export async function requestCode(
  form: ZodForm,
  purpose: 'register' | 'reset',
  sentText: string,
): Promise<number | null> {
  if (form.check(codeSendSchema, { ...form.raw(), purpose }) === null) return null;
  return sendCode(
    form,
    {
      accountKind: form.values.accountKind === 'phone' ? 'phone' : 'email',
      account: form.values.account ?? '',
      areaCode: form.values.areaCode ?? '',
      purpose,
    },
    sentText,
  );
}
