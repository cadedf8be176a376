import { z } from 'zod';

/** WebSocket path (DECISIONS §4): public market channels need no auth, private ones `{op:"auth"}` first. */
export const WS_PATH = '/ipxtrg-api/ws';

const clientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ping'), ts: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  { op: 'pong'; ts: number } | { op: 'error'; key: 'MALFORMED_REQUEST'; msg: string };

/** Reads one client frame; throws on anything that is not a known message. */
export function parseClientMessage(frame: string): ClientMessage {
  return clientMessageSchema.parse(JSON.parse(frame));
}
