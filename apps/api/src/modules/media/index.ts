// modules/media: the public images (news banners, the logo) drawn by the server.
import { mediaRoutes } from './media.routes.js';

/** Public /media/* images. */
export const mediaModule = mediaRoutes;

// The banner sizes a news header image is stored in (news-editor).
export { bannerSizes, type BannerSize } from './media-svg.js';
