import { connect, createServer, type Socket } from 'node:net';

/** How the proxy behaves while cut: reset every connection, or accept and never answer. */
export type CutMode = 'refuse' | 'blackhole';

export interface CuttableProxy {
  /** `databaseUrl` pointed at the proxy instead of the server. */
  urlFor(databaseUrl: string): string;
  /** Resets every open connection; new ones are reset (refuse) or held silent (blackhole). */
  cut(mode: CutMode): void;
  /** Lets new connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the shared PostgreSQL that a test can cut (ADR 0053): a database
 * that restarts or vanishes, as the API sees it, without stopping the cluster other tests
 * use. Listens on a free port of its own.
 */
export async function startCuttableProxy(target: URL): Promise<CuttableProxy> {
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const open = new Set<Socket>();
  let mode: CutMode | undefined;

  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') return; // accepted, never answered: a connect that hangs
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');

  const resetAll = () => {
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.href;
    },
    cut(next) {
      mode = next;
      resetAll();
    },
    restore() {
      // Held (blackholed) connections end now, as they would when the server comes back.
      resetAll();
      mode = undefined;
    },
    async close() {
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
