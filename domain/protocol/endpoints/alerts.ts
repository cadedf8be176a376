import { z } from 'zod';
import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import { pageOf } from '../content';
import {
  alertAddSchema,
  alertSchema,
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '../alerts';

/** Price and risk alerts of the session's account, newest first. */
export const alertEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/user/alert/add',
    auth: 'user',
    input: alertAddSchema,
    output: alertSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/user/alert/list',
    auth: 'user',
    input: pageRequestSchema,
    output: pageOf(alertSchema),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/user/alert/delete',
    auth: 'user',
    input: idRequestSchema,
    output: z.object({ id: z.string(), deleted: z.boolean() }),
  }),
};

/**
 * Web Push: the server's VAPID public key with the user's choices, a browser's subscription
 * (with the choices: what to be told of, quiet hours), and its removal.
 */
export const pushEndpoints = {
  key: endpoint({
    method: 'GET',
    path: '/user/push/key',
    auth: 'user',
    input: z.object({}),
    output: pushKeySchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/user/push/subscribe',
    auth: 'user',
    input: pushSubscribeSchema,
    output: notificationSettingsSchema,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/user/push/unsubscribe',
    auth: 'user',
    input: pushUnsubscribeSchema,
    output: z.object({ removed: z.number() }),
  }),
};
