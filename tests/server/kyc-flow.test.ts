import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/errors';
import { approveKyc, listKycSubmissions, rejectKyc, requireKyc } from '../../server/kyc/review';
import { readKycImage } from '../../server/kyc/images';
import { dbTargets, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { expectUnchanged, jpeg, kycSnapshot, png, submitKycForm, validFields, webp } from './kyc-support';

const EN = { 'Accept-Language': 'en-US' };

describe.each(dbTargets())('KYC state machine on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  const state = async (token: string) =>
    (await (await fetch(server.api('/user/auth'), { headers: { accesstoken: token } })).json()) as {
      code: number;
      data: Record<string, unknown>;
    };
  const submit = (token: string, headers: Record<string, string> = {}) =>
    submitKycForm(
      server.api('/user/auth/submit'),
      token,
      validFields,
      { front: { bytes: png() }, back: { bytes: jpeg(), name: 'back.jpg', type: 'image/jpeg' } },
      headers,
    );
  const loginName = async (token: string) =>
    (
      (await (await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })).json()) as {
        data: { user: { verifiedName?: string | null } };
      }
    ).data.user.verifiedName;
  const rejectedKyc = (e: unknown) => e instanceof ApiError && e.key === 'KYC_REQUIRED';

  it('goes none → pending → fail (with a reason) → pending → succ, refusing submissions while pending or verified', async () => {
    const db = server.database.db;
    const { token, userId } = await userWithSession(db);
    const uid = BigInt(userId);
    expect(await state(token)).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        idStatus: 'none',
        certType: null,
        fullName: null,
        certNumberMasked: null,
        taxIdMasked: null,
        frontImageId: null,
        backImageId: null,
        reason: null,
        submittedAt: null,
        reviewedAt: null,
      },
    });
    await expect(requireKyc(db, uid)).rejects.toSatisfy(rejectedKyc);

    const before = Date.now();
    const first = await (await submit(token)).json();
    expect(first).toMatchObject({
      code: 0,
      data: {
        idStatus: 'pending',
        certType: 'id_card',
        fullName: 'Ayşe Yılmaz',
        certNumberMasked: '••••••678',
        taxIdMasked: '••••••••146',
        reason: null,
        reviewedAt: null,
      },
    });
    expect(first.data.submittedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(first.data.frontImageId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.data.backImageId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.data.frontImageId).not.toBe(first.data.backImageId);
    expect((await state(token)).data).toEqual(first.data);

    // Pending: refused in both languages, nothing written.
    const pending = await kycSnapshot(db, userId);
    expect(await (await submit(token)).json()).toEqual({
      code: -1001,
      msg: 'Kimlik doğrulamanız inceleniyor; sonuçlanınca size haber vereceğiz.',
      key: 'KYC_PENDING',
      data: {},
    });
    expect(await (await submit(token, EN)).json()).toEqual({
      code: -1001,
      msg: 'Your identity verification is under review; we will let you know when it is done.',
      key: 'KYC_PENDING',
      data: {},
    });
    await expectUnchanged(db, userId, pending);

    // The operator sees the full numbers and refuses with a reason shown to the user.
    const [listed] = (await listKycSubmissions(db, { status: 'pending' })).filter((s) => s.userId === userId);
    expect(listed).toMatchObject({ certNumber: 'A12345678', taxId: '10000000146', status: 'pending' });
    if (!listed) throw new Error('submission not listed');
    await rejectKyc(db, listed.id, 'The photo of the back side is blurred.');
    const failed = (await state(token)).data;
    expect(failed).toMatchObject({ idStatus: 'fail', reason: 'The photo of the back side is blurred.' });
    expect(failed.reviewedAt).toEqual(expect.any(Number));
    // Only a pending submission can be reviewed.
    await expect(approveKyc(db, listed.id)).rejects.toSatisfy(
      (e) => e instanceof ApiError && e.key === 'NOT_FOUND',
    );
    await expect(requireKyc(db, uid)).rejects.toSatisfy(rejectedKyc);

    // Resubmitting after a failure is allowed: a new submission, pending again, no old reason.
    const again = await (await submit(token)).json();
    expect(again).toMatchObject({ code: 0, data: { idStatus: 'pending', reason: null, reviewedAt: null } });
    expect(again.data.frontImageId).not.toBe(first.data.frontImageId);
    const mine = (await listKycSubmissions(db)).filter((s) => s.userId === userId);
    expect(mine.map((s) => s.status)).toEqual(['pending', 'fail']);
    // The name a screen greets the user by is the verified one: none while under review.
    expect(await loginName(token)).toBeNull();

    await approveKyc(db, mine[0]?.id ?? '');
    expect((await state(token)).data).toMatchObject({ idStatus: 'succ', reason: null });
    expect(await loginName(token)).toBe('Ayşe Yılmaz');
    await expect(requireKyc(db, uid)).resolves.toBeUndefined();

    const verified = await kycSnapshot(db, userId);
    expect(await (await submit(token)).json()).toEqual({
      code: -1001,
      msg: 'Kimliğiniz zaten doğrulandı.',
      key: 'KYC_ALREADY_VERIFIED',
      data: {},
    });
    expect(await (await submit(token, EN)).json()).toMatchObject({
      msg: 'Your identity is already verified.',
      key: 'KYC_ALREADY_VERIFIED',
    });
    await expectUnchanged(db, userId, verified);
  });

  it('lets only one of several simultaneous submissions through', async () => {
    const db = server.database.db;
    const { token, userId } = await userWithSession(db);
    const answers = await Promise.all([1, 2, 3].map(async () => (await submit(token, EN)).json()));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.key === 'KYC_PENDING')).toHaveLength(2);
    expect((await listKycSubmissions(db)).filter((s) => s.userId === userId)).toHaveLength(1);
  });

  it('refuses an empty or over-long rejection reason and unknown submissions', async () => {
    const db = server.database.db;
    const { token, userId } = await userWithSession(db);
    await submit(token);
    const [s] = (await listKycSubmissions(db, { status: 'pending' })).filter((x) => x.userId === userId);
    if (!s) throw new Error('submission not listed');
    const invalid = (e: unknown) => e instanceof ApiError && e.key === 'FIELD_INVALID';
    await expect(rejectKyc(db, s.id, '   ')).rejects.toSatisfy(invalid);
    await expect(rejectKyc(db, s.id, 'x'.repeat(501))).rejects.toSatisfy(invalid);
    const notFound = (e: unknown) => e instanceof ApiError && e.key === 'NOT_FOUND';
    await expect(approveKyc(db, '999999999')).rejects.toSatisfy(notFound);
    await expect(approveKyc(db, 'abc')).rejects.toSatisfy(notFound);
    expect((await state(token)).data.idStatus).toBe('pending');
  });

  it('serves each image to its owner byte for byte, with its sniffed type and private headers', async () => {
    const db = server.database.db;
    const { token } = await userWithSession(db);
    const front = webp();
    const back = png([0, 128, 255, 255]);
    const res = await submitKycForm(server.api('/user/auth/submit'), token, validFields, {
      // The declared types are wrong on purpose: what is served is what the bytes are.
      front: { bytes: front, name: 'front.jpg', type: 'image/jpeg' },
      back: { bytes: back, name: 'back.gif', type: 'text/html' },
    });
    const { data } = await res.json();
    for (const [id, bytes, type] of [
      [data.frontImageId, front, 'image/webp'],
      [data.backImageId, back, 'image/png'],
    ] as const) {
      const image = await fetch(server.api(`/user/auth/image?id=${id}`), { headers: { accesstoken: token } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(type);
      expect(image.headers.get('cache-control')).toBe('private, no-store');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('content-disposition')).toBe('inline');
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
      // The operator reads the same bytes, without an owner check.
      const stored = await readKycImage(db, id);
      expect(stored?.bytes.equals(bytes)).toBe(true);
      expect(stored?.size).toBe(bytes.length);
      expect(stored?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(await readKycImage(db, 'f'.repeat(32))).toBeNull();
  });

  it('never answers the full numbers in the state', async () => {
    const { token } = await userWithSession(server.database.db);
    await submitKycForm(
      server.api('/user/auth/submit'),
      token,
      { ...validFields, certNumber: 'TR-98765-4321', taxId: '  12345678950  ' },
      { front: { bytes: png() }, back: { bytes: png() } },
    );
    const text = await (await fetch(server.api('/user/auth'), { headers: { accesstoken: token } })).text();
    expect(JSON.parse(text).data).toMatchObject({
      certNumberMasked: '••••••••••321',
      taxIdMasked: '••••••••950',
    });
    expect(text).not.toContain('98765');
    expect(text).not.toContain('11223344');
  });
});
