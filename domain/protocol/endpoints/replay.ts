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
  replayStateReadSchema,
  replayStateSchema,
} from '../replay';

/**
 * (added, wave 4) Replays of a recorded session with a paper account of their own
 * (server/replay): every call but the list and the end answers the replay's state; only the state
 * read takes its frames (the market-data worker's poll, workers/replay-feed.ts).
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
    input: replayStateReadSchema,
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
