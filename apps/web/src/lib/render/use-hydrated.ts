import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * A value only the browser knows (an API it has, a node of the page), read so that a page the
 * server painted hydrates (ADR 0075): the server and the hydrating render see `onServer`, and
 * the render right after sees `inBrowser()`. A page the app renders alone sees `inBrowser()`
 * from the start.
 */
export function useBrowserValue<T>(inBrowser: () => T, onServer: T): T {
  return useSyncExternalStore(never, inBrowser, () => onServer);
}

const yes = () => true;

/**
 * False while React takes the server's markup over and on the server itself, true in every
 * render after. For parts the server cannot draw (a portal into a node of the browser's own
 * making): they mount right after hydration, so the first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useBrowserValue(yes, false);
}
