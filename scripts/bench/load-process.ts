// A load generator, so the load never shares the measured server's event loop: wrk (Debian's package), one thread,
// driven from this process; or, in a second such process, the bare servers that answer the same bytes as the real
// endpoints. (autocannon, used before, parsed replies in JavaScript and took a whole core at 35k req/s: the bare
// baselines measured the generator, decision 246.) It takes jobs over IPC: { kind: 'load', url, headers, connections,
// durationSeconds, bodies? } answers with the result and wrk's own CPU use (a share of one core: near 1 means the
// generator, not the server, may be the limit); with bodies it POSTs them in turn. { kind: 'bare', replies: [{ path,
// body, contentType, method? }] } starts a bare Fastify server and answers with its URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import { onGeneratorCore } from './cores';
import { cpuMsOfStat } from './proc-stat';

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

const WRK = process.env.BENCH_WRK ?? 'wrk';

/** wrk's script: bodies (one a line, from the file its first argument names) POSTed in turn; one RESULT line at the end. */
function wrkScript(posts: boolean) {
  return [
    'local bodies, n = {}, 0',
    'function init(args) if args[1] then for line in io.lines(args[1]) do bodies[#bodies + 1] = line end end end',
    // Only a POST load gets a request function: without one, wrk sends one prebuilt request, costing no Lua at all.
    ...(posts
      ? [
          'wrk.method = "POST"',
          'function request() n = n % #bodies + 1; return wrk.format(nil, nil, nil, bodies[n]) end',
        ]
      : []),
    'function done(summary, latency)',
    '  local e = summary.errors',
    // wrk counts replies with a status above 399 as status errors.
    '  io.write(string.format("\\nRESULT %d %.0f %d %.0f %.0f\\n", summary.requests, summary.duration,',
    '    e.connect + e.read + e.write + e.status + e.timeout, latency:percentile(50), latency:percentile(99)))',
    'end',
  ].join('\n');
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-wrk-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
const scripts = { get: path.join(scratch, 'get.lua'), post: path.join(scratch, 'post.lua') };
fs.writeFileSync(scripts.get, wrkScript(false));
fs.writeFileSync(scripts.post, wrkScript(true));

/** Runs wrk under a shell that prints its own stat line after it: the reaped child's CPU time (cutime, cstime). */
function runWrk(args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const [command, pinned] = onGeneratorCore(WRK, args);
    const child = spawn('sh', [
      '-c',
      '"$@"; code=$?; echo "CPU $(cat /proc/$$/stat)"; exit $code',
      'sh',
      command,
      ...pinned,
    ]);
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve(out);
      const missing = code === 127 ? ' (npm run bench needs wrk: apt-get install wrk)' : '';
      reject(new Error(`wrk exited with ${code}${missing}: ${err.trim() || out.trim()}`));
    });
  });
}

async function load(job: LoadJob) {
  const started = performance.now();
  const args = ['-t1', `-c${job.connections}`, `-d${job.durationSeconds}s`, '--timeout', '5s'];
  for (const [name, value] of Object.entries(job.headers ?? {})) args.push('-H', `${name}: ${value}`);
  const { bodies } = job;
  if (bodies) {
    const file = path.join(scratch, 'bodies.txt');
    fs.writeFileSync(file, bodies.join('\n'));
    args.push('-s', scripts.post, job.url, '--', file);
  } else args.push('-s', scripts.get, job.url);
  const out = await runWrk(args);
  const elapsedMs = performance.now() - started;
  const result = /^RESULT (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(out);
  const stat = /^CPU (.*)$/m.exec(out);
  if (!result || !stat) throw new Error(`wrk's output had no result: ${out}`);
  const [total, durationUs, failed, p50Us, p99Us] = result.slice(1).map(Number);
  const cpuMs = cpuMsOfStat(stat[1], 'reaped');
  return {
    rps: Math.round(total / (durationUs / 1e6)),
    total,
    p50: Number((p50Us / 1000).toFixed(2)),
    p99: Number((p99Us / 1000).toFixed(2)),
    failed,
    generatorCpu: Number((cpuMs / elapsedMs).toFixed(2)),
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
