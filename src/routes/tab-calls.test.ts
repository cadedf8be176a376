import { describe, expect, it } from 'vitest';
import { assetEndpoints } from '../../domain/protocol/endpoints/assets';
import { contractEndpoints } from '../../domain/protocol/endpoints/contracts';
import { ipoEndpoints } from '../../domain/protocol/endpoints/ipo';
import { offlineEndpoints } from '../../domain/protocol/endpoints/offline';
import { FIRST_CALLS } from './first-calls';
import { TAB_CALLS } from './tab-calls';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

describe("the tabs' first reads without zod", () => {
  it('name the declarations the tabs call, by method and path', () => {
    const named = Object.values(TAB_CALLS)
      .flatMap((calls) => (typeof calls === 'function' ? calls(new URLSearchParams()) : calls))
      .map((call) => route(call.endpoint));
    for (const declared of [
      assetEndpoints.assets,
      contractEndpoints.listActive,
      ipoEndpoints.today,
      ipoEndpoints.coming,
      ipoEndpoints.list,
      offlineEndpoints.today,
    ])
      expect(named).toContain(route(declared));
  });

  it("are first-calls.ts's calls of the tabs, so a navigation and the idle app ask the same", () => {
    for (const path of Object.keys(TAB_CALLS))
      expect(FIRST_CALLS[path]).toBe(TAB_CALLS[path as keyof typeof TAB_CALLS]);
  });
});
