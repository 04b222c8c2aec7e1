import type { FastifyReply } from 'fastify';

/** An answer about one caller: never kept by a shared cache, nor by the browser. */
export const privateNoStore = (reply: FastifyReply): FastifyReply =>
  reply.header('cache-control', 'private, no-store');
