import type { LoginAnswer } from '../../../domain/protocol/account';
import { codeSendSchema } from '../../../domain/validation/account';
import type { ZodForm } from '../../components/form/use-zod-form';
import { navigate } from '../../routes/navigation';
import { signIn } from '../../state/account';
import { readStored, writeStored } from '../../state/persisted';

/**
 * A successful login or registration: store the session, remember the area code for next time,
 * and leave the sign-in screens without a way back into them: to the screen the guard sent the
 * user from when there was one (the login screen passes it), else the stored systemRouter.
 */
export function finishSignIn(
  answer: LoginAnswer,
  identity: { accountKind: string; areaCode: string },
  destination: string = readStored('systemRouter'),
): void {
  signIn(answer);
  if (identity.accountKind === 'phone') writeStored('areaCode', identity.areaCode);
  navigate(destination, { replace: true });
}

/** Values every identity form starts with: email, and the area code used last. */
export function identityDefaults(): { accountKind: string; account: string; areaCode: string } {
  return { accountKind: 'email', account: '', areaCode: readStored('areaCode') };
}

/** `{{field}}` of the account's messages names what the user actually sees: email or phone. */
export function identityLabels(
  t: (key: 'fields.email' | 'fields.phone') => string,
): (values: Record<string, string>) => Record<string, string> {
  return (values) => ({ account: t(values.accountKind === 'phone' ? 'fields.phone' : 'fields.email') });
}

/**
 * The identity check on its own. The domain schemas check the account's format after the other
 * fields pass (in a transform), so running it first shows every problem of the form at once.
 */
export function checkIdentity(form: ZodForm): boolean {
  return form.check(codeSendSchema, { ...form.raw(), purpose: 'register' }) !== null;
}
