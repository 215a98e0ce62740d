import type { Prisma } from '../generated/prisma/client';
import type { StaffActionKind } from '../generated/prisma/enums';
import type { Identity } from './auth/firebase-token-verifier';
import type { StaffAction } from './models/staff-action.model';

/** A Prisma client or transaction: an action is recorded in the same transaction as what it records, when there is one. */
type Database = Pick<Prisma.TransactionClient, 'staffAction'>;

/**
 * Records that the signed-in staff member did `kind`: their uid and verified email (from StaffGuard), the lead's id
 * or how many leads, the status given; never the lead's data.
 */
export function recordStaffAction(
  database: Database,
  staff: Identity,
  kind: StaffActionKind,
  details: Pick<Prisma.StaffActionUncheckedCreateInput, 'leadId' | 'status' | 'count' | 'erasureId'> = {},
): Promise<unknown> {
  return database.staffAction.create({ data: { kind, staffUid: staff.uid, staffEmail: staff.email, ...details }, select: { id: true } });
}

/** What staff did with a lead, newest first. */
export function staffActionsOf(database: Database, leadId: string, first: number): Promise<StaffAction[]> {
  return database.staffAction.findMany({
    where: { leadId },
    orderBy: [{ actedAt: 'desc' }, { id: 'desc' }],
    take: first,
    select: { id: true, actedAt: true, kind: true, staffUid: true, staffEmail: true, status: true },
  });
}
