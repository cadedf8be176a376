import { passkeyEndpoints } from '../../domain/protocol/endpoints/passkeys';
import type { LoginAnswer } from '../../domain/protocol/account';
import type { Passkey } from '../../domain/protocol/passkeys';
import { call, type CallInput, type CallOutput } from './call';
import type { RequestOptions } from './request';

/**
 * Passkey calls. The screens show refusals themselves (inline or as a toast), so they ask for
 * silence; a ceremony's two halves are joined in src/services/passkeys.ts.
 */
const QUIET: RequestOptions = { silent: true };

export type RegistrationOptions = CallOutput<typeof passkeyEndpoints.registerOptions>;
export type AuthenticationOptions = CallOutput<typeof passkeyEndpoints.loginOptions>;

export function passkeyRegistrationOptions(): Promise<RegistrationOptions> {
  return call(passkeyEndpoints.registerOptions, {}, QUIET);
}

export function registerPasskey(answer: CallInput<typeof passkeyEndpoints.register>): Promise<Passkey> {
  return call(passkeyEndpoints.register, answer, QUIET);
}

export function passkeyLoginOptions(): Promise<AuthenticationOptions> {
  return call(passkeyEndpoints.loginOptions, {}, QUIET);
}

export function loginWithPasskey(answer: CallInput<typeof passkeyEndpoints.login>): Promise<LoginAnswer> {
  return call(passkeyEndpoints.login, answer, QUIET);
}

export async function listPasskeys(): Promise<Passkey[]> {
  return (await call(passkeyEndpoints.list, {}, QUIET)).list;
}

export async function deletePasskey(id: string): Promise<void> {
  await call(passkeyEndpoints.delete, { id }, QUIET);
}
