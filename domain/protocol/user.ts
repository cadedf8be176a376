import { z } from 'zod';
import { ID_STATUSES } from './id-status';

// Kept importable from here, where the schemas that use them are.
export { ID_STATUSES, type IdStatus } from './id-status';

/** `GET /user/login/info` answer's data (SPEC §7). `status` 0 means the user is signed out everywhere. */
export const loginInfoSchema = z.object({
  user: z.object({
    status: z.number().int(),
    id: z.string(),
    account: z.string(),
    idStatus: z.enum(ID_STATUSES),
    /**
     * The name on the verified identity, once KYC is approved: who the user is, where screens
     * greet them. Null before that; absent in older answers.
     */
    verifiedName: z.string().nullable().optional(),
  }),
  openAutoApply: z.union([z.literal(0), z.literal(1)]),
});
export type LoginInfo = z.infer<typeof loginInfoSchema>;

/** `GET /common/config` answer's data. */
export const appConfigSchema = z.object({
  sandbox: z.boolean(),
  /** Chat script URL (SPEC §3's serviceSaleSmartly); empty means the built-in chat. */
  serviceSaleSmartly: z.string(),
  appVersion: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
