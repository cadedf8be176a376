import { z } from 'zod';
import { endpoint } from '../endpoint';
import { codeSendSchema, loginSchema, passwordResetSchema, registerSchema } from '../../validation/account';
import { codeSentSchema, loginAnswerSchema } from '../account';

export const authEndpoints = {
  commonCodeSend: endpoint({
    method: 'POST',
    path: '/common/code/send',
    auth: 'none',
    input: codeSendSchema,
    output: codeSentSchema,
  }),
  userRegister: endpoint({
    method: 'POST',
    path: '/user/register',
    auth: 'none',
    input: registerSchema,
    output: loginAnswerSchema,
  }),
  userLogin: endpoint({
    method: 'POST',
    path: '/user/login',
    auth: 'none',
    input: loginSchema,
    output: loginAnswerSchema,
  }),
  userLogout: endpoint({
    method: 'POST',
    path: '/user/logout',
    auth: 'user',
    input: z.object({}),
    output: z.object({}),
  }),
  userPasswordReset: endpoint({
    method: 'POST',
    path: '/user/password/reset',
    auth: 'none',
    input: passwordResetSchema,
    output: z.object({}),
  }),
};
