import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxBureau, SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import type { Bureau } from '../../src/credit/bureau.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { creditTestEnv, requestReport, waitForState } from './helpers.js';

const HELD_BVN = '40000000009';

/**
 * The sandbox bureau, except that a request for `HELD_BVN` stays open until `release()`: a bureau
 * call that runs long. `held` resolves once that call has reached the bureau.
 */
function bureauHoldingOneCall(): Bureau & { held: Promise<void>; release(): void } {
  const inner = createSandboxBureau({ delayMs: 300 });
  let reached = () => {};
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    ...inner,
    held,
    release,
    async requestReport(subject, signal) {
      if (subject.bvn === HELD_BVN) {
        reached();
        await open;
      }
      return inner.requestReport(subject, signal);
    },
  };
}

const jobStates = async (t: TestApp) =>
  (await t.database.db.selectFrom('credit_jobs').select(['state']).orderBy('id').execute()).map((r) => r.state);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the credit worker works on several jobs at once', () => {
  it('a job held open at the bureau does not stop another from being claimed and finished', async () => {
    const bureau = bureauHoldingOneCall();
    t = await createTestApp({
      env: { ...creditTestEnv, CREDIT_CALL_TIMEOUT_MS: '60000', CREDIT_WORKER_CONCURRENCY: '2' },
      overrides: { bureau },
    });
    const headers = await t.auth(['credit:read']);
    const slow = (await requestReport(t.app, headers, { bvn: HELD_BVN })).json().data.reference;
    await bureau.held;

    const quick = (await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory })).json().data.reference;
    const { body } = await waitForState(t.app, headers, quick, ['completed', 'failed']);
    expect(body.data.state).toBe('completed');
    expect((await waitForState(t.app, headers, slow, ['pending', 'processing'])).body.data.state).toBe('processing');

    bureau.release();
    expect((await waitForState(t.app, headers, slow, ['completed', 'failed'])).body.data.state).toBe('completed');
  });

  it('stopping waits for the job in hand and claims no other meanwhile', async () => {
    const bureau = bureauHoldingOneCall();
    t = await createTestApp({
      env: { ...creditTestEnv, CREDIT_CALL_TIMEOUT_MS: '60000', CREDIT_WORKER_CONCURRENCY: '1' },
      overrides: { bureau },
    });
    const headers = await t.auth(['credit:read']);
    await requestReport(t.app, headers, { bvn: HELD_BVN });
    await bureau.held;
    // Queued while the only slot is busy: the worker waits for that slot to free.
    await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory });

    let stopped = false;
    const stopping = t.services.credit.runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    bureau.release();
    await stopping;
    expect(await jobStates(t)).toEqual(['completed', 'pending']);
  });
});
