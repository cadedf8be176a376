import { sendMessage } from '../../content/send';
import type { Db } from '../../db/client';

/** What happened to a commitment, told in both languages as plain facts (DECISIONS §2). */
export type IcoNews =
  | {
      kind: 'allocated';
      token: string;
      tokens: string;
      spent: string;
      refund: string;
      refundAt: string;
      listingAt: string;
    }
  | { kind: 'none'; token: string; refund: string; refundAt: string }
  | { kind: 'credited'; token: string; tokens: string };

function texts(n: IcoNews) {
  const title = { 'tr-TR': `${n.token} coin satışı sonucu`, 'en-US': `${n.token} coin sale result` };
  switch (n.kind) {
    case 'allocated':
      return {
        title,
        body: {
          'tr-TR': `${n.token} satışından ${n.tokens} ${n.token} aldınız; ${n.spent} USDT ödendi. Kalan ${n.refund} USDT ${n.refundAt} tarihinde iade edilir, tokenlar ${n.listingAt} tarihinde hesabınıza geçer.`,
          'en-US': `You were allocated ${n.tokens} ${n.token}; ${n.spent} USDT was spent. The remaining ${n.refund} USDT is refunded on ${n.refundAt}; the tokens are credited on ${n.listingAt}.`,
        },
      };
    case 'none':
      return {
        title,
        body: {
          'tr-TR': `${n.token} satışından token alamadınız. Bloke edilen ${n.refund} USDT ${n.refundAt} tarihinde iade edilir.`,
          'en-US': `You were not allocated any ${n.token}. The ${n.refund} USDT held is refunded on ${n.refundAt}.`,
        },
      };
    case 'credited':
      return {
        title: { 'tr-TR': `${n.token} listelendi`, 'en-US': `${n.token} is listed` },
        body: {
          'tr-TR': `${n.tokens} ${n.token} coin hesabınıza geçti.`,
          'en-US': `${n.tokens} ${n.token} was credited to your coin account.`,
        },
      };
  }
}

export async function tellIcoUser(db: Db, userId: bigint, news: IcoNews): Promise<void> {
  await sendMessage(db, { userId, ...texts(news) });
}
