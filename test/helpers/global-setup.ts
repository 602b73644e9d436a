import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/db/migrate.js';
import { pglitePoolConfig } from '../../src/db/pglite-connection.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database from nothing takes seconds (initdb); loading a dump of one takes well
 * under one. So the suite migrates one template per migration set and every test database starts
 * from a copy of it.
 */
export default async function setup(project: TestProject): Promise<void> {
  const dir = 'src/db/migrations';
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const cacheDir = join('node_modules', '.cache', 'lendsight');
  const path = join(cacheDir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    mkdirSync(cacheDir, { recursive: true });
    const pglite = await PGlite.create();
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool(pglitePoolConfig(pglite)) }) });
    await migrateToLatest(db);
    await db.destroy();
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    writeFileSync(`${path}.${process.pid}.tmp`, Buffer.from(await dump.arrayBuffer()));
    (await import('node:fs')).renameSync(`${path}.${process.pid}.tmp`, path);
  }
  project.provide('pgliteTemplate', path);
}
