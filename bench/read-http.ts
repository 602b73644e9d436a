/**
 * Read benchmark (autocannon): throughput of `GET /statements/{key}` and of a page of 50
 * transactions of a stored 1,000-row statement, each as a ratio to a bare Fastify route that
 * answers the same bytes with no token, no database and no document, same run. The two routes take
 * turns for `rounds` rounds of `seconds` each, after one warm-up round; the ratios printed are the
 * medians of the rounds'. On PGlite in a fresh data directory (as `npm start` runs), removed
 * afterwards; set DATABASE_URL to run against PostgreSQL.
 *   npx tsx bench/read-http.ts [seconds] [connections] [rounds]
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { generateStatement } from '../test/helpers/statement-generator.js';
import { openBenchApp } from './bench-app.js';

const seconds = Number(process.argv[2] ?? 4);
const connections = Number(process.argv[3] ?? 4);
const rounds = Number(process.argv[4] ?? 5);
const { app, databaseName, authorization, close } = await openBenchApp(['statements:write', 'statements:read']);
const headers = { authorization };

const generated = generateStatement({ seed: 7, months: 6, rows: 1_000, gambling: true, loans: true });
const submitted = await app.inject({
  method: 'POST',
  url: '/statements/analytics?format=periculum&statementType=consumer',
  headers,
  payload: generated.body('periculum', `read-bench-${Date.now()}`) as Record<string, unknown>,
});
if (submitted.statusCode !== 200) throw new Error(`submission answered ${submitted.statusCode}`);
const key = (submitted.json() as { key: number }).key;
const paths = { statement: `/statements/${key}`, page: `/statements/${key}/transactions?page=3&pageSize=50` };

// The bare routes answer exactly what the full ones do, as stored text.
const bare = Fastify({ logger: false });
for (const [name, path] of Object.entries(paths)) {
  const answer = await app.inject({ method: 'GET', url: path, headers });
  if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
  const body = answer.body;
  bare.get(`/${name}`, async (_request, reply) => reply.type('application/json').send(body));
}

const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

async function rps(url: string, withToken: boolean): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, headers: withToken ? headers : {} });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers not 2xx`);
  return result.requests.average;
}

const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });
console.log(
  `1,000-row periculum statement, ${connections} connections, ${seconds} s each, ${rounds} rounds, ` +
    `${databaseName} (medians of the rounds):`,
);
for (const [name, path] of Object.entries(paths)) {
  const bares: number[] = [];
  const fulls: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    const b = await rps(`${bareAddress}/${name}`, false);
    const f = await rps(`${appAddress}${path}`, true);
    // Round 0 warms both up: not counted.
    if (round === 0) continue;
    bares.push(b);
    fulls.push(f);
  }
  const ratios = fulls.map((f, i) => f / (bares[i] as number));
  console.log(
    `  GET ${path.replace(String(key), '{key}')}: ${median(fulls).toFixed(0)} req/s, bare ${median(bares).toFixed(0)} ` +
      `req/s -> ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
  );
}
await bare.close();
await close();
