import { z } from 'zod';
import { endpoint } from '../endpoint';
import { logoutRoute } from './first-load';
import { codeSendSchema, loginSchema, passwordResetSchema, registerSchema } from '../../validation/account';
import { codeSentSchema, loginAnswerSchema } from '../account';

export const authEndpoints = {
  sendCode: endpoint({
    method: 'POST',
    path: '/common/code/send',
    auth: 'none',
    input: codeSendSchema,
    output: codeSentSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/user/register',
    auth: 'none',
    input: registerSchema,
    output: loginAnswerSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/user/login',
    auth: 'none',
    input: loginSchema,
    output: loginAnswerSchema,
  }),
  logout: endpoint({
    ...logoutRoute,
    auth: 'user',
    input: z.object({}),
    output: z.object({}),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/user/password/reset',
    auth: 'none',
    input: passwordResetSchema,
    output: z.object({}),
  }),
};
