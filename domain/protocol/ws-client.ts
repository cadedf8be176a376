import { z } from 'zod';
import { PRIVATE_CHANNELS, PUBLIC_CHANNELS } from './ws';

/**
 * Client frames of the WebSocket protocol (./ws.ts), checked with zod. Apart from ./ws.ts because
 * only the server reads them: the worker imports ./ws.ts's constants and must not carry zod.
 */
const symbolField = z
  .string()
  .min(1)
  .max(20)
  .regex(/^[A-Z0-9]+$/);

const clientMessageSchema = z.union([
  z.object({ op: z.literal('ping'), ts: z.number().optional() }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.object({ op: z.enum(['sub', 'unsub']), ch: z.enum(PUBLIC_CHANNELS), symbol: symbolField }),
  z.object({ op: z.enum(['sub', 'unsub']), ch: z.enum(PRIVATE_CHANNELS) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Reads one client frame; throws on anything that is not a known message. */
export function parseClientMessage(frame: string): ClientMessage {
  return clientMessageSchema.parse(JSON.parse(frame));
}
