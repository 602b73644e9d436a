import { type Kysely, sql } from 'kysely';

/**
 * Statement transactions lose their row-by-row foreign key: PostgreSQL checks a foreign key once
 * per inserted row, which was a third of the time to store a 1,000-row statement (8 ms of 23 on
 * PostgreSQL, 15 of 30 on PGlite). Transactions are only ever written by the submission, in the
 * same database transaction as their statement, so the check guarded nothing the code does not.
 * Deleting a statement (or its client) still erases its transactions: one statement-level trigger
 * deletes the rows of every deleted statement at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table statement_transactions drop constraint statement_transactions_statement_key_fkey`.execute(db);
  await sql`
    create function statements_erase_transactions() returns trigger language plpgsql as $$
    begin
      delete from statement_transactions t using gone g where t.statement_key = g.key;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger statements_erase_transactions after delete on statements
    referencing old table as gone for each statement execute function statements_erase_transactions()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger statements_erase_transactions on statements`.execute(db);
  await sql`drop function statements_erase_transactions()`.execute(db);
  await sql`delete from statement_transactions t where not exists (select 1 from statements s where s.key = t.statement_key)`.execute(
    db,
  );
  await sql`
    alter table statement_transactions add constraint statement_transactions_statement_key_fkey
    foreign key (statement_key) references statements (key) on delete cascade`.execute(db);
}
