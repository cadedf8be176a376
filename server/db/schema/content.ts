import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES } from '../../../domain/protocol/account';
import { users } from './users';
import { createdAt, rowId } from './columns';
import { parentRef, userRef } from './user-ref';

/** Text in each language we ship: `{ "tr-TR": "…", "en-US": "…" }`. */
export type LocalizedText = Partial<Record<'tr-TR' | 'en-US', string>>;

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();

/** Notices: platform-wide (userId null) or to one user. */
export const notices = pgTable(
  'notices',
  {
    id: rowId(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    title: localized('title'),
    body: localized('body'),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: userRef(),
    noticeId: parentRef('notice_id', () => notices.id),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/** News articles; `body` is stored HTML, sanitized again on the client with DOMPurify. */
export const news = pgTable(
  'news',
  {
    id: rowId(),
    title: localized('title'),
    summary: localized('summary'),
    body: localized('body'),
    source: text('source').notNull().default('Seans'),
    imageUrl: text('image_url').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

/** Home banners. */
export const ads = pgTable('ads', {
  id: rowId(),
  title: localized('title'),
  imageUrl: text('image_url').notNull(),
  /** An in-app route or an https URL. */
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Long texts by key (companyIntroduction, privacyPolicy, disclaimer…), per language. */
export const props = pgTable(
  'props',
  {
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    value: text('value').notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.locale] })],
);

/** Message centre: personal (userId set) and platform (userId null) messages. */
export const messages = pgTable(
  'messages',
  {
    id: rowId(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    /**
     * The account a message is about (a demo order's fill is news in the demo inbox only); null
     * for what concerns the person whichever account they look at (KYC, funding, the operator).
     */
    accountType: text('account_type', { enum: ACCOUNT_TYPES }),
    /** personal | platform */
    kind: text('kind').notNull(),
    title: localized('title'),
    body: localized('body'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    userId: userRef(),
    messageId: parentRef('message_id', () => messages.id),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);
