import { z } from 'zod';
import { ALERT_KINDS, MOVE_WINDOWS } from '../alerts/kinds';
import { decimal, oneOf, symbolField } from '../validation/fields';
import type { ErrorKey } from './error-keys';

const err = (key: ErrorKey) => ({ error: key });

/** `threshold` a price (above, below) or a percent; `window` minutes for `move`. */
export const alertAddSchema = z
  .object({
    symbol: symbolField,
    kind: oneOf(ALERT_KINDS),
    threshold: decimal({ maxLength: 30 }),
    period: oneOf(MOVE_WINDOWS.map(String) as ['5', '15', '60']).optional(),
  })
  .refine((v) => v.kind !== 'move' || v.period !== undefined, {
    ...err('FIELD_REQUIRED'),
    path: ['period'],
  });

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
  /** A conditional order fired, was refused at its trigger or expired. */
  conditional: z.boolean(),
  quietFrom: z.string().nullable(),
  quietTo: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a notification can be about (the user's choices), as `tell` lists them: "price,risk". */
export const TELL_CHOICES = ['price', 'move', 'risk', 'conditional'] as const;

const browserSubscription = z.object({
  endpoint: z.string().min(1).max(1000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});

/**
 * `subscription`, the browser's PushSubscription as JSON (its
 * toJSON(): endpoint and keys), absent to change only the choices; `tell`, what to be told of
 * (the choices left out are off; absent, unchanged); `from`, `to`, quiet hours ("" for none).
 */
export const pushSubscribeSchema = z
  .object({
    subscription: z
      .string(err('FIELD_INVALID_TYPE'))
      .max(2000, err('FIELD_TOO_LONG'))
      .transform((text, ctx) => {
        try {
          const parsed = browserSubscription.safeParse(JSON.parse(text));
          if (parsed.success)
            return {
              endpoint: parsed.data.endpoint,
              p256dh: parsed.data.keys.p256dh,
              auth: parsed.data.keys.auth,
            };
        } catch {
          // Not JSON: the same refusal as a JSON of the wrong shape.
        }
        ctx.addIssue({ code: 'custom', message: 'PUSH_SUBSCRIPTION_INVALID' });
        return z.NEVER;
      })
      .optional(),
    tell: z
      .string(err('FIELD_INVALID_TYPE'))
      .max(40, err('FIELD_TOO_LONG'))
      .refine(
        (s) => s === '' || s.split(',').every((c) => (TELL_CHOICES as readonly string[]).includes(c)),
        err('FIELD_INVALID'),
      )
      .optional(),
    from: clockTime.optional(),
    to: clockTime.optional(),
  })
  .refine(
    (v) =>
      (v.from === undefined) === (v.to === undefined) &&
      (v.from === '') === (v.to === '') &&
      (v.from === '' || v.from === undefined || v.from !== v.to),
    { ...err('PUSH_QUIET_HOURS_INVALID'), path: ['from'] },
  );

/** The browser's subscription as JSON (its endpoint is enough); absent, all. */
export const pushUnsubscribeSchema = z.object({
  subscription: z
    .string(err('FIELD_INVALID_TYPE'))
    .max(2000, err('FIELD_TOO_LONG'))
    .transform((text, ctx) => {
      try {
        const parsed = z.object({ endpoint: z.string().min(1).max(1000) }).safeParse(JSON.parse(text));
        if (parsed.success) return { endpoint: parsed.data.endpoint };
      } catch {
        // Not JSON: refused below.
      }
      ctx.addIssue({ code: 'custom', message: 'PUSH_SUBSCRIPTION_INVALID' });
      return z.NEVER;
    })
    .optional(),
});

/**
 * A subscription the broker stopped pushing to after its push service refused `failures` sends in
 * a row (`lastStatus` the last answer's HTTP status, 0 for none): the notifications screen tells
 * the user, until they turn notifications on again.
 */
export const pushStoppedSchema = z.object({
  endpoint: z.string(),
  failures: z.number(),
  lastStatus: z.number(),
  at: z.number(),
});
export type PushStopped = z.infer<typeof pushStoppedSchema>;

export const pushKeySchema = z.object({
  publicKey: z.string(),
  settings: notificationSettingsSchema,
  stopped: pushStoppedSchema.nullable(),
});
