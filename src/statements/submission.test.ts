import { describe, expect, it } from 'vitest';
import { checkQuery, normaliseSubmitQuery, submissionHash } from './submission.js';

const UUID = '0b6f3c8e-2d4a-4f1b-9c7e-5a2d8e1f4b3c';

describe('normaliseSubmitQuery', () => {
  it('lowercases format, statement type and BVN record, and reads a missing statement type as consumer', () => {
    expect(
      normaliseSubmitQuery({ format: 'MONO', statementType: 'Business', bvnUuid: UUID.toUpperCase() }, true),
    ).toEqual({
      format: 'mono',
      statementType: 'business',
      bvnUuid: UUID,
    });
    expect(normaliseSubmitQuery({ format: 'Periculum' }, false)).toEqual({
      format: 'periculum',
      statementType: 'consumer',
    });
  });

  it('reads bvnUuid on the bvn-first route only', () => {
    expect(normaliseSubmitQuery({ format: 'mono', bvnUuid: UUID }, false)).toEqual({
      format: 'mono',
      statementType: 'consumer',
    });
  });

  it('leaves checking the values to checkQuery: an empty statement type stays empty', () => {
    expect(normaliseSubmitQuery({ format: 'csv', statementType: '' }, false)).toEqual({
      format: 'csv',
      statementType: '',
    });
  });
});

describe('checkQuery', () => {
  it('refuses a format that is not one in the spelling it was sent', () => {
    expect(() => checkQuery(normaliseSubmitQuery({ format: 'Plaid' }, false), 'Plaid')).toThrow(
      '/query/format: must be one of periculum, mono, okra, dojah, mbs, zeeh; got "Plaid"',
    );
  });
});

describe('submissionHash', () => {
  // Stored Idempotency-Keys hold these hashes: a change would refuse every retry of a stored request.
  const body = Buffer.from('{"statementName":"golden","data":[]}');
  it('is the SHA-256 of format, statement type and BVN record, a line each, then the body bytes', () => {
    expect(submissionHash(normaliseSubmitQuery({ format: 'Periculum', statementType: 'BUSINESS' }, false), body)).toBe(
      '23a4833782ebb6c45635da4f440615ef99b502ded30d9f01f4e3ee5c594ee0de',
    );
    expect(submissionHash(normaliseSubmitQuery({ format: 'mono', bvnUuid: UUID }, true), body)).toBe(
      '2e9cc9139cbb6f36f77ccec8b9d88daaade441f59e617dd5cfa0a996c02abd34',
    );
  });
});
