// The list's throughput against a bare Fastify route that answers the same bytes (issue 11):
// both listen on loopback in this process and autocannon drives them from a worker thread,
// one after the other, with the same connections and duration. The ratio is what our
// stack (token check, validation, SQL, serialisation) leaves of what HTTP alone can do.
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { printTable } from './bench-support.js';

export interface ThroughputResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface ThroughputOptions {
  seconds: number;
  connections: number;
}

async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  // Port 0: the system picks a free port, so the bench never collides with a running server.
  return app.listen({ host: '127.0.0.1', port: 0 });
}

export async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  options: ThroughputOptions,
): Promise<ThroughputResult> {
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.seconds,
    // A worker thread: the client does not compete with the server for this event loop.
    workers: 1,
  });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * A bare Fastify route returning `body` with the same content type and headers as the list
 * answer: no hooks, no token, no database.
 */
export async function bareServer(
  body: string,
  headers: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/api/news', async (_request, reply) => reply.headers(headers).send(body));
  const address = await listenOnLoopback(bare);
  return { url: `${address}/api/news?page=1&size=30`, close: () => bare.close() };
}

export async function listen(app: FastifyInstance): Promise<string> {
  return listenOnLoopback(app);
}

export function printThroughput(results: ThroughputResult[], bytes: number): void {
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'];
  const rows = results.map((r) => [
    r.label,
    r.requestsPerSecond.toFixed(0),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    String(r.errors),
    String(r.non2xx),
  ]);
  printTable(header, rows);
  // The last row is the baseline; every other row is compared with it.
  const bare = results.at(-1);
  console.log(`\nlist answer: ${bytes} bytes (${(bytes / 1024).toFixed(1)} KB)`);
  if (!bare || bare.requestsPerSecond <= 0) return;
  for (const ours of results.slice(0, -1)) {
    console.log(
      `throughput ratio, ${ours.label}: ${((ours.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(0)} % of bare Fastify (target ≥ 50 %)`,
    );
  }
}
