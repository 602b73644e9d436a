import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapFirstCentralCommercialReport } from '../../src/credit/adapters/firstcentral/map-commercial-report.js';
import { mapFirstCentralReport } from '../../src/credit/adapters/firstcentral/map-report.js';
import { completeJob } from '../../src/credit/credit-repository.js';
import { loadReportCipher } from '../../src/credit/report-cipher.js';
import { reportAad } from '../../src/credit/sealing.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { COMMERCIAL_REPORT_FIXTURE, FULL_REPORT_FIXTURE } from '../helpers/firstcentral-server.js';
import {
  creditTestEnv,
  fetchReport,
  type ReportKind,
  requestCommercialReport,
  requestReport,
  waitForState,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  // No worker: the pulls stay pending until the test stores their report the way the old code did.
  t = await createTestApp({ env: { ...creditTestEnv, CREDIT_WORKER_CONCURRENCY: '0' } });
});
afterAll(async () => t.close());

/** Seals `report` onto the job behind `reference` through the repository, unmasked, as code before masking did. */
async function storeTheOldWay(reference: string, report: unknown): Promise<void> {
  const { job_id } = await t.database.db
    .selectFrom('credit_reports')
    .select('job_id')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  const cipher = await loadReportCipher(t.database.db, undefined);
  await completeJob(t.database.db, job_id, cipher.seal(JSON.stringify(report), reportAad(job_id)));
}

async function completedReport(headers: Record<string, string>, reference: string, kind: ReportKind = 'consumer') {
  const { body } = await waitForState(t.app, headers, reference, ['completed', 'failed'], kind);
  expect(body.data.state).toBe('completed');
  return body.data.report;
}

describe('reports stored before identity numbers were masked', () => {
  it('a consumer report is answered masked, by its reference and when reused; masked numbers stay as they are', async () => {
    const headers = await t.auth(['credit:read']);
    const bvn = '30000000701';
    const res = await requestReport(t.app, headers, { bvn });
    const reference: string = res.json().data.reference;
    const mapped = mapFirstCentralReport(FULL_REPORT_FIXTURE);
    await storeTheOldWay(reference, {
      ...mapped,
      identificationHistory: [
        { identificationType: 'BVN', identificationNumber: '22471069115' },
        { identificationType: 'National ID', identificationNumber: '12345678901' },
        { identificationType: 'Passport', identificationNumber: '*****4567' }, // already masked
      ],
      personalDetailsSummary: {
        ...mapped.personalDetailsSummary,
        nationalIDNo: '12345678901',
        passportNo: 'A01234567',
        driversLicenseNo: 'ABC12345DE67',
        pencomIDNo: '',
        otheridNo: '*******9115',
      },
    });

    const again = await requestReport(t.app, headers, { bvn }); // within CREDIT_FRESHNESS_DAYS: reused
    expect(again.json().data).toMatchObject({ state: 'completed' });
    for (const ref of [reference, again.json().data.reference as string]) {
      const report = await completedReport(headers, ref);
      expect(report.identificationHistory).toEqual([
        { identificationType: 'BVN', identificationNumber: '*******9115' },
        { identificationType: 'National ID', identificationNumber: '*******8901' },
        { identificationType: 'Passport', identificationNumber: '*****4567' },
      ]);
      expect(report.personalDetailsSummary).toMatchObject({
        nationalIDNo: '*******8901',
        passportNo: '*****4567',
        driversLicenseNo: '********DE67',
        pencomIDNo: '',
        otheridNo: '*******9115',
      });
      const text = JSON.stringify(report);
      for (const full of ['22471069115', '12345678901', 'A01234567', 'ABC12345DE67']) expect(text).not.toContain(full);
    }
  });

  it("a business report's directors are answered masked", async () => {
    const headers = await t.auth(['credit:read']);
    const res = await requestCommercialReport(t.app, headers, { registrationNumber: 'RC7000001' });
    const reference: string = res.json().data.reference;
    const mapped = mapFirstCentralCommercialReport(COMMERCIAL_REPORT_FIXTURE);
    await storeTheOldWay(reference, {
      ...mapped,
      directorInformation: mapped.directorInformation.map((d, i) => ({
        ...d,
        identificationnumber: i === 0 ? '22000000101' : '22000000202',
      })),
    });
    const report = await completedReport(headers, reference, 'commercial');
    expect(report.directorInformation.map((d: Record<string, unknown>) => d.identificationnumber)).toEqual([
      '*******0101',
      '*******0202',
    ]);
    expect((await fetchReport(t.app, headers, reference, 'commercial')).body).not.toContain('22000000101');
  });
});
