import type { FastifyInstance } from 'fastify';
import type { Method } from '../helpers/users.js';
import type { JsonSchema } from './fuzz-values.js';

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
export interface DocumentedRoute {
  method: Method;
  path: string;
  operation: Operation;
}

/** Every route the app's own OpenAPI document lists (GET /api/openapi.json), with its parameters. */
export async function documentedRoutes(app: FastifyInstance): Promise<DocumentedRoute[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase() as Method, path, operation })),
  );
}

export const parametersIn = (route: DocumentedRoute, place: Parameter['in']): Parameter[] =>
  (route.operation.parameters ?? []).filter((parameter) => parameter.in === place);
