import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT (ADR 0052): /metrics on a port of its own, for networks where only the
 * monitoring system reaches that port; the app's port then does not serve it. Plain
 * node:http, so a scrape never waits behind the app's hooks or its shutdown drain.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
