import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app';
import type { TenantReads } from '../dashboards/tenant-reads';

/** What every feature's routes receive: the app's dependencies and the instance's kept tenant reads. */
export type ApiDeps = AppDeps & { tenantReads: TenantReads };

/** A feature's routes: a Fastify plugin that receives the API's dependencies (outside /api, the app's) as its options. */
export type RoutesPlugin<Deps extends AppDeps = ApiDeps> = FastifyPluginAsyncZod<Deps>;
