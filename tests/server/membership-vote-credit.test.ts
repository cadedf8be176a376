import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditLog, Poll } from '../../domain/protocol/membership';
import { kycSubmissions } from '../../server/db/schema/kyc';
import { pollVotes } from '../../server/db/schema/membership';
import { operatorAudit } from '../../server/db/schema/system';
import { contractPositions } from '../../server/db/schema/trading';
import { users } from '../../server/db/schema/users';
import { createPoll } from '../../server/membership/vote';
import { parseCommand } from '../../server/operator/cli-commands';
import { dbTargets } from '../support/server';
import { investor, ipoWorld, type IpoWorld, operatorCall } from './ipo-support';
import { DAY, untouchedMembership } from './membership-support';
import { api, MONDAY_NOON, type Lang } from './spot-support';

const N = MONDAY_NOON;
type Page<T> = { list: T[]; total: number };

describe('vote CLI words', () => {
  it('become operator calls', () => {
    expect(
      parseCommand(['vote', 'create', '--question', 'Soru?', '--options', 'A;B', '--closes', '2026-12-31']),
    ).toMatchObject({
      path: 'vote-create',
      fields: { questionTr: 'Soru?', optionsTr: 'A;B', closes: '2026-12-31' },
    });
    expect(parseCommand(['votes', '--limit', '5'])).toMatchObject({ path: 'votes', fields: { limit: '5' } });
    expect(parseCommand(['vote', 'create', '--question', 'Soru?'])).toEqual({ error: 'missing --options' });
    expect(parseCommand(['vote', 'delete'])).toEqual({ error: 'unknown command: vote delete' });
  });
});

