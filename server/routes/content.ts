import { contentEndpoints } from '../../domain/protocol/endpoints/content';
import { listAds, listNews, newsArticle, readProps } from '../content/catalog';
import { listMessages, markAllMessagesRead, markMessageRead, unreadMessageCount } from '../content/messages';
import { listPublicNotices, listUserNotices, markNoticeRead } from '../content/notices';
import { implementAll } from '../http/route';

export const contentRoutes = implementAll(contentEndpoints, 'content', {
  notices: {
    summary: 'Platform notices, pinned first, then newest first',
    handler: async ({ db, locale, input }) => listPublicNotices(db, locale, input),
  },
  userNotices: {
    summary: "Platform notices and the user's own, each with whether it was read",
    handler: async ({ db, locale, session, input }) => listUserNotices(db, session.userId, locale, input),
  },
  readNotice: {
    summary: 'Marks a notice read (idempotent); notices the user cannot see are not found',
    handler: async ({ db, session, input }) => {
      await markNoticeRead(db, session.userId, input.id);
      return { id: String(input.id), read: true as const };
    },
  },
  news: {
    summary: 'News and market-education articles, newest first',
    handler: async ({ db, locale, input }) => listNews(db, locale, input),
  },
  article: {
    summary: 'One article with its stored HTML body',
    handler: async ({ db, locale, input }) => newsArticle(db, locale, input.id),
  },
  ads: {
    summary: 'Active home banners in their configured order',
    handler: async ({ db, locale }) => listAds(db, locale),
  },
  prop: {
    summary: 'One long text (privacy policy, disclaimer…) in the caller’s language',
    handler: async ({ db, locale, input }) => {
      const [item] = await readProps(db, locale, [input.key]);
      return item ?? { key: input.key, value: '' };
    },
  },
  props: {
    summary: 'Several long texts at once (`keys` comma-separated)',
    handler: async ({ db, locale, input }) => ({ items: await readProps(db, locale, input.keys) }),
  },
  messages: {
    summary: "The user's personal and platform messages, newest first, with the unread count",
    handler: async ({ db, locale, session, input }) => listMessages(db, session, locale, input),
  },
  readMessages: {
    summary: 'Marks one message (`id`) or every message (`all=1`) read; answers the unread count',
    handler: async ({ db, session, input }) => {
      if (input.all === '1') await markAllMessagesRead(db, session);
      else if (input.id !== undefined) await markMessageRead(db, session, input.id);
      return { unread: await unreadMessageCount(db, session) };
    },
  },
});
