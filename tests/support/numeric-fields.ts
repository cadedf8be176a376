import type { z } from 'zod';
import type { AnyEndpoint } from '../../domain/protocol/endpoint';
import { decimalColumns } from '../../domain/validation/fields';
import type { ColumnScale } from '../../domain/validation/scale';

/** One shape of a declaration's request and the decimal fields in it, with their columns. */
export type NumericTarget = {
  endpoint: AnyEndpoint;
  /** `METHOD path`. */
  key: string;
  fields: { name: string; column: ColumnScale }[];
};

type Node = { _zod: { def: Record<string, unknown> } };
const defOf = (schema: unknown) => (schema as Node)._zod.def;

/** A field's column, through the optional, default and pipe wrappers around its decimal(). */
function columnOf(schema: unknown): ColumnScale | null {
  for (let node = schema, depth = 0; node && depth < 10; depth++) {
    const meta = decimalColumns.get(node as z.ZodType);
    if (meta) return meta.column;
    const def = defOf(node);
    node = def.innerType ?? def.in ?? def.schema;
  }
  return null;
}

/** The object shapes a request schema accepts: its own, or each of a union's. */
function shapesOf(schema: unknown): Record<string, unknown>[] {
  const def = defOf(schema);
  if (def.type === 'object') return [def.shape as Record<string, unknown>];
  if (def.type === 'union') return (def.options as unknown[]).flatMap(shapesOf);
  const inner = def.innerType ?? def.in ?? def.schema;
  return inner ? shapesOf(inner) : [];
}

/** The decimal fields of each shape of a declaration's request (none: no target). */
export function decimalFieldsOf(endpoint: AnyEndpoint): NumericTarget[] {
  return shapesOf(endpoint.input).flatMap((shape) => {
    const fields = Object.entries(shape).flatMap(([name, schema]) => {
      const column = columnOf(schema);
      return column ? [{ name, column }] : [];
    });
    return fields.length ? [{ endpoint, key: `${endpoint.method} ${endpoint.path}`, fields }] : [];
  });
}
