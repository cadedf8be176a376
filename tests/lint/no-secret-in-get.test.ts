import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../support/endpoints';

/**
 * A GET's input is its query string, and a query string ends up in browser history, proxy and
 * server logs and the Referer header: no secret may ride in one. So no GET declaration's input
 * may name a password, PIN or token field; such a request is a POST with the field in its body.
 */
const SECRET = /pass(?:word|wd)|pwd|pin|token|secret/i;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every field name an object schema (through wrappers, pipes, unions and intersections) reads. */
function fieldNames(schema: z.ZodType, depth = 0): string[] {
  if (depth > 10) return [];
  const def = defOf(schema);
  const inner = [def.innerType, def.in, def.left, def.right, ...(def.options ?? [])].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  const own = def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
  return [...own, ...inner.flatMap((s) => fieldNames(s, depth + 1))];
}

describe('no secret in a URL', () => {
  const declared = [...declaredEndpoints()];

  it('reads the fields of refined, defaulted and piped inputs (the check sees what a GET takes)', async () => {
    const { z } = await import('zod');
    const piped = z
      .object({ a: z.string(), tradePassword: z.string().default('') })
      .refine(() => true)
      .transform((v) => v);
    expect(fieldNames(piped)).toEqual(['a', 'tradePassword']);
    const union = z.union([z.object({ x: z.string() }), z.object({ pin: z.string().optional() })]);
    expect(fieldNames(union.optional())).toEqual(['x', 'pin']);
  });

  it('no GET endpoint takes a password, PIN or token in its query', () => {
    const gets = declared.filter(([e]) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(30);
    const leaking = gets.flatMap(([e, name]) =>
      fieldNames(e.input)
        .filter((field) => SECRET.test(field))
        .map((field) => `${name} (GET ${e.path}): ${field}`),
    );
    expect(leaking).toEqual([]);
  });

  it('the POSTs that take a PIN still declare it (the check is not looking at nothing)', () => {
    const posts = declared.filter(([e]) => e.method === 'POST');
    const withPin = posts.filter(([e]) => fieldNames(e.input).includes('tradePassword'));
    expect(withPin.length).toBeGreaterThan(5);
  });
});
