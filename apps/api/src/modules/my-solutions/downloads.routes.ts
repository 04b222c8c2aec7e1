import { createHash } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { NotFoundError } from '../../lib/errors.js';
import { storedZip } from './stored-zip.js';

/** The default REPORT_ENGINE_DOWNLOAD_URL (config/env.ts) points here. */
export const REPORT_ENGINE_PATH = '/downloads/portico-report-engine.zip';
export const REPORT_ENGINE_FILE = 'portico-report-engine.zip';

export const reportEngineReadme = `Portico report engine
=====================

This package is served by the Portico server itself, so that the
/download-report-engine page works out of the box with no external download site.

To hand out the real report engine installer, set the environment variable
REPORT_ENGINE_DOWNLOAD_URL to its address; the download page then links there.
`;

/** Fixed, so the archive (and its ETag) is the same on every node and every start. */
const PACKAGE_DATE = new Date(Date.UTC(2026, 0, 1, 0, 0, 0));

/** Text files in the archive use CRLF, which every platform's editors read. */
const crlf = (text: string): Buffer => Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');

export function reportEngineZip(): Buffer {
  return storedZip([{ name: 'README.txt', data: crlf(reportEngineReadme) }], PACKAGE_DATE);
}

/**
 * Public files under /downloads (no bearer: a download link cannot carry one). Today only the
 * placeholder report engine package (§2 download-report-engine). Any other /downloads path is
 * a JSON 404 here, so the SPA fallback never answers it with the app.
 */
export const downloadsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const zip = reportEngineZip();
  const etag = `"${createHash('sha256').update(zip).digest('base64url').slice(0, 27)}"`;

  app.get(REPORT_ENGINE_PATH, async (request, reply) => {
    reply
      .header('content-disposition', `attachment; filename="${REPORT_ENGINE_FILE}"`)
      .header('cache-control', 'public, max-age=3600')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/zip').send(zip);
  });

  const noSuchFile = (): never => {
    throw new NotFoundError('There is no such file to download.');
  };
  app.get('/downloads', noSuchFile);
  app.get('/downloads/*', noSuchFile);
  done();
};
