import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

type JsonSchema = { [key: string]: unknown };

/**
 * Replies are written by fast-json-stringify from the JSON Schema of the route's zod reply schema (decision 140),
 * compiled once per route: only the schema's properties are written, in the schema's order, as zod's parse would
 * have kept them. A schema with no JSON form (a transform, a custom type) keeps zod's parse-then-stringify.
 */
export function replyJsonSchema(schema: z.ZodType): JsonSchema | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return null;
  }
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null';

/** `anyOf: [X, null]` becomes X with a null type: fast-json-stringify checks a type, where anyOf runs a validator. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const options = out.anyOf ?? out.oneOf;
  if (Array.isArray(options) && options.length === 2 && options.some(isNull)) {
    const other = options.find((o) => !isNull(o)) as JsonSchema;
    if (typeof other.type === 'string' && !other.anyOf && !other.oneOf && !other.allOf) {
      const { anyOf: _a, oneOf: _o, ...rest } = out;
      const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
      return merged;
    }
  }
  return out;
}

/**
 * The app's serializer compiler. With `check` (tests and development) every reply is also encoded the old way, by
 * zod, and a reply that does not fit its schema or that the two would write differently fails with a 500: the whole
 * test suite then proves the compiled serializers write exactly what zod would.
 */
export function replySerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    // Compiled on the route's first reply: compiling every route's serializer up front cost ~0.4 s of start-up.
    return (data) => (serialize ??= compileReplySerializer(route, check))(data);
  };
}

type SerializerRoute = Parameters<FastifySerializerCompiler<unknown>>[0];

function compileReplySerializer(route: SerializerRoute, check: boolean): (data: unknown) => string {
  const schema = route.schema;
  const json = schema instanceof $ZodType ? replyJsonSchema(schema as z.ZodType) : null;
  if (!json) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  return stringifier(schema as z.ZodType, json, check, route);
}

type Where = { method: string; url: string };

function stringifier(schema: z.ZodType, json: JsonSchema, check: boolean, where: Where): (data: unknown) => string {
  const stringify = fastJson(json);
  if (!check) return (data) => stringify(data);
  return (data) => {
    const encoded = z.safeEncode(schema, data);
    if (encoded.error) throw new ResponseSerializationError(where.method, where.url, { cause: encoded.error });
    const fast = stringify(data);
    if (fast !== JSON.stringify(encoded.data))
      throw new Error(`${where.method} ${where.url}: the compiled reply serializer and zod disagree: ${fast}`);
    return fast;
  };
}

/**
 * A serializer for part of a route's reply, written outside Fastify's serializer (lib/json-parts.ts): compiled the
 * same way on first use, and checked the same way when the app checks replies (`check`).
 */
export function jsonPartSerializer<T>(schema: z.ZodType<T>, where: Where): (data: T, check: boolean) => string {
  const compiled: { checked?: (data: unknown) => string; fast?: (data: unknown) => string } = {};
  const compile = (check: boolean) => {
    const json = replyJsonSchema(schema);
    if (!json) throw new Error(`${where.method} ${where.url}: a reply part needs a schema with a JSON Schema form`);
    return stringifier(schema, json, check, where);
  };
  return (data, check) =>
    check ? (compiled.checked ??= compile(true))(data) : (compiled.fast ??= compile(false))(data);
}
