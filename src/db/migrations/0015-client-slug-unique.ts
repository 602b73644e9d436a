import { type Kysely, sql } from 'kysely';

/**
 * A client's credit references begin with its slug, so no two clients may share one: the
 * earliest client keeps a shared slug, each later one gets the first free of `slug2`, `slug3`...
 * (its references made before keep the old prefix: a reference is looked up whole).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; slug: string }>`select id, slug from clients order by id`.execute(db);
  const taken = new Set(rows.map((r) => r.slug));
  const kept = new Set<string>();
  for (const { id, slug } of rows) {
    if (!kept.has(slug)) {
      kept.add(slug);
      continue;
    }
    let n = 2;
    while (taken.has(`${slug}${n}`)) n++;
    taken.add(`${slug}${n}`);
    await sql`update clients set slug = ${`${slug}${n}`} where id = ${id}`.execute(db);
  }
  await sql`create unique index clients_slug on clients (slug)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index clients_slug`.execute(db);
}
