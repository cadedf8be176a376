// @vitest-environment jsdom
import trErrors from '../../locales/tr-TR/errors.json';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loading, showLoading } from '../services/loading';
import { hideToast, toast, TOAST_MS } from '../services/toast';
import { setLanguage } from '../state/prefs';
import { clearUserInfo, session, setSession } from '../state/session';
import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import { call } from './call';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import {
  ApiError,
  apiHeaders,
  ERROR_TOAST_MS,
  type AnswerSchema,
  type Payload,
  type RequestOptions,
} from './request';
import type { AnyEndpoint, Method } from '../../domain/protocol/endpoint';
import type { FirstLoadEndpoint } from '../../domain/protocol/first-load-endpoints';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

type Seen = { url: URL; headers: Headers; body: string; method: string };
let seen: Seen[] = [];

const server = setupServer(
  http.all(`${API}/echo`, async ({ request }) => {
    seen.push({
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
      method: request.method,
    });
    return ok({ echoed: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen = [];
  history.replaceState(null, '', '/pages/tabbar/home');
});
afterEach(() => {
  server.resetHandlers();
  clearUserInfo();
  setLanguage('tr-TR');
  hideToast();
  localStorage.clear();
});
afterAll(() => server.close());

const echo = z.object({ echoed: z.boolean() });

/** A test path declared as the first-load calls are (method, path, answer check), called with call(). */
function declared<T>(
  method: Method,
  path: string,
  output: AnswerSchema<T>,
): FirstLoadEndpoint<AnyEndpoint, T> {
  return { method, path, output, firstLoad: true };
}
const get = <T>(
  path: string,
  payload: Payload | undefined,
  schema: AnswerSchema<T>,
  options?: RequestOptions,
) => call(declared('GET', path, schema), payload ?? {}, options);
const post = <T>(
  path: string,
  payload: Payload | undefined,
  schema: AnswerSchema<T>,
  options?: RequestOptions,
) => call(declared('POST', path, schema), payload ?? {}, options);

function signIn(): void {
  setSession({ userToken: 'tok-1', userTokenReal: 'tok-1', userTokenDemo: 'demo-1', user: { id: '1' } });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request conventions (SPEC §7)', () => {
  it('sends GET payloads as a query string with the standard headers and no token for guests', async () => {
    await get('/echo', { page: 1, size: 20, symbol: 'THYAO', skipped: undefined, empty: null }, echo);
    const [request] = seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.search).toBe('?page=1&size=20&symbol=THYAO');
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('accept-language')).toBe('tr-TR');
    expect(request?.headers.has('accesstoken')).toBe(false);
  });

  it('sends POST payloads form-encoded with the stored token', async () => {
    signIn();
    await post('/echo', { account: 'ayşe@example.com', amount: '1234.56', note: undefined }, echo);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(request?.body)).toEqual(
      new URLSearchParams({ account: 'ayşe@example.com', amount: '1234.56' }),
    );
    expect(request?.headers.get('accesstoken')).toBe('tok-1');
  });

  it('sends the chosen language as Accept-Language', async () => {
    setLanguage('en-US');
    await get('/echo', undefined, echo);
    expect(seen[0]?.headers.get('accept-language')).toBe('en-US');
  });

  it('validates data with the endpoint schema', async () => {
    server.use(
      http.get(`${API}/common/config`, () =>
        ok({ sandbox: true, serviceSaleSmartly: '', appVersion: '1.0.0' }),
      ),
    );
    await expect(call(firstLoad.config)).resolves.toEqual({
      sandbox: true,
      serviceSaleSmartly: '',
      appVersion: '1.0.0',
    });
    server.use(http.get(`${API}/common/config`, () => ok({ sandbox: 'yes' })));
    expect((await rejection(call(firstLoad.config))).kind).toBe('protocol');
  });
});

