import { passkeyEndpoints } from '../../domain/protocol/endpoints/passkeys';
import { logInWithPasskey, loginOptions } from '../auth/passkeys/login';
import { registerPasskey, registrationOptions } from '../auth/passkeys/register';
import { deletePasskey, passkeyOf, userPasskeys } from '../auth/passkeys/store';
import { implementAll } from '../http/route';

export const passkeyRoutes = implementAll(passkeyEndpoints, 'auth', {
  registerOptions: {
    summary: 'Starts adding a passkey: WebAuthn creation options with a single-use challenge',
    handler: async ({ db, config, session, trading }) =>
      registrationOptions(db, config.security, session.userId, trading.clock.now()),
  },
  register: {
    summary: "Adds the passkey whose attestation answers the user's own live challenge",
    handler: async ({ db, config, session, input, trading }) =>
      registerPasskey(db, config.security.passkeys, session.userId, input, trading.clock.now()),
  },
  loginOptions: {
    summary: 'Starts a passkey sign-in: WebAuthn request options with a single-use challenge',
    handler: async ({ db, config, req, trading }) =>
      loginOptions(db, config.security, req.ip, trading.clock.now()),
  },
  login: {
    summary: 'Signs in with a passkey: the same tokens and profile as POST /user/login',
    handler: async ({ db, config, req, input, trading }) =>
      logInWithPasskey(db, config.security, input, req.ip, trading.clock.now()),
  },
  list: {
    summary: "The signed-in user's passkeys: name, when added, when last used",
    handler: async ({ db, session }) => ({ list: (await userPasskeys(db, session.userId)).map(passkeyOf) }),
  },
  delete: {
    summary: "Removes one of the signed-in user's passkeys",
    handler: async ({ db, session, input }) => {
      await deletePasskey(db, session.userId, input.id);
      return {};
    },
  },
});
