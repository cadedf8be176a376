/**
 * Phone photos of a document are often 4000 px and 5 MB; the reviewer needs far less. Before
 * upload each image is scaled to fit MAX_EDGE and re-encoded as JPEG, unless that doesn't help.
 */
export const MAX_EDGE = 1600;
export const JPEG_QUALITY = 0.85;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(',');

export type Size = { width: number; height: number };

export function isAcceptedImage(file: Blob): boolean {
  return (ACCEPTED_TYPES as readonly string[]).includes(file.type);
}

/** The size that fits within `maxEdge` on the long side, keeping the aspect ratio; never enlarges. */
export function fitWithin(size: Size, maxEdge: number = MAX_EDGE): Size {
  const { width, height } = size;
  if (!(width > 0 && height > 0)) return { width: 0, height: 0 };
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge) return { width, height };
  const scale = maxEdge / longEdge;
  // The long side lands exactly on maxEdge; the short one rounds but never vanishes.
  return width >= height
    ? { width: maxEdge, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: maxEdge };
}

/** Whichever is smaller wins: re-encoding an already small JPEG can make it bigger. */
export function smallerOf(original: Blob, compressed: Blob | null): Blob {
  return compressed !== null && compressed.size < original.size ? compressed : original;
}

type Decoded = { source: CanvasImageSource; size: Size; close: () => void };

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    // Applies the photo's EXIF orientation, so a portrait shot stays upright.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      source: bitmap,
      size: { width: bitmap.width, height: bitmap.height },
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      size: { width: image.naturalWidth, height: image.naturalHeight },
      close: () => {},
    };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The image to upload: scaled and re-encoded when that makes it smaller, else the original.
 * Rejects only when the browser can't decode the file at all.
 */
export async function compressImage(file: Blob): Promise<Blob> {
  const decoded = await decode(file);
  try {
    const target = fitWithin(decoded.size);
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG would turn black without a white ground.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, target.width, target.height);
    context.drawImage(decoded.source, 0, 0, target.width, target.height);
    return smallerOf(file, await toJpeg(canvas));
  } finally {
    decoded.close();
  }
}
