// modules/first-paint (ADR 0044, 0057, 0075): the app's first pages rendered into the first HTML.
import { firstPaintRoutes } from './first-paint.routes.js';

/** The first paint's own calls. */
export const firstPaintModule = firstPaintRoutes;

// What plugins/spa renders into index.html, and the painted page's data it serves beside it.
export { firstPaintStateRoutes } from './first-paint-state.routes.js';
export {
  firstPaintDigest,
  firstPaintFor,
  isPaintedPath,
  loadFirstPaint,
  paintReaderOf,
  type PaintReader,
} from './first-paint.service.js';
