#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration tests on SQLite, the same integration tests on PostgreSQL when
// TEST_DATABASE_URL is set, and the Chromium journeys when Chromium is installed (required when CI=true).
import { spawn, spawnSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { journeyChromium } from './journey-browser.mjs';

const ci = process.env.CI === 'true';
const chromium = journeyChromium();
const failures = [];
const summary = [];

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-test-'));

/** Vitest arguments that also write a JSON report, so the summary can name each failed test. */
function vitestArgs(name, args) {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

/** The failed tests of a Vitest JSON report, one line each with the first line of the error. */
function failedTests(name) {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return report.testResults.flatMap((result) => {
    const where = path.relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter((t) => t.status === 'failed');
    // A file that fails before its tests run (an import or a hook) has no failed test but a message of its own.
    if (!failed.length && result.status === 'failed') return [`  ${where}: ${firstLine(result.message)}`];
    return failed.map((t) => `  ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim()) ?? '';

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const ok = r.status === 0;
  summary.push(`${ok ? '✔' : '✘'} ${name} (${secs}s)`);
  if (!ok) failures.push(name);
  if (!ok) summary.push(...failedTests(name));
  return ok;
}

/** Steps run at once, each printing its output when it ends so the logs do not interleave. */
async function stepsAtOnce(steps) {
  const runs = steps.map(
    ([name, cmd, args, env = {}]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (err) => output.push(Buffer.from(String(err))));
        child.on('close', (status) => {
          console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
          process.stdout.write(Buffer.concat(output));
          const secs = ((Date.now() - started) / 1000).toFixed(1);
          summary.push(`${status === 0 ? '✔' : '✘'} ${name} (${secs}s)`);
          if (status !== 0) failures.push(name);
          if (status !== 0) summary.push(...failedTests(name));
          resolve();
        });
      }),
  );
  await Promise.all(runs);
}

// The three checks are single-threaded: side by side they take the typecheck's time, not the sum.
await stepsAtOnce([
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
]);
const sqliteStep = 'unit + integration (SQLite)';
step(sqliteStep, 'npx', vitestArgs(sqliteStep, ['vitest', 'run']), { TEST_ENGINE: 'sqlite' });
const postgresStep = 'integration (PostgreSQL)';
const postgres = [
  postgresStep,
  'npx',
  vitestArgs(postgresStep, ['vitest', 'run', 'apps/server']),
  { TEST_ENGINE: 'postgres' },
];
const journeys = ['end-to-end journeys (Chromium)', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium }];
// The PostgreSQL suite waits on its database a quarter of its time and the journeys on their browsers about as much:
// side by side they fill the cores those waits leave idle (decision 176).
const later = [];
if (process.env.TEST_DATABASE_URL) later.push(postgres);
else summary.push('- integration (PostgreSQL) skipped: TEST_DATABASE_URL is not set');
if (chromium) {
  if (step('build web app', 'npm', ['run', 'build'])) later.push(journeys);
} else if (ci) {
  failures.push('end-to-end journeys: Chromium is required when CI=true but was not found');
  summary.push('✘ end-to-end journeys: Chromium not found');
} else {
  summary.push('- end-to-end journeys skipped: Chromium is not installed (apt-get install chromium)');
}
await stepsAtOnce(later);

console.log(`\n${summary.join('\n')}`);
if (failures.length) {
  console.error(`\nFailed: ${failures.join(', ')}`);
  process.exit(1);
}
