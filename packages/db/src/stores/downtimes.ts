import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

export interface Downtime {
  id: number;
  status: 'warning' | 'active';
  message: string;
  startsAt: string;
  endsAt: string | null;
}
export type DowntimeInput = Omit<Downtime, 'id'>;

type Raw = Record<string, unknown>;
const DOWNTIME_COLUMNS = ['id', 'status', 'message', 'starts_at', 'ends_at'] as const;
/** A maintenance window as the admin area and GET /api/shop show it. */
export const downtimeFromRow = (r: Raw): Downtime => {
  const row = fromRow<Omit<Downtime, 'startsAt' | 'endsAt'> & { startsAt: Date; endsAt: Date | null }>(
    r,
    DOWNTIME_COLUMNS,
  );
  return { ...row, startsAt: isoOf(row.startsAt), endsAt: isoOf(row.endsAt) };
};
const toRow = (d: Partial<DowntimeInput>) => ({
  ...(d.status !== undefined ? { status: d.status } : {}),
  ...(d.message !== undefined ? { message: d.message } : {}),
  ...(d.startsAt !== undefined ? { starts_at: d.startsAt } : {}),
  ...(d.endsAt !== undefined ? { ends_at: d.endsAt } : {}),
});

/** Every maintenance window, newest first (GET /api/shop shows the ones not yet over). */
export async function listDowntimes(db: Db): Promise<Downtime[]> {
  return (await db('downtimes').orderBy('starts_at', 'desc').orderBy('id', 'desc')).map(downtimeFromRow);
}

export async function createDowntime(db: Db, d: DowntimeInput): Promise<Downtime> {
  const [row] = await db('downtimes').insert(toRow(d)).returning('*');
  return downtimeFromRow(row);
}

/** Changes a window; the merged result must still end after it starts (checked in the same statement). */
export async function updateDowntime(
  db: Db,
  id: number,
  d: Partial<DowntimeInput>,
): Promise<Downtime | 'NOT_FOUND' | 'ENDS_BEFORE_START'> {
  return db.transaction(async (trx) => {
    const current = await trx('downtimes').where({ id }).forUpdate().first();
    if (!current) return 'NOT_FOUND';
    const merged = { ...downtimeFromRow(current), ...d };
    if (merged.endsAt && new Date(merged.endsAt) <= new Date(merged.startsAt)) return 'ENDS_BEFORE_START';
    const [row] = await trx('downtimes').where({ id }).update(toRow(d)).returning('*');
    return downtimeFromRow(row);
  });
}

export async function deleteDowntime(db: Db, id: number): Promise<boolean> {
  return (await db('downtimes').where({ id }).delete()) > 0;
}
