import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dbTargets, startServer, type TestServer } from '../support/server';
import { noMarket } from '../support/scripted-source';
import { userWithSession } from '../support/session';
import {
  expectUnchanged,
  fakePngHeader,
  gif,
  htmlWithPngInside,
  jpeg,
  kycSnapshot,
  png,
  pngHtmlPolyglot,
  submitKycForm,
  svgWithScript,
  validFields,
  webp,
  type Upload,
} from './kyc-support';

const EN = { 'Accept-Language': 'en-US' };
const MIB = 1024 * 1024;
type Row = [
  string,
  Record<string, string | string[]>,
  Record<string, Upload | Upload[]>,
  string,
  string,
  string,
];
const goodFiles = { front: { bytes: png() }, back: { bytes: jpeg(), name: 'b.jpg', type: 'image/jpeg' } };

describe.each(dbTargets())('KYC uploads on %s', (target) => {
  let server: TestServer;
  let user: { token: string; userId: string };
  let before: Awaited<ReturnType<typeof kycSnapshot>>;
  beforeAll(async () => {
    server = await startServer(target, { source: noMarket() });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    user = await userWithSession(server.database.db);
    before = await kycSnapshot(server.database.db, user.userId);
  });

  const send = (
    fields: Record<string, string | string[]>,
    files: Record<string, Upload | Upload[]>,
    headers: Record<string, string> = {},
  ) => submitKycForm(server.api('/user/auth/submit'), user.token, fields, files, headers);

  /** A refused submission: its envelope, in Turkish and English, and nothing written. */
  async function refused(
    fields: Record<string, string | string[]>,
    files: Record<string, Upload | Upload[]>,
  ) {
    const tr = await send(fields, files);
    expect(tr.status).toBe(200);
    const trBody = await tr.json();
    const en = await (await send(fields, files, EN)).json();
    expect(trBody).toMatchObject({ code: -1001, data: {} });
    expect(en.key).toBe(trBody.key);
    await expectUnchanged(server.database.db, user.userId, before);
    return { key: trBody.key as string, tr: trBody.msg as string, en: en.msg as string };
  }

  const { certType: _c, ...noCertType } = validFields;
  const { front: _f, ...noFront } = goodFiles;
  const { back: _b, ...noBack } = goodFiles;

  it.each<Row>([
    [
      'a missing certType',
      noCertType,
      goodFiles,
      'FIELD_REQUIRED',
      'Belge türü alanı zorunludur.',
      'Document type is required.',
    ],
    [
      'an unknown certType',
      { ...validFields, certType: 'visa' },
      goodFiles,
      'FIELD_INVALID',
      'Belge türü alanının değeri geçersiz.',
      'Document type has an invalid value.',
    ],
    [
      'a blank full name',
      { ...validFields, fullName: '   ' },
      goodFiles,
      'FIELD_TOO_SHORT',
      'Ad soyad en az 3 karakter olmalıdır.',
      'Full name must be at least 3 characters.',
    ],
    [
      'a too-long full name',
      { ...validFields, fullName: 'ş'.repeat(101) },
      goodFiles,
      'FIELD_TOO_LONG',
      'Ad soyad en fazla 100 karakter olabilir.',
      'Full name can be at most 100 characters.',
    ],
    [
      'a right-to-left override in the name',
      { ...validFields, fullName: 'Ali \u202Eliveİ' },
      goodFiles,
      'FIELD_INVALID_CHARS',
      'Ad soyad izin verilmeyen karakterler içeriyor.',
      'Full name contains characters that are not allowed.',
    ],
    [
      'a zero-width space in the number',
      { ...validFields, certNumber: 'A123\u200B45678' },
      goodFiles,
      'FIELD_INVALID_CHARS',
      'Belge numarası izin verilmeyen karakterler içeriyor.',
      'Document number contains characters that are not allowed.',
    ],
    [
      'a line break in the number',
      { ...validFields, certNumber: 'A1234\n5678' },
      goodFiles,
      'FIELD_INVALID_CHARS',
      'Belge numarası izin verilmeyen karakterler içeriyor.',
      'Document number contains characters that are not allowed.',
    ],
    [
      'a too-long number',
      { ...validFields, certNumber: '9'.repeat(33) },
      goodFiles,
      'FIELD_TOO_LONG',
      'Belge numarası en fazla 32 karakter olabilir.',
      'Document number can be at most 32 characters.',
    ],
    [
      'a too-short tax id',
      { ...validFields, taxId: '1234567' },
      goodFiles,
      'TCKN_INVALID',
      'Geçerli bir T.C. kimlik numarası girin (11 hane).',
      'Enter a valid Turkish identity number (11 digits).',
    ],
    [
      'a tax id whose check digits are wrong',
      { ...validFields, taxId: '12345678951' },
      goodFiles,
      'TCKN_INVALID',
      'Geçerli bir T.C. kimlik numarası girin (11 hane).',
      'Enter a valid Turkish identity number (11 digits).',
    ],
    [
      'a 300-character tax id',
      { ...validFields, taxId: '1'.repeat(300) },
      goodFiles,
      'FIELD_TOO_LONG',
      'Vergi kimlik numarası en fazla 11 karakter olabilir.',
      'Tax ID can be at most 11 characters.',
    ],
    [
      'digits as the full name',
      { ...validFields, fullName: '12345' },
      goodFiles,
      'FULL_NAME_FORMAT',
      'Adınızı ve soyadınızı belgenizdeki gibi, yalnızca harflerle yazın.',
      'Enter your first and last name as on your document, in letters only.',
    ],
    [
      'a one-word full name',
      { ...validFields, fullName: 'Ayşe' },
      goodFiles,
      'FULL_NAME_FORMAT',
      'Adınızı ve soyadınızı belgenizdeki gibi, yalnızca harflerle yazın.',
      'Enter your first and last name as on your document, in letters only.',
    ],
    [
      'signs in the number',
      { ...validFields, certNumber: 'A12#45678' },
      goodFiles,
      'CERT_NUMBER_FORMAT',
      'Belge numarası yalnızca harf, rakam ve tire içerebilir.',
      'The document number may contain only letters, digits and hyphens.',
    ],
    [
      'a repeated field',
      { ...validFields, fullName: ['Ayşe Yılmaz', 'Ali Veli'] },
      goodFiles,
      'FIELD_INVALID_TYPE',
      'Ad soyad alanının değeri geçersiz.',
      'Full name has an invalid value.',
    ],
    [
      'a field the form does not have',
      { ...validFields, remark: 'hi' },
      goodFiles,
      'FIELD_INVALID',
      'remark alanının değeri geçersiz.',
      'remark has an invalid value.',
    ],
    [
      'a missing front image',
      validFields,
      noFront,
      'FIELD_REQUIRED',
      'Ön yüz alanı zorunludur.',
      'Front side is required.',
    ],
    [
      'a missing back image',
      validFields,
      noBack,
      'FIELD_REQUIRED',
      'Arka yüz alanı zorunludur.',
      'Back side is required.',
    ],
    [
      'an image field sent as text',
      { ...validFields, front: 'front.png' },
      noFront,
      'FIELD_INVALID_TYPE',
      'Ön yüz alanının değeri geçersiz.',
      'Front side has an invalid value.',
    ],
    [
      'a text field sent as a file',
      noCertType,
      { ...noBack, certType: { bytes: Buffer.from('id_card') } },
      'FIELD_INVALID',
      'Belge türü alanının değeri geçersiz.',
      'Document type has an invalid value.',
    ],
    [
      'two front images',
      validFields,
      { front: [{ bytes: png() }, { bytes: png() }] },
      'FIELD_INVALID_TYPE',
      'Ön yüz alanının değeri geçersiz.',
      'Front side has an invalid value.',
    ],
    [
      'a file input left empty',
      validFields,
      { ...noBack, back: { bytes: new Uint8Array(), name: '', type: 'application/octet-stream' } },
      'FIELD_REQUIRED',
      'Arka yüz alanı zorunludur.',
      'Back side is required.',
    ],
  ])('refuses %s with its key and message, changing nothing', async (_name, fields, files, key, tr, en) => {
    expect(await refused(fields, files)).toEqual({ key, tr, en });
  });

  it.each([
    ['a GIF named and declared as PNG', { bytes: gif(), name: 'front.png', type: 'image/png' }],
    ['an SVG with a script', { bytes: svgWithScript(), name: 'front.svg', type: 'image/svg+xml' }],
    ['an empty file', { bytes: new Uint8Array(), name: 'front.png' }],
    ['a PNG signature on garbage', { bytes: fakePngHeader() }],
    ['a PNG with an HTML page after its end', { bytes: pngHtmlPolyglot() }],
    ['an HTML page carrying a PNG', { bytes: htmlWithPngInside(), type: 'image/png' }],
    [
      'a JPEG start with no JPEG after it',
      { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]) },
    ],
    [
      'a RIFF that is not a WebP',
      { bytes: Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WAVE')]) },
    ],
  ])('refuses %s as an image type, whatever it claims', async (_name, front) => {
    expect(await refused(validFields, { ...goodFiles, front })).toEqual({
      key: 'IMAGE_TYPE',
      tr: 'Yalnızca JPEG, PNG veya WebP görüntüleri yükleyebilirsiniz.',
      en: 'Only JPEG, PNG or WebP images can be uploaded.',
    });
  });

  it('stores nothing when only the back image is bad', async () => {
    expect((await refused(validFields, { ...goodFiles, back: { bytes: gif() } })).key).toBe('IMAGE_TYPE');
  });

  it('accepts JPEG, PNG and WebP by their bytes, whatever the declared type and name say', async () => {
    const res = await send(validFields, {
      front: { bytes: png(), name: 'scan.jpg', type: 'image/jpeg' },
      back: { bytes: webp(), name: 'scan', type: 'application/octet-stream' },
    });
    const { code, data } = await res.json();
    expect(code).toBe(0);
    const type = async (id: string) =>
      (
        await fetch(server.api(`/user/auth/image?id=${id}`), { headers: { accesstoken: user.token } })
      ).headers.get('content-type');
    expect(await type(data.frontImageId)).toBe('image/png');
    expect(await type(data.backImageId)).toBe('image/webp');
    expect(await kycSnapshot(server.database.db, user.userId)).toEqual({
      idStatus: 'pending',
      images: before.images + 2,
      submissions: before.submissions + 1,
    });
  });

  it('accepts an image of exactly 5 MB and refuses one byte more', async () => {
    const tooBig = png(undefined, 5 * MIB + 1);
    expect(await refused(validFields, { ...goodFiles, back: { bytes: tooBig } })).toEqual({
      key: 'IMAGE_TOO_LARGE',
      tr: 'Görüntü en fazla 5 MB olabilir.',
      en: 'An image can be at most 5 MB.',
    });
    const res = await send(validFields, { ...goodFiles, front: { bytes: png(undefined, 5 * MIB) } });
    expect(await res.json()).toMatchObject({ code: 0, data: { idStatus: 'pending' } });
  });

  it('answers 413 with an envelope for a body over the overall limit, or more files or fields than the form has', async () => {
    const big = { bytes: png(undefined, 6 * MIB) };
    const cases: [Record<string, string | string[]>, Record<string, Upload>][] = [
      [validFields, { front: big, back: big }],
      [validFields, { ...goodFiles, selfie: { bytes: png() } }],
      [{ ...validFields, a: '1', b: '2', c: '3', d: '4', e: '5', f: '6', g: '7' }, goodFiles],
      // One text field over the multipart field-size limit (64 KB).
      [{ ...validFields, fullName: 'x'.repeat(65 * 1024) }, goodFiles],
    ];
    for (const [fields, files] of cases) {
      const res = await send(fields, files, EN);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        code: -1001,
        msg: 'The request is too large.',
        key: 'PAYLOAD_TOO_LARGE',
        data: {},
      });
    }
    await expectUnchanged(server.database.db, user.userId, before);
  });

  it('refuses other body formats and broken multipart without a crash', async () => {
    const url = server.api('/user/auth/submit');
    const headers = { accesstoken: user.token, 'Accept-Language': 'en-US' };
    const form = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(validFields),
    });
    expect(await form.json()).toMatchObject({ code: -1001, key: 'UNSUPPORTED_MEDIA_TYPE' });
    const json = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(validFields),
    });
    expect(await json.json()).toMatchObject({ code: -1001, key: 'UNSUPPORTED_MEDIA_TYPE' });
    const noBoundary = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'multipart/form-data' },
      body: 'garbage',
    });
    expect(await noBoundary.json()).toEqual({
      code: -1001,
      msg: 'The request could not be read.',
      key: 'MALFORMED_REQUEST',
      data: {},
    });
    await expectUnchanged(server.database.db, user.userId, before);
  });
});
