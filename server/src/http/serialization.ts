import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

// The serializer compiler Fastify itself would use, resolved from Fastify's own location so that it
// is always the copy (and version) Fastify depends on.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => SerializerFactory };
const buildDefault = SerializerSelector();

/** Compiled serializers by response schema object, then by the external schemas and options they were built with. */
const compiled = new WeakMap<object, Map<string, Serializer>>();

/**
 * Fastify's own response serializers, compiled once per schema per process instead of once per app.
 * Compiling them is most of the time an app takes to get ready (about 70 % on a 2-core machine), and
 * the route schemas are module constants; a process that builds many apps (the server test suite
 * builds one per test; two nodes in one process) would otherwise compile the same functions again
 * each time. A serializer depends only on its schema and the external schemas and options, which
 * are part of the key.
 */
export const cachedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const build = buildDefault(externalSchemas, options);
  const variant = JSON.stringify([externalSchemas ?? {}, options ?? {}]);
  return (route) => {
    const schema = route.schema;
    if (typeof schema !== 'object' || schema === null) return build(route);
    let byVariant = compiled.get(schema);
    if (!byVariant) {
      byVariant = new Map();
      compiled.set(schema, byVariant);
    }
    let serializer = byVariant.get(variant);
    if (!serializer) {
      serializer = build(route);
      byVariant.set(variant, serializer);
    }
    return serializer;
  };
};
