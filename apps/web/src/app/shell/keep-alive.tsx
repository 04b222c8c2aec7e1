/** §4 Keep-alive: a hidden frame at the configured address (placeholder: built by issue 5). */
export function KeepAlive() {
  return null;
}
