import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMajor } from '../../src/domain/money.js';
import { FORMATS } from '../../src/domain/statement.js';
import { formatByName } from '../../src/statements/formats/index.js';
import { parseStatement } from '../../src/statements/parse.js';
import { decodeTransactions } from '../../src/statements/transaction-document.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, generateRows } from './bodies.js';

// How statement transactions are stored: every field of the normalised statement comes back from
// the database as it went in (one compressed document per statement, migration 0007), and they go
// with their statement's results when the statement or its client is deleted.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rows = generateRows(20);

async function submitAs(token: string, name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/statements/analytics?format=periculum&statementType=consumer',
    headers: { authorization: `Bearer ${token}` },
    payload: bodyFor('periculum', rows, name) as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key as number;
}

const transactionsOf = async (keys: number[]) =>
  (
    await t.database.db
      .selectFrom('statement_results')
      .select('transactions')
      .where('statement_key', 'in', keys)
      .execute()
  ).reduce((n, r) => n + (r.transactions ? decodeTransactions(r.transactions).id.length : 0), 0);

describe('stored statement transactions are erased', () => {
  it('are erased with their client, for every statement at once, and only theirs', async () => {
    const gone = await t.client(['statements:write']);
    const kept = await t.client(['statements:write']);
    const goneKeys = [await submitAs(gone.token, 'a'), await submitAs(gone.token, 'b')];
    const keptKeys = [await submitAs(kept.token, 'a')];
    expect(await transactionsOf(goneKeys)).toBe(2 * rows.length);
    await t.database.db.deleteFrom('clients').where('client_id', '=', gone.clientId).execute();
    expect(await transactionsOf(goneKeys)).toBe(0);
    expect(await transactionsOf(keptKeys)).toBe(rows.length);
  });
});

describe('stored statement transactions', () => {
  it.each(FORMATS)('%s: every normalised field reads back unchanged, in order', async (format) => {
    const { token } = await t.client(['statements:write', 'statements:read']);
    const body = bodyFor(format, rows, `round trip ${format}`);
    const spec = formatByName.get(format);
    const parsed = spec && parseStatement(spec, structuredClone(body), { defaultTimeZone: 'Africa/Lagos' });
    if (!parsed?.ok) throw new Error(`${format} body does not parse`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/statements/analytics?format=${format}&statementType=consumer`,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: `/statements/${res.json().key}/transactions?pageSize=1000`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.statusCode, page.body).toBe(200);
    const stored = page.json().transactions as Array<Record<string, unknown>>;
    expect(stored.map(({ category: _c, channel: _ch, confidence: _cf, evidence: _e, ...rest }) => rest)).toEqual(
      parsed.statement.transactions.map((tx, position) => ({
        id: tx.id,
        position,
        date: tx.date,
        postedAt: tx.postedAt ?? null,
        valueDate: tx.valueDate ?? null,
        direction: tx.direction,
        amount: toMajor(tx.amount),
        balance: tx.balance === undefined ? null : toMajor(tx.balance),
        narration: tx.narration,
        reference: tx.reference ?? null,
      })),
    );
    expect(stored.every((s) => typeof s.category === 'string' && typeof s.channel === 'string')).toBe(true);
  });
});
