import { z } from 'zod';
import { ALERT_KINDS, MOVE_WINDOWS } from '../alerts/kinds';
import { decimal, oneOf, paging, rowId, symbolField } from '../validation/fields';
import type { ErrorKey } from './error-keys';

const err = (key: ErrorKey) => ({ error: key });

/** POST /user/alert/add: `threshold` a price (above, below) or a percent; `window` minutes for `move`. */
export const alertAddSchema = z
  .object({
    symbol: symbolField,
    kind: oneOf(ALERT_KINDS),
    threshold: decimal({ maxLength: 30 }),
    window: oneOf(MOVE_WINDOWS.map(String) as ['5', '15', '60']).optional(),
  })
  .refine((v) => v.kind !== 'move' || v.window !== undefined, {
    ...err('FIELD_REQUIRED'),
    path: ['window'],
  });

export const alertListSchema = z.object(paging);
export const alertDeleteSchema = z.object({ id: rowId });

/** An alert on the wire: `armed` false while a fired alert waits to re-arm. */
export const alertSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(ALERT_KINDS),
  threshold: z.string(),
  windowMinutes: z.number().nullable(),
  armed: z.boolean(),
  firedCount: z.number(),
  lastFiredAt: z.number().nullable(),
  createdAt: z.number(),
});
export type AlertRow = z.infer<typeof alertSchema>;

/** Minutes after midnight, Istanbul time, as "HH:MM"; empty for none. */
const clockTime = z
  .string(err('FIELD_INVALID_TYPE'))
  .regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, err('FIELD_INVALID'));

/**
 * What the user wants to be told of, and when not to be disturbed: both quiet-hour ends or
 * neither. Quiet hours hold back pushes only; an open app still shows what fired.
 */
export const notificationSettingsSchema = z.object({
  price: z.boolean(),
  move: z.boolean(),
  risk: z.boolean(),
  quietFrom: z.string().nullable(),
  quietTo: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * POST /user/push/subscribe: the browser's subscription (all three fields, or none to change
 * only the choices), and the choices it sends.
 */
export const pushSubscribeSchema = z
  .object({
    endpoint: z.string(err('FIELD_INVALID_TYPE')).max(1000, err('FIELD_TOO_LONG')).optional(),
    p256dh: z.string(err('FIELD_INVALID_TYPE')).max(200, err('FIELD_TOO_LONG')).optional(),
    auth: z.string(err('FIELD_INVALID_TYPE')).max(100, err('FIELD_TOO_LONG')).optional(),
    price: oneOf(['0', '1']).optional(),
    move: oneOf(['0', '1']).optional(),
    risk: oneOf(['0', '1']).optional(),
    quietFrom: clockTime.optional(),
    quietTo: clockTime.optional(),
  })
  .refine(
    (v) =>
      [v.endpoint, v.p256dh, v.auth].every((x) => x === undefined) ||
      [v.endpoint, v.p256dh, v.auth].every((x) => x !== undefined),
    { ...err('PUSH_SUBSCRIPTION_INVALID'), path: ['endpoint'] },
  )
  .refine(
    (v) =>
      (v.quietFrom === undefined) === (v.quietTo === undefined) &&
      (v.quietFrom === '') === (v.quietTo === '') &&
      (v.quietFrom === '' || v.quietFrom === undefined || v.quietFrom !== v.quietTo),
    { ...err('PUSH_QUIET_HOURS_INVALID'), path: ['quietFrom'] },
  );

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string(err('FIELD_INVALID_TYPE')).max(1000, err('FIELD_TOO_LONG')).optional(),
});

export const pushKeySchema = z.object({ publicKey: z.string(), settings: notificationSettingsSchema });

/**
 * The `alerts` private channel: an alert fired. Enough for a banner without a read; `price` is
 * the price that crossed (price kinds) and `figure` the percent that did (the others).
 */
export type AlertFired = {
  id: string;
  symbol: string;
  kind: (typeof ALERT_KINDS)[number];
  threshold: string;
  figure: string;
  t: number;
};

export function parseAlertFired(data: unknown): AlertFired | null {
  if (typeof data !== 'object' || data === null) return null;
  const v = data as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.symbol !== 'string') return null;
  if (typeof v.kind !== 'string' || !(ALERT_KINDS as readonly string[]).includes(v.kind)) return null;
  if (typeof v.threshold !== 'string' || typeof v.figure !== 'string' || typeof v.t !== 'number') return null;
  return {
    id: v.id,
    symbol: v.symbol,
    kind: v.kind as AlertFired['kind'],
    threshold: v.threshold,
    figure: v.figure,
    t: v.t,
  };
}
