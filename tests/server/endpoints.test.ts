import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isFacet, type AnyEndpoint } from '../../domain/protocol/endpoint';
import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import { instrumentCalls } from '../../domain/protocol/instrument-endpoints';
import { assetsFirstCalls } from '../../domain/protocol/assets-first-endpoints';
import { spotFirstCalls } from '../../domain/protocol/spot-first-endpoints';
import { ROUTES } from '../../server/app';
import { declaredEndpoints } from '../support/endpoints';

/** METHOD PATH of the spec's lines (comments and notes left out); `later`: those of a later wave. */
function specLines(later: boolean): string[] {
  const text = readFileSync(new URL('../fixtures/spec/endpoints.txt', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .filter((line) => /\bwave 4\b/.test(line) === later)
    .map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '));
}

/** Served beyond the spec's list, each for the reason noted. */
const BEYOND_SPEC = [
  // A loan's own account: every charge, the overdue penalty too, on a statement.
  'GET /user/loan/statement',
  // The spec's GET /user/vip/buy moves money; the same in a form body keeps the password out of URLs.
  'POST /user/vip/buy',
  // Lines drawn on a chart, kept on the server so they follow the user to another device.
  'POST /user/drawing/list',
  'POST /user/drawing/save',
  'POST /user/drawing/delete',
];

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('endpoints declared once', () => {
  const declared = declaredEndpoints();

  it('finds the declarations', () => {
    expect(declared.size).toBeGreaterThan(100);
  });

  it('gives every route a declaration, and every declaration exactly one route', () => {
    const undeclared = ROUTES.filter((route) => !declared.has(route.endpoint)).map(key);
    expect(undeclared).toEqual([]);
    const routesOf = new Map<AnyEndpoint, number>();
    for (const route of ROUTES) routesOf.set(route.endpoint, (routesOf.get(route.endpoint) ?? 0) + 1);
    const unimplemented = [...declared].filter(([e]) => routesOf.get(e) !== 1).map(([, name]) => name);
    expect(unimplemented).toEqual([]);
  });

  it('serves each method and path once, as the route says its declaration does', () => {
    const keys = ROUTES.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const route of ROUTES) expect(key(route)).toBe(key(route.endpoint));
  });

  it("declares the spec's endpoints.txt (its later wave as it comes), and no other", () => {
    const keys = new Set([...declared.keys()].map(key));
    expect(specLines(false).filter((line) => !keys.has(line))).toEqual([]);
    const spec = new Set([...specLines(false), ...specLines(true)]);
    expect([...keys].filter((k) => !spec.has(k)).sort()).toEqual([...BEYOND_SPEC].sort());
  });

  it('gives each facet the method, path, auth and repeat safety of a declaration a route serves', () => {
    const facets = [...declaredEndpoints(true).keys()].filter(isFacet);
    expect(facets.length).toBeGreaterThan(1);
    for (const facet of facets) {
      expect(declared.has(facet.facetOf)).toBe(true);
      const { method, path, auth, idempotent } = facet.facetOf;
      expect([facet.method, facet.path, facet.auth, facet.idempotent]).toEqual([
        method,
        path,
        auth,
        idempotent,
      ]);
    }
  });

  it('declares each first-load call as a declaration does, its schema loading being that one', async () => {
    const keys = new Set([...declared.keys()].map(key));
    const firstCalls = [firstLoad, instrumentCalls, spotFirstCalls, assetsFirstCalls].flatMap((calls) =>
      Object.values(calls),
    );
    const calls = firstCalls.flatMap((entry) => ('firstLoad' in entry ? [entry] : Object.values(entry)));
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.map(key).filter((k) => !keys.has(k))).toEqual([]);
    for (const entry of calls)
      if (typeof entry.output === 'function') {
        const schema = await entry.output();
        const owners = [...declared.keys()].filter((e) => e.output === schema).map(key);
        expect(owners).toContain(key(entry));
      }
  });
});
