import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { configVariables } from '../src/config.js';
import { creditFailureCodes } from '../src/domain/credit-failures.js';

describe('README', () => {
  const readme = readFileSync('README.md', 'utf8');
  it('starts with the two commands', () => {
    expect(readme.indexOf('npm ci && npm start')).toBeGreaterThan(0);
    expect(readme.indexOf('npm ci && npm start')).toBeLessThan(800);
    expect(readme).toContain('npm test');
  });
  it('tells supervisors to run the command npm start runs, which the e2e tests stop with SIGTERM', () => {
    expect(readme).toContain(`run the command \`npm start\` runs,\n  \`${pkg.scripts.start}\``);
    expect(readme).toContain(`CMD ${JSON.stringify(pkg.scripts.start.split(' ')).replace(/","/g, '", "')}`);
  });
  it('lists every configuration variable', () => {
    const missing = configVariables.filter((v) => !readme.includes(`\`${v.name}\``)).map((v) => v.name);
    expect(missing).toEqual([]);
  });
  it("gives each configuration variable's values as the schema checks them", () => {
    const rows = (name: string) => readme.split('\n').filter((line) => line.startsWith(`| \`${name}\` |`));
    const listed = (name: string, values: string) => rows(name).some((row) => row.includes(` | ${values} | `));
    const wrong = configVariables.filter((v) => !listed(v.name, v.expected)).map((v) => v.name);
    expect(wrong).toEqual([]);
  });
  it('lists every credit failure code', () => {
    const missing = creditFailureCodes.filter((code) => !readme.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });
  it('names every folder of src/ in the code map', () => {
    const map = readme.slice(readme.indexOf('## Code map'), readme.indexOf('## ', readme.indexOf('## Code map') + 3));
    const folders = readdirSync('src', { withFileTypes: true }).filter((e) => e.isDirectory());
    const missing = folders.map((e) => `${e.name}/`).filter((name) => !map.includes(`\n  ${name} `));
    expect(missing).toEqual([]);
  });
});
