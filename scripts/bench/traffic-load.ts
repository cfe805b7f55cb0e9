// Load generator for traffic.bench.ts, run as a child process so the load does not share the server's event loop.
// Receives one job at a time over IPC ({ url, path, bodies, connections, durationSeconds, userAgent }) and answers
// with its result, so one process (started once) generates every load of the run.
import { createRequire } from 'node:module';

interface LoadRequest {
  url: string;
  path: string;
  bodies: string[];
  connections: number;
  durationSeconds: number;
  userAgent: string;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships without type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

process.on('message', async (msg: LoadRequest | 'exit') => {
  if (msg === 'exit') return process.disconnect();
  let i = 0;
  const result = await autocannon({
    url: msg.url,
    connections: msg.connections,
    duration: msg.durationSeconds,
    requests: [
      {
        method: 'POST',
        path: msg.path,
        headers: { 'content-type': 'application/json', 'user-agent': msg.userAgent },
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: msg.bodies[i++ % msg.bodies.length] }),
      },
    ],
  });
  process.send!({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  });
});
