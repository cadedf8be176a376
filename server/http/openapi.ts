import { z } from 'zod';
import { API_PREFIX } from '../../domain/protocol/envelope';
import { ERROR_KEYS } from '../../domain/protocol/error-keys';
import type { RouteDef } from './route';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: {
        type: 'integer',
        enum: [0, -1000, -1001],
        description: '0 ok, -1000 session invalid, -1001 error',
      },
      msg: { type: 'string', description: 'Localized by Accept-Language' },
      key: { type: 'string', enum: [...ERROR_KEYS], description: 'Stable reason on errors' },
      params: {
        type: 'object',
        additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        description:
          'On a few errors, figures a client acts on: triesLeft (a wrong PIN), until (a PIN lock, epoch ms)',
      },
      data: { oneOf: [data, { type: 'object', maxProperties: 0 }] },
    },
  };
}

function operation(route: RouteDef): JsonSchema {
  const input = jsonSchema(route.input, 'input');
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const op: JsonSchema = {
    tags: [route.tag],
    summary: route.summary,
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
    parameters: [
      { $ref: '#/components/parameters/AcceptLanguage' },
      ...(route.auth === 'user' ? [{ $ref: '#/components/parameters/AccessToken' }] : []),
    ],
    responses: {
      '200': route.produces
        ? {
            description: 'The bytes on success; an error envelope otherwise',
            content: {
              ...Object.fromEntries(
                route.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              ),
              'application/json': { schema: envelope({ type: 'object' }) },
            },
          }
        : {
            description: 'An envelope: data on code 0, a localized msg and key otherwise',
            content: { 'application/json': { schema: envelope(jsonSchema(route.output, 'output')) } },
          },
      '413': { $ref: '#/components/responses/TooLarge' },
    },
  };
  if (route.method === 'GET') {
    (op.parameters as JsonSchema[]).push(
      ...Object.entries(properties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      })),
    );
  } else {
    op.requestBody = {
      required: required.size > 0,
      content: Object.fromEntries(
        (route.body === 'multipart'
          ? ['multipart/form-data']
          : route.body === 'form-or-multipart'
            ? ['application/x-www-form-urlencoded', 'multipart/form-data']
            : ['application/x-www-form-urlencoded']
        ).map((type) => [type, { schema: input }]),
      ),
    };
  }
  return op;
}

/** The API document, generated from the very schemas that validate requests and answers. */
export function buildOpenApi(routes: readonly RouteDef[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  const errorSchema = envelope({ type: 'object' });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seans sandbox broker API',
      version,
      description:
        'Paper money only. Every answer is an envelope {code, msg, key?, params?, data}; GET takes a query, POST a form-encoded body.',
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      parameters: {
        AccessToken: {
          name: 'accesstoken',
          in: 'header',
          required: true,
          description: 'The session token from /user/login',
          schema: { type: 'string' },
        },
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['tr-TR', 'en-US'], default: 'tr-TR' },
        },
      },
      responses: {
        TooLarge: {
          description: 'The body is over the size limit',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    },
  };
}
