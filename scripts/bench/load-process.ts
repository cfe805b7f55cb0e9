// A load generator in its own process (autocannon), so the load never shares the measured server's event loop; or,
// in a second such process, the bare servers that answer the same bytes as the real endpoints. It takes jobs over
// IPC: { kind: 'load', url, headers, connections, durationSeconds, bodies? } answers with the result and the generator's
// own CPU use (a share of one core: near 1 means the generator, not the server, may be the limit); with bodies it POSTs
// them in turn. { kind: 'bare', replies: [{ path, body, contentType, method? }] } starts a bare Fastify server and
// answers with its URL.
import { createRequire } from 'node:module';
import Fastify, { type FastifyReply } from 'fastify';

interface LoadJob {
  kind: 'load';
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** POST these JSON bodies, one after another, instead of GETs. */
  bodies?: string[];
}
interface BareJob {
  kind: 'bare';
  replies: Array<{
    path: string;
    /** GET by default; a POST route parses its JSON body as Fastify does, then answers. */
    method?: 'GET' | 'POST';
    /** 200 by default; 204 sends no body. */
    status?: number;
    body: string;
    contentType: string;
    encoding?: string;
    contentEncoding?: string;
    /** The app's other response headers: also served at `${path}/headers`, to see what sending them costs. */
    headers?: Record<string, string>;
  }>;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships without type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function load(job: LoadJob) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  const { bodies } = job;
  const r = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationSeconds,
    headers: job.headers ?? {},
    ...(bodies && {
      method: 'POST',
      requests: [{ setupRequest: (req: object) => ({ ...req, body: bodies[next++ % bodies.length] }) }],
    }),
  });
  const used = process.cpuUsage(cpu);
  return {
    rps: Math.round(r.requests.average),
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
    generatorCpu: Number(((used.user + used.system) / 1000 / (performance.now() - started)).toFixed(2)),
  };
}

async function bare(job: BareJob) {
  const app = Fastify({ logger: false });
  for (const r of job.replies) {
    const body = Buffer.from(r.body, r.encoding === 'base64' ? 'base64' : 'utf8');
    // Both routes send the same bytes with the same encoding; the second also sends the app's other headers.
    const answer = (reply: FastifyReply, headers?: Record<string, string>) => {
      if (r.contentEncoding) reply.header('content-encoding', r.contentEncoding);
      if (headers) reply.headers(headers);
      if (r.status === 204) return reply.status(204).send();
      return reply.type(r.contentType).send(body);
    };
    const method = r.method ?? 'GET';
    app.route({ method, url: r.path, handler: async (_req, reply) => answer(reply) });
    const headers = r.headers;
    if (headers)
      app.route({ method, url: `${r.path}/headers`, handler: async (_req, reply) => answer(reply, headers) });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, pid: process.pid };
}

process.on('message', async (msg: LoadJob | BareJob | 'exit') => {
  if (msg === 'exit') return process.exit(0);
  process.send!(msg.kind === 'load' ? await load(msg) : await bare(msg));
});
