import type { FastifyInstance, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { ResponseData } from '../../../shared/schemas/api.js';
import { errorResponses, ok } from '../responses.js';

/** What the OpenAPI document says of one of the two routes. */
interface RouteDocs {
  tags?: string[];
  summary: string;
  description?: string;
}

export interface SettingRoutes<Response extends z.ZodType, Body extends z.ZodType> {
  path: string;
  /** The setting as it is now, answered by both routes in this one schema. */
  response: Response;
  current: () => ResponseData<Response> | Promise<ResponseData<Response>>;
  get: RouteDocs;
  put: RouteDocs & {
    /** Where the change is sent, when not to `path` itself. */
    path?: string;
    body: Body;
    /** The error answers the change may give besides those of the owner scope; none unless said. */
    errors?: number[];
    /** Checks and stores the change; the route then answers the setting as it is now. */
    save: (body: z.output<Body>) => Promise<void>;
    /** The answer's message; "OK" unless said. */
    message?: string;
  };
}

/**
 * A setting of the owner's Settings, read and changed as a whole: GET answers it, PUT changes it and
 * answers it as it is then, in the same schema, so a Settings card shows the answer of either.
 */
export function settingRoutes<Response extends z.ZodType, Body extends z.ZodType>(
  app: FastifyInstance,
  setting: SettingRoutes<Response, Body>,
): void {
  const { path, response, current, get, put } = setting;

  // The type provider cannot resolve schemas that are type parameters, so the schemas are plain
  // `FastifySchema`s here and `SettingRoutes` holds the types. The zod compilers check and serialize
  // all the same.
  const getSchema: FastifySchema = { ...docs(get), response: { 200: response } };
  const putSchema: FastifySchema = {
    ...docs(put),
    body: put.body,
    response: { 200: response, ...errorResponses(...(put.errors ?? [])) },
  };

  app.get(path, {
    schema: getSchema,
    handler: async () => ok(await current()),
  });

  app.put(put.path ?? path, {
    schema: putSchema,
    handler: async (request) => {
      // Already parsed by `put.body` before the handler runs.
      await put.save(request.body as z.output<Body>);
      return ok(await current(), put.message);
    },
  });
}

/** The documentation keys in the order every route declares them, so the OpenAPI document stays as it was. */
function docs({ tags, summary, description }: RouteDocs): RouteDocs {
  return { ...(tags && { tags }), summary, ...(description !== undefined && { description }) };
}
