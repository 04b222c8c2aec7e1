import type { FastifyReply } from 'fastify';

/** An answer about one caller: never kept by a shared cache, nor by the browser. */
export const privateNoStore = (reply: FastifyReply): FastifyReply =>
  reply.header('cache-control', 'private, no-store');

/** A page of a list: how many items match, in a header the web app may read across origins. */
export const withTotalCountHeader = (reply: FastifyReply, total: number): FastifyReply =>
  reply
    .header('x-total-count', String(total))
    .header('access-control-expose-headers', 'X-Total-Count');

/** A file download: private, never cached, saved under `fileName`. */
export function sendFile(
  reply: FastifyReply,
  contentType: string,
  fileName: string,
  body: Buffer | string,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
