import type { TDb } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { campaignsRepository as repo, type TCampaignRow } from './campaigns.repository';

/** The campaign's row, or 404. */
export async function requireRow(handle: TDb, id: string): Promise<TCampaignRow> {
  const row = await repo.findById(handle, id);
  if (!row) throw notFound('That campaign');
  return row;
}

/** The campaign's row locked until the transaction ends, or 404. */
export async function requireLocked(tx: TDb, id: string): Promise<TCampaignRow> {
  const row = await repo.lockById(tx, id);
  if (!row) throw notFound('That campaign');
  return row;
}

/** A 400 naming one field, as the validation errors do. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('validation-failed', message, { fields: [{ path, message }] });
}
