import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CODE_ERROR, type ErrorEnvelope } from '../../domain/protocol/envelope';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import { translate } from '../i18n';

type ClientError = Error & { code?: string };

function answerFor(error: ClientError): { status: number; key: ErrorKey } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'HEADERS_TOO_LARGE' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'REQUEST_TIMEOUT' };
  return { status: 400, key: 'MALFORMED_REQUEST' };
}

/**
 * A request Node's parser refuses (a URL or headers over the 16 KB limit, a NUL byte in a
 * header, a timeout) never reaches Fastify; Node would answer a bare 400/431. It still gets an
 * envelope (DECISIONS §4), written on the raw socket. The headers were not parsed, so there is
 * no Accept-Language: the message is in the default language, tr-TR.
 */
export function envelopeClientError(error: ClientError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = answerFor(error);
  const envelope: ErrorEnvelope = { code: CODE_ERROR, msg: translate('tr-TR', key), key, data: {} };
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
