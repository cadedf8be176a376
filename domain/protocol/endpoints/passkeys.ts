import { z } from 'zod';
import { endpoint } from '../endpoint';
import { loginAnswerSchema } from '../account';
import {
  authenticationOptionsSchema,
  passkeyLoginSchema,
  passkeyRegisterSchema,
  passkeySchema,
  registrationOptionsSchema,
} from '../passkeys';
import { idRequestSchema } from '../../validation/fields';

/**
 * Passkeys: adding one needs the signed-in user; signing in with one gives the same session as
 * the password does. Each ceremony starts with its options (a fresh, single-use challenge).
 */
export const passkeyEndpoints = {
  registerOptions: endpoint({
    method: 'POST',
    path: '/user/passkey/register/options',
    auth: 'user',
    input: z.object({}),
    output: registrationOptionsSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/user/passkey/register',
    auth: 'user',
    input: passkeyRegisterSchema,
    output: passkeySchema,
  }),
  loginOptions: endpoint({
    method: 'POST',
    path: '/user/passkey/login/options',
    auth: 'none',
    input: z.object({}),
    output: authenticationOptionsSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/user/passkey/login',
    auth: 'none',
    input: passkeyLoginSchema,
    output: loginAnswerSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/user/passkey/list',
    auth: 'user',
    input: z.object({}),
    output: z.object({ list: z.array(passkeySchema) }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/user/passkey/delete',
    auth: 'user',
    input: idRequestSchema,
    output: z.object({}),
  }),
};
