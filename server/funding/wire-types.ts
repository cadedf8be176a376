import type { z } from 'zod';
import type { bankAddRequestSchema } from '../../domain/protocol/funding';

/** The parsed (output) forms of the wire's requests, as the handlers receive them. */
export type BankAddRequestParsed = z.output<typeof bankAddRequestSchema>;
