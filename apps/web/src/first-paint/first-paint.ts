// The web build's server entry (`vite build --ssr`, ADR 0044, 0057): the pages the server
// can paint into the first HTML, rendered with the app's own components and React.
export { renderNewsFirstPaint } from './news-first-paint.js';
export { renderPageFirstPaint } from './page-first-paint.js';
