import type { LoginAnswer } from '../../../domain/protocol/account';
import { codeSendSchema } from '../../../domain/validation/account';
import type { ZodForm } from '../../components/form/use-zod-form';
import { navigate } from '../../paths/navigation';
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

type Identity = { accountKind: string; account: string; areaCode: string };

/**
 * The identity as the wire takes it: the parsed kind, but the account and area code as typed,
 * since the server parses them with the same schema.
 */
export function identityInput<K extends string>(
  data: { accountKind: K; areaCode: string },
  raw: Record<string, string>,
): { accountKind: K; account: string; areaCode: string } {
  return {
    accountKind: data.accountKind,
    account: raw.account ?? '',
    areaCode: raw.areaCode ?? data.areaCode,
  };
}

/**
 * The identity typed on login, handed to "forgot password" when its link is followed: the user
 * typed their email or phone once and should not have to again. Kept in memory only (an email in
 * the address would sit in the history and in logs), and taken once.
 */
let handedIdentity: Identity | null = null;

export function handIdentity(values: Record<string, string>): void {
  const account = (values.account ?? '').trim();
  handedIdentity =
    account === ''
      ? null
      : {
          accountKind: values.accountKind === 'phone' ? 'phone' : 'email',
          account,
          areaCode: values.areaCode ?? readStored('areaCode'),
        };
}

/** The identity handed over by the login screen, else the defaults; dropped by `dropIdentity`. */
export function handedOrDefaultIdentity(): Identity {
  return handedIdentity ?? identityDefaults();
}

/** Once the forgot-password form has read it: a later visit from elsewhere starts empty. */
export function dropIdentity(): void {
  handedIdentity = null;
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
