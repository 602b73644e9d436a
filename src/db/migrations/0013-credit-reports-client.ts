import { type Kysely, sql } from 'kysely';

/** A client's references newest first, for `GET /credit/reports`, without reading other clients' rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index credit_reports_client on credit_reports (client_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index credit_reports_client`.execute(db);
}
