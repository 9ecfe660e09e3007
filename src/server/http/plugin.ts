import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app';

/** A feature's routes: a Fastify plugin that receives the app's dependencies as its options. */
export type RoutesPlugin = FastifyPluginAsyncZod<AppDeps>;
