// bench/ingest's lock watch (PostgreSQL only): pg_stat_activity and pg_locks sampled every 100 ms
// during a phase, for the statements waiting on a lock: whether an ingest request ever waits on a
// campaign's lock rather than its own device's advisory lock.
import pg from 'pg';

export /** Statements waiting on a lock, sampled from pg_stat_activity and pg_locks (PostgreSQL only). */
class LockWatch {
  samples = 0;
  /**
   * Samples in which some ingest statement waited on a lock other than its device's advisory lock
   * or the table's extension: a row or transaction lock, or a lock on another table (a campaign's).
   */
  ingestBlocked = 0;
  /** Samples in which an ingest statement waited on its device's advisory lock. */
  advisoryWaits = 0;
  /** Samples in which an ingest insert waited to extend the impression table's file. */
  extendWaits = 0;
  /** What waited, by wait event and statement. */
  waits = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<LockWatch> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new LockWatch(client);
  }

  start() {
    this.timer = setInterval(() => void this.sample(), 100);
  }

  private async sample() {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{
        wait_event: string;
        relation: string | null;
        query: string;
      }>(`select a.wait_event, (select c.relname from pg_locks l left join pg_class c on c.oid = l.relation
            where l.pid = a.pid and not l.granted limit 1) as relation, a.query
          from pg_stat_activity a
          where a.datname = current_database() and a.pid <> pg_backend_pid()
            and a.wait_event_type = 'Lock'`);
      this.samples += 1;
      let blocked = false;
      let advisory = false;
      let extend = false;
      for (const row of rows) {
        const query = row.query.replace(/\s+/g, ' ').trim();
        const ingest =
          /pg_advisory_xact_lock|insert into "impression"|from "device_served_fill"|select "billable_from"/.test(
            query,
          );
        // The device's own lock, and extending the impression table's file (any insert, the
        // plain one too, waits for that), are not a campaign's lock.
        if (ingest && row.wait_event === 'advisory') advisory = true;
        else if (ingest && row.wait_event === 'extend') extend = true;
        else if (ingest) blocked = true;
        const key = `${row.wait_event}${row.relation ? ` on ${row.relation}` : ''}: ${query.slice(0, 70)}`;
        this.waits.set(key, (this.waits.get(key) ?? 0) + 1);
      }
      if (blocked) this.ingestBlocked += 1;
      if (advisory) this.advisoryWaits += 1;
      if (extend) this.extendWaits += 1;
    } finally {
      this.busy = false;
    }
  }

  async close() {
    clearInterval(this.timer);
    while (this.busy) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.client.end();
  }
}
