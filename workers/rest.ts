import { coinInfosRoute, type Route } from '../domain/protocol/endpoints/first-load';
import { CODE_OK, parseEnvelope } from '../domain/protocol/envelope';
import { parseCoinInfos } from '../domain/protocol/market-rest-parse';
import type { CoinInfo } from '../domain/protocol/market';

/**
 * The REST calls the worker makes at start: coin scales once. The stock poller's reads live in
 * ./rest-poll.ts, imported only when polling starts. Checked by hand (domain/protocol), so the
 * worker's first load carries no zod.
 */
export type RestOptions = {
  fetch: typeof fetch;
  apiBase: string;
  locale: string;
  /** The session token, for a declaration whose auth is `user` (a replay's state). */
  token?: string;
};

/** An error answer: its envelope's key (or code), which the page turns into its message. */
export class RouteError extends Error {
  constructor(
    path: string,
    readonly key: string,
  ) {
    super(`${path}: ${key}`);
  }
}

/**
 * The worker's one way to the API: a declaration's method and path (domain/protocol/endpoints),
 * the input as its query or form; returns the envelope's data, throwing on an error answer.
 */
export async function callRoute(
  options: RestOptions,
  route: Route,
  input: Readonly<Record<string, string>> = {},
): Promise<unknown> {
  const form = new URLSearchParams(input).toString();
  const headers: Record<string, string> = { 'Accept-Language': options.locale };
  if (options.token) headers.accesstoken = options.token;
  let url = `${options.apiBase}${route.path}`;
  const init: RequestInit = { method: route.method, headers };
  if (route.method === 'GET') url += form ? `?${form}` : '';
  else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = form;
  }
  const response = await options.fetch(url, init);
  const envelope = parseEnvelope(await response.json());
  if (envelope.code !== CODE_OK) throw new RouteError(route.path, envelope.key ?? String(envelope.code));
  return envelope.data;
}

export async function fetchCoinInfos(options: RestOptions): Promise<CoinInfo[]> {
  return parseCoinInfos(await callRoute(options, coinInfosRoute));
}
