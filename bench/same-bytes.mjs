// The second yardstick: a bare Fastify answering with exactly the bytes and headers the shop sent
// for a route (captured by bench.mjs just before), so a route's figure can be read against what any
// Fastify server needs to send that answer on this machine. Each captured answer is a static route
// `/<n>` written in one writeHead/end, as the shop writes its prepared answers.
// Usage: node bench/same-bytes.mjs PORT FILE (FILE: JSON array of { status, headers, body: base64 })
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const app = Fastify({ logger: false });
answers.forEach(({ status, headers, body }, n) => {
  const bytes = Buffer.from(body, 'base64');
  const head = { ...headers, 'content-length': String(bytes.length) };
  app.get(`/${n}`, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(status, head);
    reply.raw.end(bytes);
  });
});
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
