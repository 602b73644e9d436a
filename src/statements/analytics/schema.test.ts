import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { sweptStatement } from '../../../test/helpers/analytics-fixtures.js';
import { closedSchema } from '../../../test/helpers/closed-schema.js';
import { statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';
import { analyticsSectionSchemas } from './schema.js';

describe('analytics section schemas', () => {
  it('describe every field analyseStatement produces (objects closed: an undocumented field fails)', () => {
    const statements = [
      sweptStatement,
      statementOf([['2023-01-01', 'C', 1_000, 'NIP CR/TUNDE BAKARE/GTB']]),
      // No balance: the balance figures are null, which the schemas must allow.
      withoutRowBalances(sweptStatement),
    ];
    for (const statement of statements) {
      const analytics = analyseStatement(statement) as unknown as Record<string, unknown>;
      for (const [name, schema] of Object.entries(analyticsSectionSchemas)) {
        const check = Compile(closedSchema(schema));
        expect(check.Check(analytics[name]), `${name}: ${JSON.stringify([...check.Errors(analytics[name])][0])}`).toBe(
          true,
        );
      }
    }
  });
});
