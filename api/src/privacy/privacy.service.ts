import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { badUserInput, notFound } from '../common/errors/errors';
import { ProofOfWork, ProofRefusal, proofRefused } from '../contact/proof-of-work';
import { StaffActionKind } from '../generated/prisma/enums';
import type { Identity } from '../leads/auth/firebase-token-verifier';
import { recordStaffAction } from '../leads/staff-actions';
import { PrismaService } from '../prisma/prisma.service';
import type { ObjectionInput } from './dto/objection.input';
import type { OptOutInput } from './dto/opt-out.input';
import type { SuppressionsArgs } from './dto/privacy.args';
import type {
  AudienceObjection,
  AudienceSuppressionConnection,
  ObjectionReceipt,
  OptOutReceipt,
  PrivacyCenterSummary,
} from './models/privacy.model';
import { suppressionHash } from './suppression-hash';

const RECEIPT = { id: true, suppressedAt: true, deviceType: true } as const;
const OBJECTION = { id: true, receivedAt: true, locale: true, email: true, message: true, answeredAt: true, answeredBy: true } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The privacy centre: a person opts a device's advertising ID out of the audiences (the suppression list keeps its
 * keyed hash, never the ID), or, for a web browser, writes an objection that staff answer. Both are proved by the
 * contact form's proof of work (a challenge serves one of them) and stored once per client `requestId`.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  /**
   * Puts the ID on the suppression list once: the same ID again (any case, any device type, any requestId) gets the
   * first opt-out's receipt, as does a retried send of the same requestId, whatever its proof.
   */
  async optOut({ requestId, deviceType, advertisingId, altcha }: OptOutInput): Promise<OptOutReceipt> {
    const retried = await this.prisma.audienceSuppression.findUnique({ where: { requestId }, select: RECEIPT });
    if (retried) return optOutReceipt(retried);
    const proof = await this.proofOfWork.check(altcha);
    if (!proof.ok) throw proofRefused(proof.refusal);
    const idHash = suppressionHash(this.config.suppressionHashKey, advertisingId);
    const [created] = await this.prisma.audienceSuppression.createManyAndReturn({
      data: { requestId, deviceType, idHash, altchaId: proof.challengeId },
      skipDuplicates: true,
      select: RECEIPT,
    });
    // Nothing stored: the ID is on the list already, or a concurrent retry stored this requestId, or the challenge served another.
    const stored =
      created ?? (await this.prisma.audienceSuppression.findFirst({ where: { OR: [{ idHash }, { requestId }] }, select: RECEIPT }));
    if (!stored) throw proofRefused(ProofRefusal.REUSED);
    return optOutReceipt(stored);
  }

  /** Stores a written objection once per requestId; staff see it on the staff page. */
  async object({ requestId, altcha, ...fields }: ObjectionInput): Promise<ObjectionReceipt> {
    const select = { id: true, receivedAt: true } as const;
    const retried = await this.prisma.audienceObjection.findUnique({ where: { requestId }, select });
    if (retried) return retried;
    const proof = await this.proofOfWork.check(altcha);
    if (!proof.ok) throw proofRefused(proof.refusal);
    const [created] = await this.prisma.audienceObjection.createManyAndReturn({
      data: { requestId, ...fields, altchaId: proof.challengeId },
      skipDuplicates: true,
      select,
    });
    const stored = created ?? (await this.prisma.audienceObjection.findUnique({ where: { requestId }, select }));
    if (!stored) throw proofRefused(ProofRefusal.REUSED);
    return stored;
  }

  /** The suppression list since a moment, oldest first, a page at a time: for the pipeline that builds the audiences. */
  async suppressions({ since, first, after }: SuppressionsArgs): Promise<AudienceSuppressionConnection> {
    const cursor = after ? decodeCursor(after) : undefined;
    const rows = await this.prisma.audienceSuppression.findMany({
      where: {
        suppressedAt: { gte: since },
        ...(cursor && {
          OR: [{ suppressedAt: { gt: cursor.suppressedAt } }, { suppressedAt: cursor.suppressedAt, id: { gt: cursor.id } }],
        }),
      },
      orderBy: [{ suppressedAt: 'asc' }, { id: 'asc' }],
      take: first + 1,
      select: { id: true, deviceType: true, idHash: true, suppressedAt: true },
    });
    const edges = rows.slice(0, first).map((node) => ({ cursor: encodeCursor(node), node }));
    return { edges, pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null } };
  }

  async summary(): Promise<PrivacyCenterSummary> {
    const [suppressions, openObjections] = await Promise.all([
      this.prisma.audienceSuppression.count(),
      this.prisma.audienceObjection.count({ where: { answeredAt: null } }),
    ]);
    return { suppressions, openObjections };
  }

  /** The written objections: the open ones first, oldest first, then the answered ones, last answered first. */
  objections(first: number): Promise<AudienceObjection[]> {
    return this.prisma.audienceObjection.findMany({
      orderBy: [{ answeredAt: { sort: 'desc', nulls: 'first' } }, { receivedAt: 'asc' }, { id: 'asc' }],
      take: first,
      select: OBJECTION,
    });
  }

  /** Marks an objection answered by this staff member, once (recorded among the staff actions); answered already: as it is. */
  async answer(id: string, staff: Identity): Promise<AudienceObjection> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.audienceObjection.updateMany({
        where: { id, answeredAt: null },
        data: { answeredAt: new Date(), answeredBy: staff.email },
      });
      if (count) await recordStaffAction(tx, staff, StaffActionKind.OBJECTION_ANSWERED);
      const objection = await tx.audienceObjection.findUnique({ where: { id }, select: OBJECTION });
      if (!objection) throw notFound(`No objection ${id}: erased, or never sent`);
      return objection;
    });
  }
}

const optOutReceipt = ({ id, suppressedAt, deviceType }: { id: string; suppressedAt: Date; deviceType: OptOutReceipt['deviceType'] }) => ({
  id,
  optedOutAt: suppressedAt,
  deviceType,
});

const encodeCursor = ({ suppressedAt, id }: { suppressedAt: Date; id: string }) =>
  Buffer.from(`${suppressedAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { suppressedAt: Date; id: string } {
  const [time = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const suppressedAt = new Date(time);
  if (Number.isNaN(suppressedAt.getTime()) || !UUID.test(id)) {
    throw badUserInput({ after: [{ code: 'isCursor', message: 'after: not a cursor of this list; pass a pageInfo.endCursor' }] });
  }
  return { suppressedAt, id };
}
