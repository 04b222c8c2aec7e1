// The web build's server entry (`vite build --ssr`, ADR 0044, 0057, 0075): the app rendered
// on the server into the first HTML, with its own routes, components and React.
import { renderAsSignedInOnServer } from '../lib/auth/session.js';

// The server paints only for a user whose token it has checked (first-paint.service.ts).
renderAsSignedInOnServer();

export { renderFirstPaint } from './app-first-paint.js';
