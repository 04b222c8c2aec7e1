import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';
import { etagOf, logoSvg, newsBannerSvg, type BannerSize } from './media-svg.js';

// `<key>-<size>.svg`, e.g. 17-large.svg. Keys are short slugs; nothing else reaches the SVG.
const bannerFile = /^([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)-(large|medium|small)\.svg$/;
const bannerParams = z.object({ file: z.string() });

const YEAR = 365 * 24 * 60 * 60;
const DAY = 24 * 60 * 60;

function sendSvg(
  request: FastifyRequest,
  reply: FastifyReply,
  svg: string,
  maxAge: number,
): FastifyReply | string {
  const etag = etagOf(svg);
  reply
    .header('cache-control', `public, max-age=${maxAge}${maxAge === YEAR ? ', immutable' : ''}`)
    .header('etag', etag)
    // An SVG opened on its own is a document: let it run nothing, even if one ever held script.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type('image/svg+xml; charset=utf-8');
  return svg;
}

/**
 * Public images outside /api (no bearer): generated news header banners and the logo, the
 * default news image (§9). Both are deterministic, so they cache well.
 */
export const mediaRoutes: FastifyPluginCallback = (app, _options, done) => {
  const logo = logoSvg();

  app.get('/media/logo.svg', async (request, reply) => sendSvg(request, reply, logo, DAY));

  app.get('/media/news/:file', async (request, reply) => {
    const { file } = bannerParams.parse(request.params);
    const match = bannerFile.exec(file);
    if (!match) throw new NotFoundError(`There is no news image called ${file.slice(0, 80)}.`);
    const [, key = '', size = 'medium'] = match;
    // Same key, same picture for ever: a year and immutable.
    return sendSvg(request, reply, newsBannerSvg(key, size as BannerSize), YEAR);
  });
  done();
};
