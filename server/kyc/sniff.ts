import { crc32 } from 'node:zlib';

import type { KYC_IMAGE_TYPES } from '../../domain/protocol/account';

export { KYC_IMAGE_TYPES } from '../../domain/protocol/account';
export type KycImageType = (typeof KYC_IMAGE_TYPES)[number];

/**
 * What an upload really is, read from its bytes; the declared Content-Type and file name are
 * the sender's claims and are never trusted. A magic number alone is easy to fake (a PNG
 * signature glued onto a script), so each format's container structure is walked too: PNG
 * chunks with their CRCs up to a final IEND, JPEG's first segment and its end marker, WebP's
 * RIFF size and image chunk. Trailing bytes after the image end (where polyglots hide) fail.
 * Returns null for anything that is not one of the three.
 */
export function sniffImage(bytes: Uint8Array): KycImageType | null {
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function isPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, PNG_SIGNATURE)) return false;
  const data = view(bytes);
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return false;
    if (first) {
      // IHDR comes first: 13 bytes, width and height above zero.
      if (type !== 'IHDR' || length !== 13) return false;
      if (data.getUint32(at + 8) === 0 || data.getUint32(at + 12) === 0) return false;
      first = false;
    }
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== data.getUint32(at + 8 + length)) return false;
    if (type === 'IEND') return end === bytes.length;
    at = end;
  }
  return false;
}

/** Markers that may open a JPEG after SOI: APPn, DQT, SOFn, DHT, DRI, COM. */
function isOpeningMarker(marker: number): boolean {
  return (
    (marker >= 0xe0 && marker <= 0xef) ||
    marker === 0xdb ||
    (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8 && marker !== 0xcc) ||
    marker === 0xdd ||
    marker === 0xfe
  );
}

function isJpeg(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff]) || bytes.length < 8) return false;
  const marker = bytes[3] ?? 0;
  const segment = view(bytes).getUint16(4);
  if (!isOpeningMarker(marker) || segment < 2 || 4 + segment > bytes.length) return false;
  // Ends at EOI; some encoders pad with zero bytes after it, which carry nothing.
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

function isWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 20 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return false;
  const data = view(bytes);
  const riffSize = data.getUint32(4, true);
  if (riffSize + 8 !== bytes.length) return false;
  const chunk = ascii(bytes, 12, 4);
  const chunkSize = data.getUint32(16, true);
  return ['VP8 ', 'VP8L', 'VP8X'].includes(chunk) && chunkSize > 0 && 20 + chunkSize <= bytes.length;
}
