#!/usr/bin/env node
// `npm start`: build what changed (scripts/build.mjs), then run the compiled server under a small supervisor.
// The supervisor restarts a server process that dies, and with PostgreSQL runs WORKERS processes sharing the
// port (node:cluster): they already share sessions, limits, mail and realtime through the database.
import cluster from 'node:cluster';
import path from 'node:path';
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.argv.includes('--no-build')) await import('./build.mjs');

const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
let count = Number(process.env.WORKERS ?? 1);
if (!Number.isInteger(count) || count < 1 || count > 64) {
  console.error('WORKERS must be a whole number from 1 to 64.');
  process.exit(1);
}
if (count > 1 && !postgres) {
  console.warn('WORKERS > 1 needs PostgreSQL (DATABASE_URL=postgres://…): SQLite runs one server process.');
  count = 1;
}

cluster.setupPrimary({ exec: path.join(root, 'apps/server/dist/main.js'), execArgv: ['--enable-source-maps'] });

let stopping = false;
let everListened = false;
let delayMs = 500;
const startedAt = new Map();

function fork() {
  const worker = cluster.fork();
  startedAt.set(worker.id, Date.now());
  worker.once('listening', () => {
    everListened = true;
  });
}

cluster.on('exit', (worker, code, signal) => {
  const ranMs = Date.now() - (startedAt.get(worker.id) ?? Date.now());
  startedAt.delete(worker.id);
  if (stopping) {
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    return;
  }
  // A server that never came up (bad configuration, port taken) would fail again: stop with its code.
  if (!everListened) process.exit(code || 1);
  // Restart at once after a long run; back off while it keeps crashing soon after starting.
  delayMs = ranMs > 30_000 ? 500 : Math.min(delayMs * 2, 30_000);
  console.error(
    `Server process ${worker.process.pid} exited (${signal ?? `code ${code}`}); restarting in ${delayMs} ms.`,
  );
  setTimeout(() => !stopping && fork(), delayMs);
});

function stop(signal) {
  if (stopping) return;
  stopping = true;
  // Each process finishes in-flight requests and flushes buffered counts before it exits.
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  setTimeout(() => process.exit(1), 20_000).unref();
  if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

for (let i = 0; i < count; i++) fork();
