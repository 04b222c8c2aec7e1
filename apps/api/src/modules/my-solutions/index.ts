// modules/my-solutions (§1): products, releases, downloads, documents, the report engine.
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { downloadsRoutes } from './downloads.routes.js';
import { mySolutionsRoutes } from './my-solutions.routes.js';
import { productDocumentsRoutes } from './product-documents.routes.js';

/** Public /downloads/*, /api/products/:productId/documents* and the rest of /api/products*. */
export const mySolutionsModule = rootPlugin(
  'portico-my-solutions',
  async (app: FastifyInstance) => {
    await app.register(downloadsRoutes); // public /downloads/* (the report engine package, issue 5)
    await app.register(productDocumentsRoutes); // /api/products/:productId/documents* (issue 13)
    await app.register(mySolutionsRoutes); // /api/products* (issue 13, all but documents)
  },
);

// The documents' facet index, kept by plugins/read-caches.
export { FacetIndexCache, loadFacetIndex } from './facet-index.js';
// The bytes of a generated download (the demo seed records their checksum).
export { downloadSha256 } from './download-bytes.js';
