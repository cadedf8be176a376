/**
 * A user's own uploaded image as a byte answer: shown inline, never sniffed as another type.
 * `cacheControl` says how long a browser may keep it (an identity document: not at all).
 */
export function ownImageAnswer(bytes: Uint8Array, mime: string, cacheControl: string) {
  return {
    bytes,
    contentType: mime,
    headers: {
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    },
  };
}
