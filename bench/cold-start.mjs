// Cold start: time from spawning the server to its first 200 on /api/ready, on an existing data
// directory (the first run creates and seeds it and is not counted).
// Usage: node bench/cold-start.mjs [runs] [-- command args...]  (default: what `npm run serve` runs)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const dashDash = process.argv.indexOf('--');
const compiled = join(root, 'apps/server/dist/server.js');
const command =
  dashDash > 0
    ? process.argv.slice(dashDash + 1)
    : existsSync(compiled)
      ? [process.execPath, compiled]
      : [process.execPath, '--import', 'tsx', join(root, 'apps/server/src/server.ts')];
const dataDir = process.env.COLD_START_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'voltforge-cold-'));

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function once() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      // A bare TCP connect until the port accepts, then fetch: polling with fetch alone costs the
      // measuring process enough CPU to slow the server it measures on a 2-core machine.
      if (await accepts(port)) {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
        if (res?.ok) return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

try {
  await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  process.stdout.write(
    `${command.join(' ')}\ncold start to /api/ready (existing data dir), ${runs} runs: ` +
      `min ${times[0].toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms\n`,
  );
} finally {
  if (!process.env.COLD_START_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
