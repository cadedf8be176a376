/**
 * A server message encoded once for every socket it goes to: the JSON text (for test doubles
 * and fallbacks), and the complete WebSocket text frame — RFC 6455 header and UTF-8 payload in
 * one buffer, unmasked as server frames are — which each socket writes as it is. Sending the
 * string to each `ws` socket instead re-measures, re-encodes and re-frames it per socket.
 */
export type SharedFrame = {
  readonly text: string;
  /** The UTF-8 payload alone (what `ws.send(payload, { binary: false })` takes). */
  readonly payload: Buffer;
  /** Header and payload: the bytes a socket puts on the wire. */
  readonly wire: Buffer;
};

const FIN_TEXT = 0x81;

export function sharedFrame(text: string): SharedFrame {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = FIN_TEXT;
  if (headerLength === 2) wire[1] = length;
  else if (headerLength === 4) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  wire.write(text, headerLength, 'utf8');
  return { text, payload: wire.subarray(headerLength), wire };
}
