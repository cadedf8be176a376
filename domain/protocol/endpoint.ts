import { z } from 'zod';

/**
 * One REST endpoint as server and client both see it: the server implements it
 * (server/http/route.ts `implement`), the client calls it (src/api/request.ts `call`), so the
 * method, path and schemas of the two cannot drift. Declarations live in
 * domain/protocol/endpoints/<area>.ts, one exported object of them per area.
 */
export type Method = 'GET' | 'POST';
/** `user`: the accesstoken header must name a live session (-1000 otherwise). */
export type Auth = 'none' | 'user';
/** A POST body's format: a form (the default), multipart/form-data with files, or either. */
export type BodyKind = 'form' | 'multipart' | 'form-or-multipart';

/** A request schema: an object, possibly refined or transformed (cross-field rules). */
export type InputSchema = z.ZodType<unknown, Record<string, unknown>>;

export type Endpoint<I extends InputSchema, O extends z.ZodType, A extends Auth> = {
  readonly method: Method;
  /** Path under API_PREFIX, as in the spec's endpoints.txt. */
  readonly path: string;
  readonly auth: A;
  /** GET: the query; POST: the body. Anything it refuses is a -1001 before the handler runs. */
  readonly input: I;
  /** The answer's `data`: the server checks what it sends, the client what it receives. */
  readonly output: O;
  /**
   * A money-moving request whose input spreads `withRequestId` (request-id.ts): a repeat with
   * the same id moves the money once and answers the first result.
   */
  readonly idempotent: boolean;
  readonly body?: BodyKind;
  /** Media types of a byte answer (an image); absent, the answer is an envelope. */
  readonly produces?: readonly string[];
};

/** Any declaration, whatever its schemas (the registry and the coverage test hold them so). */
export type AnyEndpoint = Endpoint<InputSchema, z.ZodType, Auth>;

/**
 * A byte answer (an image), sent as is with its headers; failures are still envelopes. The
 * server's handler fills it; a client reads the bytes, not this.
 */
export const bytesAnswerSchema = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  contentType: z.string(),
  headers: z.record(z.string(), z.string()),
});

/** Declares an endpoint; `idempotent` only where a session owns the request ids. */
export function endpoint<I extends InputSchema, O extends z.ZodType, A extends Auth>(def: {
  method: Method;
  path: string;
  auth: A;
  input: I;
  output: O;
  idempotent?: A extends 'user' ? boolean : never;
  body?: BodyKind;
  produces?: readonly string[];
}): Endpoint<I, O, A> {
  return { ...def, idempotent: def.idempotent ?? false };
}

/** True for a declaration (the coverage test walks the modules' exports with it). */
export function isEndpoint(value: unknown): value is AnyEndpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path, input, output } = value as Record<string, unknown>;
  return (
    (method === 'GET' || method === 'POST') &&
    typeof path === 'string' &&
    typeof input === 'object' &&
    typeof output === 'object'
  );
}

/** A facet (facet()): a declaration a client calls, of a path another declaration serves. */
export type Facet<I extends InputSchema, O extends z.ZodType, A extends Auth> = Endpoint<I, O, A> & {
  readonly facetOf: Endpoint<InputSchema, z.ZodType, A>;
};

/**
 * One path answering two shapes, told apart by the input (an option's quote or its trade): each
 * shape gets a declaration of its own, so a caller reads the answer its input gets as declared.
 * The server implements `served`, whose input and output are the union of its facets'; the
 * facets share its method, path, auth and repeat safety (tests/server/endpoints.test.ts).
 */
export function facet<I extends InputSchema, O extends z.ZodType, A extends Auth>(
  served: Endpoint<InputSchema, z.ZodType, A>,
  def: { input: I; output: O },
): Facet<I, O, A> {
  return { ...served, ...def, facetOf: served };
}

export function isFacet(value: AnyEndpoint): value is Facet<InputSchema, z.ZodType, Auth> {
  return 'facetOf' in value;
}
