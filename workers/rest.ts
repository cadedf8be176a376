import { CODE_OK, parseEnvelope } from '../domain/protocol/envelope';
import { parseCoinInfos } from '../domain/protocol/market-rest-parse';
import type { CoinInfo } from '../domain/protocol/market';

/**
 * The REST calls the worker makes at start: coin scales once. The stock poller's reads live in
 * ./rest-poll.ts, imported only when polling starts. Checked by hand (domain/protocol), so the
 * worker's first load carries no zod.
 */
export type RestOptions = { fetch: typeof fetch; apiBase: string; locale: string };

/** One API call; returns the envelope's data, throwing on an error answer. */
export async function call(
  options: RestOptions,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
): Promise<unknown> {
  const form = new URLSearchParams(params).toString();
  const headers: Record<string, string> = { 'Accept-Language': options.locale };
  let url = `${options.apiBase}${path}`;
  const init: RequestInit = { method, headers };
  if (method === 'GET') url += form ? `?${form}` : '';
  else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = form;
  }
  const response = await options.fetch(url, init);
  const envelope = parseEnvelope(await response.json());
  if (envelope.code !== CODE_OK) throw new Error(`${path}: ${envelope.key ?? envelope.code}`);
  return envelope.data;
}

export async function fetchCoinInfos(options: RestOptions): Promise<CoinInfo[]> {
  return parseCoinInfos(await call(options, 'POST', '/coin/infos', {}));
}
