import { z } from 'zod';
import { endpoint } from '../endpoint';
import { loginInfoRoute } from './first-load';
import {
  autoApplySchema,
  emailChangeSchema,
  passwordChangeSchema,
  pinChangeSchema,
} from '../../validation/account';
import { userProfileSchema } from '../account';
import { loginInfoSchema } from '../user';
import { oneOf, text } from '../../validation/fields';

/** The profile settings a user changes without any further proof. */
const profileUpdateSchema = z.object({
  nickname: text({ max: 32 }).optional(),
  confirmOrdersWithTradePassword: oneOf(['0', '1']).optional(),
});

export const userEndpoints = {
  loginInfo: endpoint({
    ...loginInfoRoute,
    auth: 'user',
    input: z.object({}),
    output: loginInfoSchema,
  }),
  info: endpoint({
    method: 'POST',
    path: '/user/info',
    auth: 'user',
    input: z.object({}),
    output: userProfileSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/user/update',
    auth: 'user',
    input: profileUpdateSchema,
    output: userProfileSchema,
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/user/update/password',
    auth: 'user',
    input: passwordChangeSchema,
    output: z.object({}),
  }),
  updateEmail: endpoint({
    method: 'POST',
    path: '/user/update/email',
    auth: 'user',
    input: emailChangeSchema,
    output: userProfileSchema,
  }),
  updateAutoApply: endpoint({
    method: 'POST',
    path: '/user/update/autoapply',
    auth: 'user',
    input: autoApplySchema,
    output: userProfileSchema,
  }),
  /** (added) Set or change the 6-digit trade password. */
  updateTradePassword: endpoint({
    method: 'POST',
    path: '/user/update/tradepwd',
    auth: 'user',
    input: pinChangeSchema('trade'),
    output: userProfileSchema,
  }),
  /** (added) Set or change the 6-digit withdrawal password. */
  updateWithdrawPassword: endpoint({
    method: 'POST',
    path: '/user/update/withdrawpwd',
    auth: 'user',
    input: pinChangeSchema('withdraw'),
    output: userProfileSchema,
  }),
};
