import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/domain/statement.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, type GeneratedRow, generateRows, withoutBalances } from './bodies.js';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth(['statements:write', 'statements:read']);
});
afterAll(async () => t.close());

// 40 rows from an opening balance of ₦50,000 (the opening rows of Periculum and MBS state it too).
const rows = generateRows(40);
const OPENING = 50_000;
const CLOSING = (rows.at(-1) as GeneratedRow).balance / 100;
const sum = (direction: GeneratedRow['direction']) =>
  rows.filter((r) => r.direction === direction).reduce((s, r) => s + r.amount, 0) / 100;

async function submitted(format: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await t.submitStatement(format, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  const stored = await t.app.inject({ method: 'GET', url: `/statements/${res.json().key}`, headers });
  expect(stored.json()).toEqual(res.json());
  return res.json();
}

/** Every place the answer gives the statement's opening and closing balance. */
function balancesOf(answer: Record<string, unknown>) {
  const months = answer.monthlySummary as Array<{ openingBalance: number | null; closingBalance: number | null }>;
  return {
    opening: answer.openingBalance,
    monthOpening: months[0]?.openingBalance,
    closing: answer.closingBalance,
    cashFlowClosing: (answer.cashFlowAnalysis as { closingBalance: number | null }).closingBalance,
    monthClosing: months.at(-1)?.closingBalance,
  };
}

const everywhere = (opening: number, closing: number) => ({
  opening,
  monthOpening: opening,
  closing,
  cashFlowClosing: closing,
  monthClosing: closing,
});

describe('the statement’s opening and closing balances, one figure everywhere in the answer', () => {
  it.each(FORMATS)(
    '%s: newest rows without a balance carry the closing balance forward, not drop their money',
    async (format) => {
      const body = withoutBalances(format, bodyFor(format, rows, `newest unbalanced ${format}`), (i) => i >= 35);
      expect(balancesOf(await submitted(format, body))).toEqual(everywhere(OPENING, CLOSING));
    },
  );

  it('periculum: only the opening row states a balance, so the closing balance follows forward from it', async () => {
    const body = withoutBalances('periculum', bodyFor('periculum', rows, 'opening row only'), () => true);
    const answer = await submitted('periculum', body);
    expect(balancesOf(answer)).toEqual(everywhere(OPENING, CLOSING));
    expect(answer.processingStatus).toBe('PROCESSED');
  });

  it('dojah: only the newest row states a balance, so the opening balance is worked back from it', async () => {
    const body = withoutBalances('dojah', bodyFor('dojah', rows, 'newest balanced only'), (i) => i < rows.length - 1);
    expect(balancesOf(await submitted('dojah', body))).toEqual(everywhere(OPENING, CLOSING));
  });
});

describe('an opening-balance line is the opening balance, never a transaction, whatever amount it carries', () => {
  async function expectOpeningOnly(format: 'mbs' | 'periculum', body: unknown) {
    const answer = await submitted(format, body);
    expect(balancesOf(answer)).toEqual(everywhere(OPENING, CLOSING));
    expect(answer.transactionCount).toBe(rows.length);
    const cf = answer.cashFlowAnalysis as { totalCreditTurnover: number; totalDebitTurnOver: number };
    expect([cf.totalCreditTurnover, cf.totalDebitTurnOver]).toEqual([sum('credit'), sum('debit')]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/statements/${answer.key}/transactions?pageSize=1000`,
      headers,
    });
    const narrations = listed.json().transactions.map((x: { narration: string }) => x.narration);
    expect(narrations).toHaveLength(rows.length);
    expect(narrations.filter((n: string) => /opening balance/i.test(n))).toEqual([]);
  }

  it('mbs: `OPB Opening Balance` with PCredit 50000.00 is no ₦50,000 of income', async () => {
    const body = bodyFor('mbs', rows, 'opb with credit') as {
      bankStatement: { mbs: { jsonData: { Details: Array<Record<string, string>> } } };
    };
    Object.assign(body.bankStatement.mbs.jsonData.Details[0] ?? {}, { PCredit: '50000.00', PBalance: '50000.00' });
    await expectOpeningOnly('mbs', body);
  });

  it('periculum: `opb opening balance` with amount 100 is no ₦100 debit', async () => {
    const body = bodyFor('periculum', rows, 'opb with amount') as { transactions: Array<Record<string, unknown>> };
    Object.assign(body.transactions[0] ?? {}, { amount: 100 });
    await expectOpeningOnly('periculum', body);
  });
});

describe('a closing-balance line is no transaction', () => {
  const closingLine = (format: 'periculum' | 'mbs', body: unknown, balance: number) => {
    if (format === 'periculum') {
      const list = (body as { transactions: Array<Record<string, unknown>> }).transactions;
      const last = list.at(-1) as Record<string, unknown>;
      list.push({ ...last, description: 'CLOSING BALANCE', amount: 0, balance });
    } else {
      const list = (body as { bankStatement: { mbs: { jsonData: { Details: Array<Record<string, string>> } } } })
        .bankStatement.mbs.jsonData.Details;
      const last = list.at(-1) as Record<string, string>;
      list.push({ ...last, PNarration: 'Closing Balance', PCredit: '0', PDebit: '0', PBalance: balance.toFixed(2) });
    }
    return body;
  };

  it.each(['periculum', 'mbs'] as const)(
    '%s: a last `Closing Balance` row of 0 is not counted, and its balance is the closing balance',
    async (format) => {
      const answer = await submitted(
        format,
        closingLine(format, bodyFor(format, rows, `closing line ${format}`), CLOSING),
      );
      expect(answer.transactionCount).toBe(rows.length);
      expect(balancesOf(answer)).toEqual(everywhere(OPENING, CLOSING));
    },
  );

  it('nine transactions and a closing line are refused as fewer than ten', async () => {
    const nine = generateRows(9);
    const body = closingLine('periculum', bodyFor('periculum', nine, 'nine and a closing line'), 0);
    const res = await t.submitStatement('periculum', body, headers);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).toMatch(/NOT.ENOUGH.TRANSACTIONS/i);
  });
});
