import { describe, expect, it } from 'vitest';
import { encodePrivateData, privateFrameText, type PrivateMessage } from './ws';

// The socket writes a private event's payload, encoded once at its publish, inside its own seq
// and t: the text must be what encoding the whole message would have given, byte for byte.
describe('a private frame around a payload encoded once', () => {
  const payloads: unknown[] = [
    { kind: 'conditional', order: { id: '7', trigger: '300.25', limit: null, reasonParams: { max: 20 } } },
    { type: 'message', id: '12', title: { 'tr-TR': 'Şimdi "çıktı"', 'en-US': 'Now\nout' } },
    [],
    'text',
    0,
    null,
  ];
  it.each(payloads)('equals JSON.stringify of the message (%j)', (data) => {
    const message: PrivateMessage = { op: 'private', ch: 'orders', seq: 41, t: 1_764_403_200_000, data };
    expect(privateFrameText('orders', 41, 1_764_403_200_000, encodePrivateData(data))).toBe(
      JSON.stringify(message),
    );
    expect(JSON.parse(privateFrameText('messages', 1, 5, encodePrivateData(data)))).toEqual({
      ...message,
      ch: 'messages',
      seq: 1,
      t: 5,
    });
  });

  it('carries a missing payload as null, as a reader of `data` expects a field', () => {
    expect(encodePrivateData(undefined)).toBe('null');
    expect(JSON.parse(privateFrameText('orders', 1, 2, encodePrivateData(undefined)))).toHaveProperty(
      'data',
      null,
    );
  });
});
