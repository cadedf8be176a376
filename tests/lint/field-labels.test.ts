import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import en from '../../locales/en-US/errors.json';
import tr from '../../locales/tr-TR/errors.json';
import { ROUTES } from '../../server/app';

/** Every field name a request schema can name in an error: objects' keys, through pipes and unions. */
function fieldNames(schema: ZodType, into: Set<string>): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) for (const key of Object.keys(shape)) into.add(key);
  else if (def.type === 'pipe') fieldNames(def.in as ZodType, into);
  else if (def.type === 'union') for (const option of def.options as ZodType[]) fieldNames(option, into);
  else throw new Error(`a request schema of type ${String(def.type)}: teach fieldNames to read it`);
  return into;
}

describe('field names in error messages', () => {
  // "{{field}} alanı zorunludur." named the wire's identifier ("cardId alanı zorunludur.") for
  // every field without a label, in both languages.
  it('every field of every route has a label in both languages', () => {
    const names = new Set<string>();
    for (const route of ROUTES) fieldNames(route.input, names);
    const missing = (labels: Record<string, string>) => [...names].filter((n) => !labels[n]).sort();
    expect(missing(tr.fields)).toEqual([]);
    expect(missing(en.fields)).toEqual([]);
  });
});
