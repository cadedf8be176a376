import type { z } from 'zod';
import type { AnyEndpoint } from '../../domain/protocol/endpoint';
import type { FirstLoadEndpoint } from '../../domain/protocol/first-load-endpoints';
import {
  apiHeaders,
  request,
  send,
  type AnswerSchema,
  type Payload,
  type PayloadValue,
  type RequestOptions,
} from './request';

/**
 * A declared field as a caller gives it: a text field takes a number too (the wire is text), a
 * file field any Blob (named from the field and its type on the way out).
 */
type WireValue<T> = T extends string ? (string extends T ? string | number : T) : T extends File ? Blob : T;

/**
 * The input of a declared endpoint, from its schema (what the server parses); one shape per
 * alternative of a union. Named fields only: a schema refusing any other name has an index
 * signature of never.
 */
type Fields<T> = T extends unknown
  ? { [K in keyof T as string extends K ? never : K]: WireValue<T[K]> }
  : never;
/** A declaration, or its first-load form (domain/protocol/first-load-endpoints.ts). */
type Callable = AnyEndpoint | FirstLoadEndpoint<AnyEndpoint, unknown>;
type Declared<E extends Callable> = E extends FirstLoadEndpoint<infer D, unknown> ? D : E;
export type CallInput<E extends Callable> = Fields<z.input<Declared<E>['input']>>;
/** The answer's data of a declared endpoint, as its schema (or its hand check) reads it. */
export type CallOutput<E extends Callable> =
  E extends FirstLoadEndpoint<AnyEndpoint, infer T> ? T : z.output<Declared<E>['output']>;

type CallArgs<E extends Callable> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: RequestOptions]
    : [input: CallInput<E>, options?: RequestOptions];

/**
 * Calls a declared endpoint (domain/protocol/endpoints): its method and path, the input encoded
 * as a form or query (multipart/form-data when it carries files), the answer checked against its
 * output schema, with request()'s rules for everything else.
 */
export function call<E extends Callable>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<CallOutput<E>> {
  const check = endpoint.output as AnswerSchema<CallOutput<E>>;
  const fields: Record<string, unknown> = input ?? {};
  if (endpoint.method === 'POST' && Object.values(fields).some(isBlob)) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (isBlob(value)) form.append(name, value, fileName(name, value));
      else if (value !== undefined && value !== null) form.append(name, String(value as PayloadValue));
    }
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    return send(
      endpoint.path,
      '',
      { method: 'POST', headers: apiHeaders(false), body: form },
      check,
      options,
    );
  }
  return request(endpoint.method, endpoint.path, fields as Payload, check, options);
}

/** By its shape: a Blob from another realm (a test's, a frame's) is a file all the same. */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === 'function' &&
    typeof (value as Blob).type === 'string'
  );
}

/** The field and the image type (`front.png`): the broker reads what a file is from its bytes. */
function fileName(field: string, blob: Blob): string {
  const ext = blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg';
  return `${field}.${ext}`;
}
