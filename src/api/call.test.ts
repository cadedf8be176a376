// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../domain/protocol/endpoint';
import { int } from '../../domain/validation/fields';
import { hideToast } from '../services/toast';
import { ApiError } from './request';
import { call } from './call';

const API = `${location.origin}/ipxtrg-api`;

// jsdom's FormData and Blob are foreign to Node's fetch (which drops the file bytes); a browser has
// one realm. Node's own classes stand in, so the multipart body is what a browser would send.
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
const NodeBlob = (await new Response('').blob()).constructor as typeof Blob;
vi.stubGlobal('FormData', NodeFormData);

type Seen = { method: string; url: URL; type: string; body: string; form: FormData | null };
let seen: Seen[] = [];

async function record(request: Request, answer: unknown) {
  const type = request.headers.get('content-type') ?? '';
  const form = type.startsWith('multipart/form-data') ? await request.formData() : null;
  const body = form ? '' : await request.text();
  seen.push({ method: request.method, url: new URL(request.url), type, body, form });
  return HttpResponse.json({ code: 0, msg: '', data: answer });
}

const server = setupServer(
  http.get(`${API}/probe/read`, ({ request }) => record(request, { total: '12.50', at: 1 })),
  http.post(`${API}/probe/write`, ({ request }) => record(request, { id: '7' })),
  http.post(`${API}/probe/drifted`, ({ request }) => record(request, { id: 7 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen = [];
  server.resetHandlers();
  hideToast();
});
afterAll(() => server.close());

const read = endpoint({
  method: 'GET',
  path: '/probe/read',
  auth: 'none',
  input: z.object({ page: int({ min: 1, max: 9 }).default(1), status: z.enum(['open', 'done']).optional() }),
  output: z.object({ total: z.string(), at: z.number() }),
});

const write = endpoint({
  method: 'POST',
  path: '/probe/write',
  auth: 'user',
  idempotent: true,
  input: z.object({ amount: z.string(), note: z.string().optional(), receipt: z.file().optional() }),
  output: z.object({ id: z.string() }),
});

const drifted = endpoint({ ...write, path: '/probe/drifted' });

describe('call(endpoint, input)', () => {
  it('sends a GET input as its query, numbers as text, absent fields left out', async () => {
    const answer = await call(read, { page: 2 });
    expect(answer).toEqual({ total: '12.50', at: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url.search).toBe('?page=2');
  });

  it('sends a POST input as a form', async () => {
    expect(await call(write, { amount: '10.5', note: 'rent' })).toEqual({ id: '7' });
    expect(seen[0]?.type).toContain('application/x-www-form-urlencoded');
    expect(seen[0]?.body).toBe('amount=10.5&note=rent');
  });

  it('sends an input carrying a file as multipart/form-data, named by its field and type', async () => {
    const receipt = new NodeBlob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await call(write, { amount: '3', receipt });
    const form = seen[0]?.form;
    expect(seen[0]?.type).toContain('multipart/form-data');
    expect(form?.get('amount')).toBe('3');
    const file = form?.get('receipt');
    expect(typeof file).toBe('object');
    expect((file as File).name).toBe('receipt.png');
    expect((file as File).type).toBe('image/png');
    expect((file as File).size).toBe(3);
  });

  it("refuses an answer its output schema doesn't describe, as a protocol error", async () => {
    const error: unknown = await call(drifted, { amount: '1' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('protocol');
  });

  it('takes its input and answer types from the declaration', () => {
    expectTypeOf(call(read)).resolves.toEqualTypeOf<{ total: string; at: number }>();
    expectTypeOf(call<typeof write>)
      .parameter(1)
      .toEqualTypeOf<{
        amount: string | number;
        note?: string | number | undefined;
        receipt?: Blob | undefined;
      }>();
    // @ts-expect-error: a status the declaration does not have
    void call(read, { status: 'lost' }).catch(() => undefined);
  });
});
