import { z } from 'zod';
import { oneOf, rowId } from '../../domain/validation/fields';
import { sendMessage, sendNotice } from '../content/send';
import type { LocalizedText } from '../db/schema/content';
import { defineOperatorRoute } from './define';

/** Texts as the CLI sends them; sendNotice/sendMessage check length and characters. */
const texts = {
  titleTr: z.string().optional(),
  titleEn: z.string().optional(),
  bodyTr: z.string().optional(),
  bodyEn: z.string().optional(),
};

function localized(tr: string | undefined, en: string | undefined): LocalizedText {
  return { ...(tr ? { 'tr-TR': tr } : {}), ...(en ? { 'en-US': en } : {}) };
}

/** Operator commands that tell users something: notices and message-centre messages. */
export const operatorContentRoutes = [
  defineOperatorRoute({
    path: 'notice-send',
    action: 'notice.send',
    input: z.object({ ...texts, userId: rowId.optional(), pinned: oneOf(['1']).optional() }),
    target: (input) => (input.userId === undefined ? 'platform' : String(input.userId)),
    run: async ({ db, input }) => ({
      id: await sendNotice(db, {
        userId: input.userId ?? null,
        title: localized(input.titleTr, input.titleEn),
        body: localized(input.bodyTr, input.bodyEn),
        pinned: input.pinned === '1',
      }),
    }),
  }),
  defineOperatorRoute({
    path: 'message-send',
    action: 'message.send',
    input: z.object({ ...texts, userId: rowId.optional() }),
    target: (input) => (input.userId === undefined ? 'platform' : String(input.userId)),
    run: async ({ db, input }) => ({
      id: await sendMessage(db, {
        userId: input.userId ?? null,
        title: localized(input.titleTr, input.titleEn),
        body: localized(input.bodyTr, input.bodyEn),
      }),
    }),
  }),
];