describe.each(dbTargets())('polls and the credit score on %s', (target) => {
  let world: IpoWorld;
  let call: ReturnType<typeof api>;
  let pollId: string;
  let optionIds: string[];
  let closedId: string;
  beforeAll(async () => {
    world = await ipoWorld(target);
    call = api(world as never);
    const draft = (opensAt: number, closesAt: number) => ({
      questionTr: 'Hangisi?',
      questionEn: 'Which one?',
      options: [
        { tr: 'Bir', en: 'One' },
        { tr: 'İki', en: 'Two' },
        { tr: 'Üç', en: 'Three' },
      ],
      opensAt,
      closesAt,
    });
    pollId = String(await createPoll(world.db, draft(N - DAY, N + DAY), N));
    closedId = String(await createPoll(world.db, draft(N - 3 * DAY, N - DAY), N));
  });
  afterAll(async () => world?.close());

  const polls = (token: string, lang: Lang = 'en-US') =>
    call.get<Page<Poll>>('/index/vote/info', token, {}, lang);
  const vote = (token: string, fields: Record<string, string>, lang: Lang = 'en-US') =>
    call.post<Poll>('/vote', token, fields, lang);

  it('lists published polls in the caller’s language, results hidden until voted', async () => {
    world.clock.set(N);
    const u = await investor(world.db, '0');
    const tr = await polls(u.token, 'tr-TR');
    const mine = tr.data.list.find((p) => p.id === pollId);
    expect(mine).toMatchObject({
      question: 'Hangisi?',
      status: 'open',
      resultsVisible: false,
      totalVotes: null,
      myOptionId: null,
    });
    expect(mine?.options.map((o) => [o.label, o.votes])).toEqual([
      ['Bir', null],
      ['İki', null],
      ['Üç', null],
    ]);
    optionIds = mine?.options.map((o) => o.id) ?? [];
    // A closed poll shows its results to everyone.
    expect(tr.data.list.find((p) => p.id === closedId)).toMatchObject({
      status: 'closed',
      resultsVisible: true,
    });
  });

  it('counts exactly one of 20 concurrent votes of one user, across both accounts', async () => {
    world.clock.set(N);
    const u = await investor(world.db, '0');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        vote(i % 2 === 0 ? u.token : u.demo, { pollId, optionId: optionIds[i % 3] ?? '' }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.key === 'VOTE_ALREADY_CAST')).toHaveLength(19);
    const [n] = await world.db.select({ n: count() }).from(pollVotes).where(eq(pollVotes.userId, u.userId));
    expect(n?.n).toBe(1);
    const winner = answers.find((a) => a.code === 0)?.data;
    expect(winner).toMatchObject({ resultsVisible: true, totalVotes: 1 });
    expect(winner?.options.find((o) => o.id === winner.myOptionId)).toMatchObject({ votes: 1, share: '1' });
  });

  it('tallies votes with shares once the poll is seen after voting', async () => {
    world.clock.set(N);
    const v = await investor(world.db, '0');
    const w = await investor(world.db, '0');
    expect((await vote(v.token, { pollId, optionId: optionIds[1] ?? '' })).code).toBe(0);
    const answer = await vote(w.token, { pollId, optionId: optionIds[1] ?? '' });
    // 3 votes: one from the concurrency test, two here on "Two".
    expect(answer.data.totalVotes).toBe(3);
    const votes = answer.data.options.map((o) => o.votes ?? 0);
    expect(votes.reduce((a, b) => a + b, 0)).toBe(3);
    expect(votes[1]).toBeGreaterThanOrEqual(2);
    // Shares are truncated to 4 decimals: 1/3 → 0.3333, 2/3 → 0.6666.
    for (const o of answer.data.options)
      expect(o.share).toBe(
        ({ 0: '0', 1: '0.3333', 2: '0.6666', 3: '1' } as Record<number, string>)[o.votes ?? 0],
      );
  });

  it('refuses unknown polls and options, closed polls, a second vote and bad ids, changing nothing', async () => {
    world.clock.set(N);
    const u = await investor(world.db, '0');
    expect((await vote(u.token, { pollId, optionId: optionIds[0] ?? '' })).code).toBe(0);
    const other = await investor(world.db, '0');
    const closedOption =
      (await polls(other.token)).data.list.find((p) => p.id === closedId)?.options[0]?.id ?? '';
    const cases: [string, string, Record<string, string>, Lang, string, string][] = [
      [
        'unknown poll',
        other.token,
        { pollId: '999999', optionId: optionIds[0] ?? '' },
        'en-US',
        'VOTE_POLL_NOT_FOUND',
        'Poll not found.',
      ],
      [
        'foreign option',
        other.token,
        { pollId, optionId: closedOption },
        'tr-TR',
        'VOTE_OPTION_UNKNOWN',
        'Bu seçenek bu ankete ait değil.',
      ],
      [
        'closed poll',
        other.token,
        { pollId: closedId, optionId: closedOption },
        'tr-TR',
        'VOTE_POLL_CLOSED',
        'Bu anket kapandı.',
      ],
      [
        'twice',
        u.token,
        { pollId, optionId: optionIds[1] ?? '' },
        'en-US',
        'VOTE_ALREADY_CAST',
        'You have already voted in this poll.',
      ],
      ['bad id', other.token, { pollId: 'abc', optionId: '1' }, 'en-US', 'FIELD_INVALID', ''],
    ];
    for (const [name, token, fields, lang, key, msg] of cases) {
      const who = token === u.token ? u : other;
      const before = await untouchedMembership(world.db, who.userId);
      const answer = await vote(token, fields, lang);
      expect(answer, name).toMatchObject({ code: -1001, key });
      if (msg) expect(answer.msg, name).toBe(msg);
      expect(await untouchedMembership(world.db, who.userId), name).toEqual(before);
    }
  });

  it('creates and lists polls through the audited operator commands', async () => {
    const op = (path: string, fields: Record<string, string> = {}) => operatorCall(world, path, fields);
    const closes = new Date(Date.now() + 7 * DAY).toISOString();
    const created = await op('vote-create', {
      questionTr: 'Yeni soru?',
      questionEn: 'New question?',
      optionsTr: 'Evet;Hayır',
      optionsEn: 'Yes;No',
      closes,
    });
    expect(created.code, JSON.stringify(created)).toBe(0);
    expect(created.data).toMatchObject({ options: 2, closesAt: closes });
    expect(await op('vote-create', { questionTr: 'Tek?', optionsTr: 'Evet', closes })).toMatchObject({
      code: -1001,
      key: 'FIELD_INVALID',
    });
    const list = await op('votes');
    expect(list.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ question: 'Yeni soru?', results: 'Evet: 0 | Hayır: 0' }),
      ]),
    );
    const audit = await world.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(3);
    expect(audit.map((r) => r.action)).toEqual(['vote.list', 'vote.create', 'vote.create']);
  });

  it('derives the credit score from the account history by the published rule, with its change log', async () => {
    world.clock.set(N);
    const u = await investor(world.db, '0');
    const fresh = await call.post<CreditLog>('/user/point/change/log', u.token);
    expect(fresh.code, JSON.stringify(fresh)).toBe(0);
    expect(fresh.data).toMatchObject({ score: 60, total: 1, rule: { base: 60, min: 0, max: 100 } });
    expect(fresh.data.list[0]).toMatchObject({ kind: 'base', points: 60, scoreAfter: 60 });

    // Registered 65 days ago, KYC approved on day 3, one real contract liquidated on day 40,
    // one demo liquidation (ignored): 60 + 10 + 2 (day 30) − 5 (day 40) + 2 (day 60) = 69.
    const registered = N - 65 * DAY;
    await world.db
      .update(users)
      .set({ createdAt: new Date(registered) })
      .where(eq(users.id, u.userId));
    await world.db.insert(kycSubmissions).values({
      userId: u.userId,
      certType: 'id_card',
      fullName: 'Ayşe Yılmaz',
      certNumber: '10000000146',
      taxId: '1234567890',
      frontImageId: 'f',
      backImageId: 'b',
      status: 'succ',
      reviewedAt: new Date(registered + 3 * DAY),
    });
    const liquidated = (accountType: 'real' | 'demo') => ({
      userId: u.userId,
      accountType,
      symbol: 'BTCUSDT',
      side: 'long' as const,
      leverage: 10,
      qty: '0.01',
      entryPrice: '50000',
      margin: '50',
      openFee: '0.25',
      status: 'liquidated' as const,
      closeReason: 'liquidation',
      openedAt: registered + 39 * DAY,
      closedAt: registered + 40 * DAY,
    });
    await world.db.insert(contractPositions).values([liquidated('real'), liquidated('demo')]);
    const log = await call.post<CreditLog>('/user/point/change/log', u.token, { page: '1', size: '3' });
    expect(log.data).toMatchObject({ score: 69, total: 5, page: 1, size: 3 });
    expect(log.data.list.map((c) => [c.kind, c.points, c.scoreAfter, c.at])).toEqual([
      ['tenure', 2, 69, registered + 60 * DAY],
      ['liquidation', -5, 67, registered + 40 * DAY],
      ['tenure', 2, 72, registered + 30 * DAY],
    ]);
    const rest = await call.post<CreditLog>('/user/point/change/log', u.token, { page: '2', size: '3' });
    expect(rest.data.list.map((c) => c.kind)).toEqual(['kyc_approved', 'base']);
    // Both accounts of the user read the same score.
    expect((await call.post<CreditLog>('/user/point/change/log', u.demo)).data.score).toBe(69);
  });
});
