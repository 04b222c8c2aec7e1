// The clients of `npm run bench:stream`, each on a thread of its own (outside the server's
// event loop, as real clients are): role 'streams' holds the open notification streams and
// notes when each round's notification arrives on each; role 'caller' is an unrelated API
// caller at a fixed rate, open loop, timed from each request's scheduled start.
import { Agent, get, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { serveOpenLoopCaller } from './open-loop-caller.js';

export type ClientData =
  | { role: 'streams'; port: number; tickets: string[] }
  | { role: 'caller'; port: number; authorization: string; path: string };

export type StreamsMessage = { kind: 'collect'; round: number; timeoutMs: number } | 'stop';
export interface StreamsReady {
  opened: number;
  refused: number;
}
/** Epoch milliseconds at which each stream received the round's notification. */
export type Arrivals = number[];

export type { CallerPhase, CallerResult } from './open-loop-caller.js';

const data = workerData as ClientData;
const epochNow = (): number => performance.timeOrigin + performance.now();
const REQUEST_TIMEOUT_MS = 30_000;

function runStreams(port: number, tickets: string[]): void {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const arrivals = new Map<number, Arrivals>();
  const responses: IncomingMessage[] = [];
  let settled = 0;
  let opened = 0;
  const done = (): void => {
    settled += 1;
    if (settled === tickets.length) parentPort?.postMessage({ opened, refused: settled - opened });
  };
  for (const ticket of tickets) {
    const req = get(
      { agent, host: '127.0.0.1', port, path: `/api/notifications/stream?t=${ticket}` },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          done();
          return;
        }
        responses.push(res);
        res.setEncoding('utf8');
        let buffer = '';
        let connected = false;
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            if (!connected && block.startsWith(': connected')) {
              connected = true;
              opened += 1;
              done();
            }
            const round = /"title":"Bench round (\d+)"/.exec(block)?.[1];
            if (round !== undefined && block.startsWith('event: notification')) {
              const list = arrivals.get(Number(round)) ?? [];
              arrivals.set(Number(round), list);
              list.push(epochNow());
            }
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', done);
  }
  parentPort?.on('message', (message: StreamsMessage) => {
    if (message === 'stop') {
      for (const res of responses) res.destroy();
      agent.destroy();
      parentPort?.close();
      return;
    }
    // Whatever has arrived once every open stream had it, or the time is up.
    const started = performance.now();
    const check = (): void => {
      const list = arrivals.get(message.round) ?? [];
      if (list.length >= opened || performance.now() - started > message.timeoutMs)
        parentPort?.postMessage(list);
      else setTimeout(check, 10);
    };
    check();
  });
}

if (data.role === 'streams') runStreams(data.port, data.tickets);
else serveOpenLoopCaller({ ...data, timeoutMs: REQUEST_TIMEOUT_MS });
