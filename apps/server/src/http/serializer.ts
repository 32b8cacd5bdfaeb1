// Response bodies: each route's zod response schema (packages/contracts) is turned into JSON
// Schema once, at startup, and compiled by fast-json-stringify, Fastify's own serialiser. It
// writes only the properties the contract declares (nothing else a row holds can leak) without
// validating the whole answer with zod on every request, which cost the reader and the lists
// most of their serialisation time (docs/performance.md).
//
// The contracts stay the source of truth: with `checkContracts` (every API test's app, see
// test/test-app.ts) each answer is first checked against its zod schema, so a service that drifts
// from its contract fails the tests instead of being coerced quietly.

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

export function responseSerializerCompiler({
  checkContracts,
}: {
  checkContracts: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const stringify = fastJson(
      z.toJSONSchema(route.schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' }) as object,
    );
    if (!checkContracts) return stringify;
    const checked = zodSerializerCompiler(route);
    return (data) => {
      checked(data);
      return stringify(data);
    };
  };
}
