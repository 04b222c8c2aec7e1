import type { FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its hooks, handlers and decorators apply to the
 * whole app (what the `fastify-plugin` package does, through Fastify's documented
 * `skip-override` symbol; we avoid a dependency for two lines).
 */
export function rootPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options>;
export function rootPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginCallback<Options>,
): FastifyPluginCallback<Options>;
export function rootPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
): FastifyPluginAsync<Options> | FastifyPluginCallback<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
