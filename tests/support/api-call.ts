import { expect } from 'vitest';
import { postForm, type TestServer } from './server';

/** An answer as a test reads it: its data as it came, a refusal by code and key. */
export type Envelope = { code: number; msg: string; key?: string; data: unknown };

/** The language a test reads refusals in. */
export const EN = { 'Accept-Language': 'en-US' };

/** The envelope of an API answer, which comes with HTTP 200 whatever its code. */
export async function envelopeOf(res: Response): Promise<Envelope> {
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope;
}

/** A form POST to the API as the client sends it: with the session's token (none for a guest). */
export async function postApi(
  server: TestServer,
  path: string,
  token: string | undefined,
  fields: Record<string, string> = {},
  headers: Record<string, string> = EN,
): Promise<Envelope> {
  return envelopeOf(
    await postForm(server.api(path), fields, { ...(token ? { accesstoken: token } : {}), ...headers }),
  );
}

/** A world's API client: `postApi` on its server. */
export type ApiCall = (
  path: string,
  token: string | undefined,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
) => Promise<Envelope>;

export function apiCaller(server: TestServer): ApiCall {
  return (path, token, fields, headers) => postApi(server, path, token, fields, headers);
}
