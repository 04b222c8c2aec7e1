import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  /** Requests received on it so far. */
  requests: number;
  /** Responses not finished yet. */
  active: Set<ServerResponse>;
  /** socket.bytesRead when it last fell idle: more means a next request is arriving. */
  readAtIdle: number;
}

export interface ConnectionDrain {
  /** From now on every response says `Connection: close`: clients move to new connections. */
  closeAfterEachResponse(): void;
  /**
   * Stops accepting (a new connection is refused at connect) and closes each open connection
   * once it has nothing left to answer; resolves when none is left.
   */
  drain(): Promise<void>;
  /** Resolves when answers may be sent: at once, except for a moment while the listener closes. */
  answersMayGo(): Promise<void>;
}

/** How long a connection accepted before the drain may take to send its first request. */
const FIRST_REQUEST_MS = 1000;
const SWEEP_MS = 50;
/** Before the listener closes: no connection accepted for this long, or this long in all. */
const QUIET_MS = 50;
const MAX_HOLD_MS = 2000;

/**
 * Tracks the connections of `server` so that stopping drops no request (ADR 0016). Node's own
 * `server.close()` destroys every connection without a request in flight, including one just
 * accepted whose request is still in the socket buffer: that client gets a reset, not an
 * answer. Here such a connection is left to send its request, which is answered (with
 * `Connection: close`); only connections that answered a request and wait for nothing, or
 * stay silent, are closed.
 */
export function trackConnections(server: Server): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let closing = false;
  let lastAcceptedAt = 0;
  let held: Promise<void> | undefined;

  server.on('connection', (socket: Socket) => {
    lastAcceptedAt = Date.now();
    connections.set(socket, { requests: 0, active: new Set(), readAtIdle: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // Prepended: the header must be set before Fastify's handler can answer (synchronously).
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (closing && !response.headersSent) response.setHeader('connection', 'close');
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.requests += 1;
    connection.active.add(response);
    response.once('close', () => {
      connection.active.delete(response);
      connection.readAtIdle = request.socket.bytesRead;
    });
  });

  const closeAfterEachResponse = (): void => {
    closing = true;
    // Requests already being handled: their answers are not written yet, so still in time.
    for (const { active } of connections.values()) {
      for (const response of active) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
    }
  };

  /**
   * Closing a listener resets the connections the kernel accepted but Node has not yet taken
   * (its accept queue), requests already sent on them. So answers are held for a moment: a
   * client waiting for one opens no new connection, the queue empties, and only then does
   * the listener close; whoever connects later is refused.
   */
  const closeListenerWhenQuiet = async (): Promise<{ stopped: Promise<void> }> => {
    let release: () => void = () => undefined;
    held = new Promise<void>((resolve) => (release = resolve));
    const deadline = Date.now() + MAX_HOLD_MS;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 2));
      // After an I/O poll: whatever was queued has been accepted by now.
      await new Promise((resolve) => setImmediate(resolve));
      if (Date.now() - lastAcceptedAt >= QUIET_MS || Date.now() >= deadline) break;
    }
    const stopped = new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's (see above); resolves once all are closed.
      NetServer.prototype.close.call(server, () => resolve());
    });
    held = undefined;
    release();
    return { stopped };
  };

  return {
    closeAfterEachResponse,
    answersMayGo: () => held ?? Promise.resolve(),
    async drain() {
      closeAfterEachResponse();
      const { stopped } = await closeListenerWhenQuiet();
      const startedAt = Date.now();
      const sweep = (): void => {
        const silentTooLong = Date.now() - startedAt >= FIRST_REQUEST_MS;
        for (const [socket, connection] of connections) {
          if (connection.active.size > 0 || socket.bytesRead > connection.readAtIdle) continue;
          if (connection.requests > 0 || silentTooLong) socket.destroy();
        }
      };
      sweep();
      const timer = setInterval(sweep, SWEEP_MS);
      try {
        await stopped;
      } finally {
        clearInterval(timer);
      }
    },
  };
}
