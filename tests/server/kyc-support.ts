import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { kycImages, kycSubmissions } from '../../server/db/schema/kyc';
import { users } from '../../server/db/schema/users';

/**
 * Tiny real images built from their bytes (nothing binary is committed), and the fakes a
 * KYC upload must refuse.
 */

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 1×1 RGBA PNG of the given colour; `totalSize` pads it with a private chunk to that exact size. */
export function png(rgba: [number, number, number, number] = [255, 0, 0, 255], totalSize?: number): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const idat = deflateSync(Buffer.from([0, ...rgba]));
  const head = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat)]);
  const end = chunk('IEND', new Uint8Array());
  if (totalSize === undefined) return Buffer.concat([head, end]);
  const padding = totalSize - head.length - end.length - 12;
  return Buffer.concat([head, chunk('prVt', Buffer.alloc(padding, 0x61)), end]);
}

/** A 1×1 grey baseline JPEG: quantisation, frame, one-code Huffman tables, one block, EOI. */
export function jpeg(): Buffer {
  const dqt = [0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)];
  const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00];
  const oneCode = [0x01, ...new Array<number>(15).fill(0), 0x00];
  const dhtDc = [0xff, 0xc4, 0x00, 0x14, 0x00, ...oneCode];
  const dhtAc = [0xff, 0xc4, 0x00, 0x14, 0x10, ...oneCode];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
  // DC difference 0 (code 0), end of block (code 0), padded with ones.
  return Buffer.from([0xff, 0xd8, ...dqt, ...sof, ...dhtDc, ...dhtAc, ...sos, 0x3f, 0xff, 0xd9]);
}

/** A 1×1 lossless WebP. */
export const webp = (): Buffer => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A 1×1 GIF. */
export const gif = (): Buffer =>
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const svgWithScript = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** A PNG signature glued onto bytes that are not a PNG. */
export const fakePngHeader = (): Buffer =>
  Buffer.concat([PNG_SIGNATURE, Buffer.from('<script>alert(1)</script> this is not an image at all')]);

/** A real PNG with an HTML page after its end: an image to one reader, a page to another. */
export const pngHtmlPolyglot = (): Buffer =>
  Buffer.concat([png(), Buffer.from('<html><script>alert(1)</script></html>')]);

/** An HTML page that carries a PNG further in. */
export const htmlWithPngInside = (): Buffer => Buffer.concat([Buffer.from('<!doctype html>'), png()]);

export type Upload = { bytes: Uint8Array; name?: string; type?: string };

export const validFields = {
  certType: 'id_card',
  fullName: 'Ayşe Yılmaz',
  certNumber: 'A12345678',
  taxId: '10000000146',
};

/** A KYC submission as a browser sends it: multipart/form-data from a FormData. */
export function submitKycForm(
  url: string,
  token: string,
  fields: Record<string, string | string[]>,
  files: Record<string, Upload | Upload[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  for (const [name, value] of Object.entries(files))
    for (const f of Array.isArray(value) ? value : [value])
      form.append(
        name,
        new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }),
        f.name ?? `${name}.png`,
      );
  return fetch(url, { method: 'POST', headers: { accesstoken: token, ...headers }, body: form });
}

/** What a submission writes: a refused one must leave all of it as it was. */
export async function kycSnapshot(db: Db, userId: string) {
  const [user] = await db
    .select({ idStatus: users.idStatus })
    .from(users)
    .where(eq(users.id, BigInt(userId)));
  return {
    idStatus: user?.idStatus,
    images: (await db.select({ id: kycImages.id }).from(kycImages)).length,
    submissions: (await db.select({ id: kycSubmissions.id }).from(kycSubmissions)).length,
  };
}

export async function expectUnchanged(
  db: Db,
  userId: string,
  before: Awaited<ReturnType<typeof kycSnapshot>>,
) {
  expect(await kycSnapshot(db, userId)).toEqual(before);
}
