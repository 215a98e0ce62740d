/** The staff list's keyset cursors: where a page ended, in the list's order (newest first, or best fit first). */
import { badUserInput } from '../common/errors/errors';
import { LeadOrder } from './dto/leads.args';

/** Where the previous page ended: its last lead's place in the order. */
export interface Cursor {
  fitScore?: number;
  receivedAt: Date;
  id: string;
}

export function encodeCursor({ fitScore, receivedAt, id }: Cursor, order: LeadOrder): string {
  const place = [receivedAt.toISOString(), id];
  return Buffer.from((order === LeadOrder.BEST_FIT ? [fitScore, ...place] : place).join('|')).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(cursor: string, order: LeadOrder): Cursor {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const fitScore = order === LeadOrder.BEST_FIT ? Number(parts.shift()) : undefined;
  const [time = '', id = ''] = parts;
  const receivedAt = new Date(time);
  if (Number.isNaN(receivedAt.getTime()) || !UUID.test(id) || (fitScore !== undefined && !Number.isInteger(fitScore))) {
    throw badUserInput({ after: [{ code: 'isCursor', message: 'after: not a cursor of this list and order; pass a pageInfo.endCursor' }] });
  }
  return { fitScore, receivedAt, id };
}