describe('schemas loaded with the call', () => {
  it('starts loading the schema before the answer comes and checks the answer with it', async () => {
    const order: string[] = [];
    server.use(
      http.get(`${API}/echo`, () => {
        order.push('answered');
        return ok({ echoed: true });
      }),
    );
    const load = () => {
      order.push('loading');
      return Promise.resolve(echo);
    };
    await expect(get('/echo', undefined, load)).resolves.toEqual({ echoed: true });
    expect(order).toEqual(['loading', 'answered']);
    server.use(http.get(`${API}/echo`, () => ok({ echoed: 'yes' })));
    expect((await rejection(get('/echo', undefined, load))).kind).toBe('protocol');
  });

  it('a schema that cannot load fails like the network, in the user’s words', async () => {
    const error = await rejection(
      get('/echo', undefined, () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.');
  });
});

describe('the answer index.html asked for as the page opened (preloaded-routes.ts)', () => {
  const holder = globalThis as Record<string, unknown>;
  afterEach(() => {
    delete holder[PREFETCHED_GLOBAL];
  });

  /** What route-preload's script leaves: its call, made with the headers it worked out. */
  function preload(path: string, headers: Record<string, string>, at = Date.now()): void {
    const url = `${API}${path}`;
    const answer = fetch(url, { headers });
    holder[PREFETCHED_GLOBAL] = new Map([[url, { headers, at, answer }]]);
  }

  it('is taken by the same call, once: the server is asked once for two calls', async () => {
    preload('/echo?symbol=THYAO', apiHeaders(false));
    expect(await get('/echo', { symbol: 'ASELS' }, echo)).toEqual({ echoed: true });
    // Another URL leaves it for its own call.
    expect(await get('/echo', { symbol: 'THYAO' }, echo)).toEqual({ echoed: true });
    expect(await get('/echo', { symbol: 'THYAO' }, echo)).toEqual({ echoed: true });
    expect(seen.map((s) => s.url.search)).toEqual(['?symbol=THYAO', '?symbol=ASELS', '?symbol=THYAO']);
  });

  it('is not taken when the headers differ (a language or session changed) or it is stale', async () => {
    preload('/echo?symbol=THYAO', { ...apiHeaders(false), 'Accept-Language': 'en-US' });
    await get('/echo', { symbol: 'THYAO' }, echo);
    expect(seen.map((s) => s.headers.get('accept-language'))).toEqual(['en-US', 'tr-TR']);

    seen = [];
    preload('/echo?symbol=THYAO', apiHeaders(false), Date.now() - 5_001);
    await get('/echo', { symbol: 'THYAO' }, echo);
    expect(seen).toHaveLength(2);

    seen = [];
    preload('/echo?symbol=THYAO', apiHeaders(false));
    signIn();
    await get('/echo', { symbol: 'THYAO' }, echo);
    expect(seen.map((s) => s.headers.get('accesstoken'))).toEqual([null, 'tok-1']);
  });

  it('a POST without fields the script made (method and empty body noted) is taken too; one with fields always leaves', async () => {
    signIn();
    const url = `${API}/echo`;
    const headers = apiHeaders(true);
    const answer = fetch(url, { method: 'POST', headers, body: '' });
    holder[PREFETCHED_GLOBAL] = new Map([
      [url, { method: 'POST', body: '', headers, at: Date.now(), answer }],
    ]);
    expect(await post('/echo', {}, echo)).toEqual({ echoed: true });
    expect(seen.map((s) => s.method)).toEqual(['POST']);

    seen = [];
    const again = fetch(url, { method: 'POST', headers, body: '' });
    holder[PREFETCHED_GLOBAL] = new Map([
      [url, { method: 'POST', body: '', headers, at: Date.now(), answer: again }],
    ]);
    await post('/echo', { amount: '1' }, echo);
    expect(seen.map((s) => s.body)).toEqual(['', 'amount=1']);
  });

  it('is read with the same rules: a refusal rejects with its key', async () => {
    server.use(
      http.get(`${API}/refused`, () => HttpResponse.json({ code: -1001, msg: 'Yok', key: 'NOT_FOUND' })),
    );
    preload('/refused?symbol=NOPE', apiHeaders(false));
    const error = await rejection(get('/refused', { symbol: 'NOPE' }, echo, { silent: true }));
    expect(error.key).toBe('NOT_FOUND');
    expect((holder[PREFETCHED_GLOBAL] as Map<string, unknown>).size).toBe(0);
  });
});

describe('answer handling (SPEC §8)', () => {
  it('-1000 clears the session and opens login', async () => {
    signIn();
    server.use(
      http.get(`${API}/user/login/info`, () =>
        HttpResponse.json({ code: -1000, msg: 'expired', key: 'SESSION_INVALID', data: {} }),
      ),
    );
    const error = await rejection(call(firstLoad.loginInfo));
    expect(error.kind).toBe('session');
    expect(session.userToken).toBe('');
    expect(localStorage.getItem('userToken')).toBe('""');
    expect(location.pathname).toBe('/pages/account/login');
  });

  it('-1000 in the middle of a screen says the session ended and has login come back to it', async () => {
    signIn();
    history.replaceState(null, '', '/pages/stock/order?symbol=THYAO');
    let answered = 0;
    server.use(
      http.get(`${API}/user/login/info`, () => {
        answered += 1;
        return HttpResponse.json({ code: -1000, msg: 'expired', key: 'SESSION_INVALID', data: {} });
      }),
    );
    // Two calls in flight at once both meet the end of the session: one toast, one redirect.
    const errors = await Promise.all([
      rejection(call(firstLoad.loginInfo)),
      rejection(call(firstLoad.loginInfo)),
    ]);
    expect(answered).toBe(2);
    expect(errors.map((e) => e.kind)).toEqual(['session', 'session']);
    expect(toast.text).toBe(trErrors.SESSION_INVALID);
    expect(location.pathname).toBe('/pages/account/login');
    expect(new URLSearchParams(location.search).get('redirect')).toBe('/pages/stock/order?symbol=THYAO');
    // Still there once a usual toast would be gone: login may take a slow phone seconds to show.
    await new Promise((resolve) => setTimeout(resolve, TOAST_MS + 200));
    expect(toast.text).toBe(trErrors.SESSION_INVALID);
  });

  it('-1000 of a call sent before the user signed in again leaves the new session alone', async () => {
    signIn();
    history.replaceState(null, '', '/pages/tabbar/mine');
    server.use(
      http.get(`${API}/user/login/info`, async () => {
        await delay(50);
        return HttpResponse.json({ code: -1000, msg: 'expired', key: 'SESSION_INVALID', data: {} });
      }),
    );
    const slow = rejection(call(firstLoad.loginInfo));
    setSession({ userToken: 'tok-2', userTokenReal: 'tok-2', userTokenDemo: 'demo-2', user: { id: '1' } });
    expect((await slow).kind).toBe('session');
    expect(session.userToken).toBe('tok-2');
    expect(location.pathname).toBe('/pages/tabbar/mine');
    expect(toast.text).toBe('');
  });

  it('-1000 on a guest says nothing of a session, and a sign-in screen is not returned to', async () => {
    history.replaceState(null, '', '/pages/account/reg');
    server.use(
      http.get(`${API}/user/login/info`, () =>
        HttpResponse.json({ code: -1000, msg: 'expired', key: 'SESSION_INVALID', data: {} }),
      ),
    );
    expect((await rejection(call(firstLoad.loginInfo))).kind).toBe('session');
    expect(toast.text).toBe('');
    expect(location.pathname + location.search).toBe('/pages/account/login');
  });

  it('-1001 toasts the message for 1 s and rejects with its key', async () => {
    server.use(
      http.post(`${API}/echo`, () =>
        HttpResponse.json({ code: -1001, msg: 'Bakiye yetersiz', key: 'INSUFFICIENT_BALANCE', data: {} }),
      ),
    );
    const error = await rejection(post('/echo', {}, echo));
    expect(error).toMatchObject({ kind: 'business', key: 'INSUFFICIENT_BALANCE', msg: 'Bakiye yetersiz' });
    expect(toast.text).toBe('Bakiye yetersiz');
    await new Promise((resolve) => setTimeout(resolve, ERROR_TOAST_MS + 50));
    expect(toast.text).toBe('');
    expect(location.pathname).toBe('/pages/tabbar/home');
  });

  it('-1001 stays quiet when the caller opts out', async () => {
    server.use(
      http.post(`${API}/echo`, () => HttpResponse.json({ code: -1001, msg: 'nope', key: 'X', data: {} })),
    );
    expect((await rejection(post('/echo', {}, echo, { silent: true }))).kind).toBe('business');
    expect(toast.text).toBe('');
  });

  it('a network failure hides the loading overlay and rejects with a localized message', async () => {
    server.use(http.get(`${API}/echo`, () => HttpResponse.error()));
    showLoading();
    const error = await rejection(get('/echo', undefined, echo));
    expect(error.kind).toBe('network');
    expect(error.timedOut).toBe(false);
    expect(error.message).toBe('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.');
    expect(loading.visible).toBe(false);
  });

  it('times out', async () => {
    server.use(
      http.get(`${API}/echo`, async () => {
        await delay('infinite');
        return ok({});
      }),
    );
    const error = await rejection(get('/echo', undefined, echo, { timeoutMs: 50 }));
    expect(error).toMatchObject({ kind: 'network', timedOut: true });
  });

  it('an answer that is not an envelope is a protocol error, told in the user’s words', async () => {
    server.use(http.get(`${API}/echo`, () => new HttpResponse('<html>proxy error</html>', { status: 502 })));
    const proxyError = await rejection(get('/echo', undefined, echo));
    expect(proxyError.kind).toBe('protocol');
    expect(proxyError.msg).toBe(trErrors.INTERNAL_ERROR);
    expect(proxyError.msg).not.toMatch(/HTTP|JSON|proxy/);
    server.use(http.get(`${API}/echo`, () => HttpResponse.json({ status: 'ok' })));
    expect((await rejection(get('/echo', undefined, echo))).kind).toBe('protocol');
  });
});

describe('user endpoints', () => {
  it('reads an empty login-info answer as signed out', async () => {
    server.use(http.get(`${API}/user/login/info`, () => ok({})));
    await expect(call(firstLoad.loginInfo)).resolves.toBeNull();
  });

  it('logs out with a POST carrying the token', async () => {
    signIn();
    let token: string | null = null;
    server.use(
      http.post(`${API}/user/logout`, ({ request }) => {
        token = request.headers.get('accesstoken');
        return ok({});
      }),
    );
    await call(firstLoad.logout);
    expect(token).toBe('tok-1');
  });
});
