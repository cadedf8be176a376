import { amountsIn } from '../../content/amounts';
import { sendMessage } from '../../content/send';
import type { Db } from '../../db/client';
import type { NewsReader } from '../lifecycle/locked-step';
import type { Day } from '../ipo/notify';

/** What happened to a commitment, told in both languages as plain facts (DECISIONS §2). */
export type IcoNews =
  | {
      kind: 'allocated';
      token: string;
      tokens: string;
      spent: string;
      refund: string;
      refundAt: Day;
      listingAt: Day;
    }
  | { kind: 'none'; token: string; refund: string; refundAt: Day }
  | { kind: 'credited'; token: string; tokens: string };

// Amounts as each language's screens show them: "123,45 USDT" / "123.45 USDT", "2.469 LUMA".
const tr = amountsIn('tr-TR');
const en = amountsIn('en-US');
/** Tokens keep every decimal of their scale (at most 18), none added. */
const TOKENS = { decimals: 18, minDecimals: 0 };

function texts(n: IcoNews) {
  const title = { 'tr-TR': `${n.token} coin satışı sonucu`, 'en-US': `${n.token} coin sale result` };
  switch (n.kind) {
    case 'allocated':
      return {
        title,
        body: {
          'tr-TR': `${n.token} satışından ${tr(n.tokens, n.token, TOKENS)} aldınız; ${tr(n.spent, 'USDT')} ödendi. Kalan ${tr(n.refund, 'USDT')} ${n.refundAt['tr-TR']} tarihinde iade edilir, tokenlar ${n.listingAt['tr-TR']} tarihinde hesabınıza geçer.`,
          'en-US': `You were allocated ${en(n.tokens, n.token, TOKENS)}; ${en(n.spent, 'USDT')} was spent. The remaining ${en(n.refund, 'USDT')} is refunded on ${n.refundAt['en-US']}; the tokens are credited on ${n.listingAt['en-US']}.`,
        },
      };
    case 'none':
      return {
        title,
        body: {
          'tr-TR': `${n.token} satışından token alamadınız. Bloke edilen ${tr(n.refund, 'USDT')} ${n.refundAt['tr-TR']} tarihinde iade edilir.`,
          'en-US': `You were not allocated any ${n.token}. The ${en(n.refund, 'USDT')} held is refunded on ${n.refundAt['en-US']}.`,
        },
      };
    case 'credited':
      return {
        title: { 'tr-TR': `${n.token} listelendi`, 'en-US': `${n.token} is listed` },
        body: {
          'tr-TR': `${tr(n.tokens, n.token, TOKENS)} coin hesabınıza geçti.`,
          'en-US': `${en(n.tokens, n.token, TOKENS)} was credited to your coin account.`,
        },
      };
  }
}

export async function tellIcoUser(db: Db, to: NewsReader, news: IcoNews): Promise<void> {
  await sendMessage(db, { userId: to.userId, accountType: to.accountType, ...texts(news) });
}
