import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart, { type Multipart } from '@fastify/multipart';
import { ApiError } from './errors';
import type { BodyKind } from '../../domain/protocol/endpoint';

/** Stands for a body in a format we don't take; the route answers -1001 UNSUPPORTED_MEDIA_TYPE. */
export const UNSUPPORTED_BODY = Symbol('unsupported-body');

/** What a route's POST body is: a form (SPEC §7), or multipart/form-data carrying files (KYC images). */
export type { BodyKind } from '../../domain/protocol/endpoint';

const MIB = 1024 * 1024;

/**
 * Multipart is only for the two KYC images and their few text fields, so the limits are tight:
 * every part, field and file is bounded, and so is the whole body.
 */
export const MULTIPART_LIMITS = {
  fileSize: 5 * MIB,
  files: 2,
  fields: 10,
  parts: 12,
  /** The same as a whole form body: no text field needs more. */
  fieldSize: 64 * 1024,
} as const;

/** Two full-size files plus the text fields and the multipart framing. */
export const MULTIPART_BODY_LIMIT = MULTIPART_LIMITS.files * MULTIPART_LIMITS.fileSize + 256 * 1024;

function statusError(message: string, statusCode: number): Error {
  return Object.assign(new Error(message), { statusCode });
}

function isMultipartType(req: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * POST bodies are form-encoded (SPEC §7), or multipart for the routes that take files. Anything
 * else is read (within the body limit, so an oversized one still gets 413) and answered with a
 * clear error instead of Fastify's 415.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody);
  // The files are read in the route (readBody), where a truncated file becomes IMAGE_TOO_LARGE
  // rather than the plugin's generic 413.
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS }, throwFileSizeLimit: false });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, UNSUPPORTED_BODY));
  // The multipart parser streams instead of buffering, so Fastify's bodyLimit does not apply to
  // it: the declared length is checked here, and Node's parser never reads past it. A streamed
  // (chunked) upload has no length to check, so it is refused; browsers always send one.
  app.addHook('preParsing', async (req) => {
    if (!isMultipartType(req)) return;
    const declared = req.headers['content-length'];
    if (declared === undefined) throw new ApiError('MALFORMED_REQUEST');
    if (Number(declared) > MULTIPART_BODY_LIMIT) throw statusError('multipart body too large', 413);
  });
}

/** The body of a POST as its route takes it, or UNSUPPORTED_BODY. */
export async function readBody(req: FastifyRequest, kind: BodyKind): Promise<unknown> {
  if (kind === 'form') return req.isMultipart() ? UNSUPPORTED_BODY : (req.body ?? {});
  // A deposit is a form, or multipart when it carries its receipt.
  if (kind === 'form-or-multipart') return req.isMultipart() ? readMultipart(req) : (req.body ?? {});
  if (!req.isMultipart()) return UNSUPPORTED_BODY;
  return readMultipart(req);
}

type MultipartBody = Record<string, unknown>;

function add(body: MultipartBody, name: string, value: unknown): void {
  const existing = body[name];
  // A repeated name becomes a list, which the string or file schema then refuses, as with forms.
  if (existing === undefined) body[name] = value;
  else body[name] = Array.isArray(existing) ? [...(existing as unknown[]), value] : [existing, value];
}

/** Reads a whole file part; `null` when it went over the size limit (the rest is drained, not kept). */
async function fileBytes(part: Extract<Multipart, { type: 'file' }>): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (!part.file.truncated) chunks.push(chunk as Buffer);
  }
  return part.file.truncated ? null : Buffer.concat(chunks);
}

/**
 * A multipart body as the input schema sees it: text fields as strings, files as `File`s, keyed
 * by name. Every part is read before answering, so the caller gets the answer after it finished
 * sending rather than a reset connection. Over-limit counts (files, fields, parts, a field's
 * size) are 413s; a file over the size limit is IMAGE_TOO_LARGE with its field.
 */
async function readMultipart(req: FastifyRequest): Promise<MultipartBody> {
  const body: MultipartBody = Object.create(null) as MultipartBody;
  let tooLarge: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await fileBytes(part);
        if (bytes === null) tooLarge ??= part.fieldname;
        // A file input left empty is sent as a nameless empty file: it is simply absent. (Browsers
        // send `filename=""`; some clients leave the name out, which the parser gives as undefined.)
        else if (part.filename || bytes.length > 0)
          add(body, part.fieldname, new File([bytes], part.filename ?? '', { type: part.mimetype }));
      } else {
        if (part.valueTruncated) throw statusError('multipart field too large', 413);
        add(body, part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw error;
    // Broken framing, a missing boundary, a prototype-polluting name: the body is unreadable.
    req.log.info({ err: error }, 'unreadable multipart body');
    throw new ApiError('MALFORMED_REQUEST');
  }
  if (tooLarge !== null)
    throw new ApiError('IMAGE_TOO_LARGE', { maxMb: MULTIPART_LIMITS.fileSize / MIB, field: tooLarge });
  return body;
}
