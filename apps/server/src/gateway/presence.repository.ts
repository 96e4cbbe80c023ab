import type { TBrandCode, TCycleType } from '@washboard/contracts';
import type { TSqlRunner } from '../db/database';

/** A machine whose connection state changed outside a status message (silence, or a message after it). */
export type TPresenceChange = {
  serialNumber: string;
  brand: TBrandCode;
  online: boolean;
  systemState: number | null;
  cycleType: TCycleType | null;
  cycleNumber: number | null;
  /** when it was last heard */
  lastSeenAt: string;
};

type TPresenceRow = {
  serial_number: string;
  brand: TBrandCode;
  online: boolean;
  system_state: number | null;
  cycle_type: TCycleType | null;
  cycle_number: number | null;
  last_seen_at: Date | string;
};

const RETURNING = `s.serial_number, a.brand, s.online, s.system_state, s.cycle_type, s.cycle_number, s.last_seen_at`;

function changes(rows: TPresenceRow[]): TPresenceChange[] {
  return rows.map((r) => ({
    serialNumber: r.serial_number,
    brand: r.brand,
    online: r.online,
    systemState: r.system_state,
    cycleType: r.cycle_type,
    cycleNumber: r.cycle_number,
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
  }));
}

/**
 * Part of a writer batch: the machines among `serials` shown offline are online again (they just
 * sent something, so they are connected). Answers those, for the push channel.
 */
export async function reviveSpeaking(sql: TSqlRunner, serials: readonly string[]): Promise<TPresenceChange[]> {
  const { rows } = await sql.query<TPresenceRow>(
    `update appliance_states s set online = true, last_seen_at = now(), updated_at = now()
     from appliances a
     where s.serial_number = any($1::text[]) and not s.online and a.serial_number = s.serial_number
     returning ${RETURNING}`,
    [serials],
  );
  return changes(rows);
}

/**
 * Part of a writer batch: `serials` were heard now. Rows the batch already stamped (telemetry,
 * status, revived) are left alone, so a machine's row is not written twice for it.
 */
export async function touchLastSeen(sql: TSqlRunner, serials: readonly string[]): Promise<void> {
  await sql.query(
    `update appliance_states set last_seen_at = now()
     where serial_number = any($1::text[]) and (last_seen_at is null or last_seen_at < now())`,
    [serials],
  );
}

/** Shows offline every online machine not heard for `silentSeconds`; answers those. */
export async function markSilentOffline(sql: TSqlRunner, silentSeconds: number): Promise<TPresenceChange[]> {
  const { rows } = await sql.query<TPresenceRow>(
    `update appliance_states s set online = false, updated_at = now()
     from appliances a
     where s.online and a.serial_number = s.serial_number
       and coalesce(s.last_seen_at, s.updated_at) < now() - make_interval(secs => $1)
     returning s.serial_number, a.brand, s.online, s.system_state, s.cycle_type, s.cycle_number,
       coalesce(s.last_seen_at, s.updated_at) as last_seen_at`,
    [silentSeconds],
  );
  return changes(rows);
}
