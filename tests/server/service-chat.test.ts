import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateMessage } from '../../domain/protocol/ws';
import type { ServiceMessage } from '../../domain/protocol/service-chat';
import { serviceImages, serviceMessages } from '../../server/db/schema/service-chat';
import { operatorAudit } from '../../server/db/schema/system';
import { parseCommand } from '../../server/operator/cli-commands';
import { dbTargets } from '../support/server';
import { openSocket, type WsClient } from '../support/ws-client';
import { investor, ipoWorld, type Investor, type IpoWorld } from './ipo-support';
import { gif, png } from './kyc-support';
import { operator } from './loans-support';
import { api, type Envelope } from './spot-support';

type Page = { list: ServiceMessage[]; total: number };
const MIB = 1024 * 1024;

/**
 * The built-in support chat over a real socket: the user writes, staff answer through the
 * operator route, the user's socket receives the answer, and the conversation lists both.
 */
describe.each(dbTargets())('support chat on %s', (target) => {
  let world: IpoWorld;
  let call: ReturnType<typeof api>;
  let u: Investor;
  let other: Investor;
  let socket: WsClient;
  beforeAll(async () => {
    world = await ipoWorld(target);
    call = api(world as never);
    u = await investor(world.db, '0');
    other = await investor(world.db, '0');
    socket = await openSocket(world.server.url);
    socket.send({ op: 'auth', token: u.token });
    await socket.next((f) => f.op === 'authed');
    socket.send({ op: 'sub', ch: 'messages' });
    await socket.next((f) => f.op === 'subscribed');
  });
  afterAll(async () => {
    await socket?.close();
    await world?.close();
  });

  const pushed = () =>
    socket.next(
      (f): f is PrivateMessage => f.op === 'private' && f.ch === 'messages',
    ) as Promise<PrivateMessage>;
  const state = async (userId: bigint) => {
    const [m] = await world.db
      .select({ n: count() })
      .from(serviceMessages)
      .where(eq(serviceMessages.userId, userId));
    const [i] = await world.db
      .select({ n: count() })
      .from(serviceImages)
      .where(eq(serviceImages.userId, userId));
    return { messages: m?.n ?? 0, images: i?.n ?? 0 };
  };
  async function upload(fields: Record<string, string>, image?: Buffer, lang = 'en-US'): Promise<Envelope> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (image) form.set('image', new Blob([new Uint8Array(image)]), 'photo.png');
    const res = await fetch(world.server.api('/user/service/send'), {
      method: 'POST',
      headers: { accesstoken: u.token, 'Accept-Language': lang },
      body: form,
    });
    return (await res.json()) as Envelope;
  }

  it('a message round trip: user sends, staff reply, the socket delivers, the list has both', async () => {
    const sent = await call.post<ServiceMessage>('/user/service/send', u.token, {
      text: '  Kredi tutarı hakkında  ',
    });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ sender: 'user', text: 'Kredi tutarı hakkında', imageId: null });
    expect((await pushed()).data).toEqual({ service: sent.data });

    const reply = await operator(world, 'chat-reply', {
      userId: String(u.userId),
      text: 'Merhaba, yardımcı olalım.',
    });
    expect(reply.code).toBe(0);
    const frame = await pushed();
    expect(frame.data).toMatchObject({ service: { sender: 'agent', text: 'Merhaba, yardımcı olalım.' } });

    const page = await call.post<Page>('/user/service/messages', u.token, {});
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((m) => [m.sender, m.text])).toEqual([
      ['agent', 'Merhaba, yardımcı olalım.'],
      ['user', 'Kredi tutarı hakkında'],
    ]);
    // Another user sees none of it.
    expect((await call.post<Page>('/user/service/messages', other.token, {})).data.total).toBe(0);
    const chats = await operator(world, 'chats', {});
    expect(JSON.stringify(chats.data)).toContain(`"userId":"${u.userId}"`);
    const audit = await world.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'chat.reply'));
    expect(audit.at(-1)).toMatchObject({ target: `user:${u.userId}`, result: 'ok' });
  });

  it('an image attachment, served only to its owner', async () => {
    const sent = await upload({ text: '' }, png());
    expect(sent.code).toBe(0);
    const message = sent.data as unknown as ServiceMessage;
    expect(message.imageId).toMatch(/^[0-9a-f]{32}$/);
    const own = await fetch(`${world.server.api('/user/service/image')}?id=${message.imageId}`, {
      headers: { accesstoken: u.token },
    });
    expect(own.headers.get('content-type')).toBe('image/png');
    // The route's own caching stands (an image never changes), not the API's no-store.
    expect(own.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(Buffer.from(await own.arrayBuffer()).equals(png())).toBe(true);
    const theirs = await call.get('/user/service/image', other.token, { id: message.imageId! });
    expect(theirs.key).toBe('NOT_FOUND');
  });

  it('refuses bad input, localized, storing nothing', async () => {
    const before = await state(u.userId);
    const cases: [() => Promise<Envelope>, string][] = [
      [() => call.post('/user/service/send', u.token, { text: '   ' }, 'tr-TR'), 'CHAT_EMPTY'],
      [() => call.post('/user/service/send', u.token, { text: 'x'.repeat(1001) }, 'tr-TR'), 'CHAT_TOO_LONG'],
      [() => upload({ text: 'bak' }, gif(), 'tr-TR'), 'IMAGE_TYPE'],
      [() => upload({ text: 'bak' }, png(undefined, 5 * MIB + 1), 'tr-TR'), 'IMAGE_TOO_LARGE'],
    ];
    for (const [send, key] of cases) {
      const res = await send();
      expect(res.code, key).toBe(-1001);
      expect(res.key).toBe(key);
      expect(res.msg).not.toMatch(/[A-Z_]{6,}/);
    }
    const operatorRefusal = await operator(world, 'chat-reply', { userId: '999999999', text: 'hi' });
    expect(operatorRefusal.key).toBe('NOT_FOUND');
    expect(await state(u.userId)).toEqual(before);
  });

  it('a flood is refused after 20 messages a minute, the 21st not stored', async () => {
    for (let i = 1; i <= 20; i++)
      expect((await call.post('/user/service/send', other.token, { text: `#${i}` })).code).toBe(0);
    const before = await state(other.userId);
    const res = await call.post('/user/service/send', other.token, { text: '#21' }, 'tr-TR');
    expect(res.key).toBe('RATE_LIMITED');
    expect(await state(other.userId)).toEqual(before);
    world.clock.set(world.clock.now() + 61_000);
    expect((await call.post('/user/service/send', other.token, { text: '#21' })).code).toBe(0);
  });

  it('the CLI words', () => {
    expect(parseCommand(['chat', 'reply', '12', 'Merhaba, nasıl yardımcı olabilirim?'])).toMatchObject({
      path: 'chat-reply',
      fields: { userId: '12', text: 'Merhaba, nasıl yardımcı olabilirim?' },
    });
    expect(parseCommand(['chat', 'reply', '12'])).toEqual({ error: 'missing "text"' });
    expect(parseCommand(['chats', '--user', '12'])).toMatchObject({ path: 'chats', fields: { user: '12' } });
  });
});
