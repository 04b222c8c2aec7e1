// The attacker of `npm run bench:signin`, on a thread of its own: bursts of BURST parallel
// wrong sign-in attempts over HTTP, back to back, until the main thread says stop. It runs
// outside the server's event loop, as a real attacker would, so the bench charges the server
// only for answering the attempts, not for making them.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface AttackerData {
  port: number;
  host: string;
  action: string;
  cookie: string;
  burst: number;
}

const data = workerData as AttackerData;
const agent = new Agent({ keepAlive: true, maxSockets: data.burst });
const statuses = new Map<number, number>();
const state = { stop: false };
parentPort?.on('message', () => {
  state.stop = true;
});

function attempt(n: number): Promise<number> {
  const body = new URLSearchParams({
    email: `attacker-${n}@portico.test`,
    password: `guess-${n}`,
  }).toString();
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: data.port,
        method: 'POST',
        path: data.action,
        headers: {
          host: data.host,
          cookie: data.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          // Each attempt from its own address (the server trusts this loopback proxy), so no
          // rate limit stops them: only the bound on password hashes does.
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

let n = 0;
while (!state.stop) {
  await Promise.all(
    Array.from({ length: data.burst }, async () => {
      n += 1;
      const status = await attempt(n);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
}
agent.destroy();
parentPort?.postMessage([...statuses]);
