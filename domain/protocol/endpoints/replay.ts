import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  replayCancelSchema,
  replayControlSchema,
  replayEndAnswerSchema,
  replayIdSchema,
  replayListAnswerSchema,
  replayOrderSchema,
  replayStartSchema,
  replayStateSchema,
} from '../replay';

/**
 * (added, wave 4) Replays of a recorded session with a paper account of their own
 * (server/replay): every call but the list answers the replay's state, frames included.
 */
export const replayEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/user/replay/list',
    auth: 'user',
    input: z.object({}),
    output: replayListAnswerSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/user/replay/start',
    auth: 'user',
    input: replayStartSchema,
    output: replayStateSchema,
  }),
  control: endpoint({
    method: 'POST',
    path: '/user/replay/control',
    auth: 'user',
    input: replayControlSchema,
    output: replayStateSchema,
  }),
  state: endpoint({
    method: 'POST',
    path: '/user/replay/state',
    auth: 'user',
    input: replayIdSchema,
    output: replayStateSchema,
  }),
  addOrder: endpoint({
    method: 'POST',
    path: '/user/replay/order/add',
    auth: 'user',
    input: replayOrderSchema,
    output: replayStateSchema,
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/user/replay/order/cancel',
    auth: 'user',
    input: replayCancelSchema,
    output: replayStateSchema,
  }),
  end: endpoint({
    method: 'POST',
    path: '/user/replay/end',
    auth: 'user',
    input: replayIdSchema,
    output: replayEndAnswerSchema,
  }),
};
