// The kill tests' traps (kill.fault.ts, docs/testing.md "Faults"): trigger functions that hold a
// writing transaction open (a marker file written from inside it, once, then a long pg_sleep) so
// the server can be killed in the middle of it, the triggers that install them, and waiting for
// the moment.
import { sql } from 'drizzle-orm';
import type { TDb } from '../../src/db/database';

/**
 * The settlement's trap: the same hold, on a ledger entry of a settlement transaction after the
 * first one committed (the worker is killed between two of its batches, one billed, one not).
 */
const HOLD_SECOND_CHARGE_FUNCTION = sql.raw(`
create or replace function fault_hold_second_charge() returns trigger language plpgsql as $$
declare marker text := current_setting('data_directory') || '/fault-' || tg_argv[0];
begin
  if pg_stat_file(marker, true) is null and exists (
    select 1 from ledger_transaction t
    where t.kind = 'impression-charge' and t.id <> new.transaction_id
  ) and exists (
    select 1 from ledger_transaction t
    where t.kind = 'impression-charge' and t.id = new.transaction_id
  ) then
    execute format('copy (select %L) to %L', tg_table_name, marker);
    perform pg_sleep(60);
  end if;
  return new;
end $$`);

/** The trigger function: marker file once, then a long pg_sleep inside the writing transaction. */
const HOLD_FUNCTION = sql.raw(`
create or replace function fault_hold() returns trigger language plpgsql as $$
declare marker text := current_setting('data_directory') || '/fault-' || tg_argv[0];
begin
  if pg_stat_file(marker, true) is null then
    execute format('copy (select %L) to %L', tg_table_name, marker);
    perform pg_sleep(60);
  end if;
  return new;
end $$`);

export function log(line: string) {
  console.log(`faults: ${line}`);
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Installs the traps (test only) in the database of the server to be killed: the upload's object
 * row named `uploadName`, the plain plays, and the ledger entries of a second settlement
 * transaction, each marker suffixed with `run`.
 */
export async function installHolds(
  db: TDb,
  { run, uploadName }: { run: string; uploadName: string },
) {
  await db.execute(HOLD_FUNCTION);
  await db.execute(HOLD_SECOND_CHARGE_FUNCTION);
  await db.execute(
    sql.raw(`create trigger fault_upload before insert on storage_object for each row
      when (new.name = '${uploadName}')
      execute function fault_hold('upload-${run}')`),
  );
  await db.execute(
    sql.raw(`create trigger fault_sync before insert on impression for each row
      when (new.campaign_id is null) execute function fault_hold('sync-${run}')`),
  );
  await db.execute(
    sql.raw(`create trigger fault_settle before insert on ledger_entry for each row
      execute function fault_hold_second_charge('settlement-${run}')`),
  );
}
