import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { SEGMENT_UPLOAD_HOURS } from '@segmentia/contracts/privacy';
import { notFound } from '../common/errors/errors';
import { ProofOfWork, ProofRefusal, proofRefused } from '../contact/proof-of-work';
import { ProofPurpose, StaffActionKind, SuppressionSource } from '../generated/prisma/enums';
import type { Identity } from '../leads/auth/firebase-token-verifier';
import { recordStaffAction } from '../leads/staff-actions';
import { PrismaService } from '../prisma/prisma.service';
import { SideEffect, SideEffectCeilings } from '../side-effects/side-effect-ceilings';
import type { ObjectionInput } from './dto/objection.input';
import type { OptOutInput } from './dto/opt-out.input';
import type { AudienceObjection, ObjectionReceipt, OptOutReceipt, PrivacyCenterSummary } from './models/privacy.model';
import { PipelineService } from './pipeline/pipeline.service';
import { suppressionHash } from './suppression-hash';

const RECEIPT = { id: true, suppressedAt: true, deviceType: true, reason: true } as const;
const OBJECTION = { id: true, receivedAt: true, locale: true, email: true, message: true, answeredAt: true, answeredBy: true } as const;

/**
 * The privacy centre: a person opts a device's advertising ID out of the audiences (the suppression list keeps its
 * keyed hash, never the ID), or, for a web browser, writes an objection that staff answer. Both are proved by the
 * contact form's proof of work (a challenge proves one action of any kind; a form sent faster than a person fills it
 * is refused, to be sent again), stored once per client `requestId`, and bounded by an hourly ceiling for everyone.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly proofOfWork: ProofOfWork,
    private readonly pipeline: PipelineService,
    private readonly ceilings: SideEffectCeilings,
  ) {}

  /**
   * Puts the ID on the suppression list once: the same ID again (any case, any device type, any requestId) gets the
   * first opt-out's receipt (its reason too), as does a retried send of the same requestId, whatever its proof.
   */
  async optOut({ requestId, deviceType, advertisingId, reason, altcha }: OptOutInput): Promise<OptOutReceipt> {
    const retried = () => this.prisma.audienceSuppression.findUnique({ where: { requestId }, select: RECEIPT });
    const first = await retried();
    if (first) return optOutReceipt(first);
    const proof = await this.proofOfWork.check(altcha, 'refuse');
    if (!proof.ok) {
      // Spent by this requestId's first send, committed since (a retry racing it): its receipt.
      const committed = proof.refusal === ProofRefusal.REUSED ? await retried() : null;
      if (committed) return optOutReceipt(committed);
      throw proofRefused(proof.refusal);
    }
    const idHash = suppressionHash(this.config.suppressionHashKey, advertisingId);
    const stored =
      (await this.prisma.$transaction(async (tx) => {
        await this.ceilings.admit(tx, SideEffect.OPT_OUT);
        if (!(await this.proofOfWork.spend(tx, proof.challengeId, ProofPurpose.OPT_OUT))) return null;
        const [created] = await tx.audienceSuppression.createManyAndReturn({
          data: { requestId, deviceType, idHash, reason, source: SuppressionSource.PRIVACY_CENTER },
          skipDuplicates: true,
          select: RECEIPT,
        });
        // Nothing stored: the ID is on the list already, or a concurrent retry stored this requestId.
        return created ?? tx.audienceSuppression.findFirst({ where: { OR: [{ idHash }, { requestId }] }, select: RECEIPT });
      })) ??
      // The challenge was spent: by a concurrent retry of this requestId (its receipt), or by another action.
      (await this.prisma.audienceSuppression.findUnique({ where: { requestId }, select: RECEIPT }));
    if (!stored) throw proofRefused(ProofRefusal.REUSED);
    return optOutReceipt(stored);
  }

  /** Stores a written objection once per requestId; staff see it on the staff page. */
  async object({ requestId, altcha, ...fields }: ObjectionInput): Promise<ObjectionReceipt> {
    const select = { id: true, receivedAt: true } as const;
    const retried = () => this.prisma.audienceObjection.findUnique({ where: { requestId }, select });
    const first = await retried();
    if (first) return first;
    const proof = await this.proofOfWork.check(altcha, 'refuse');
    if (!proof.ok) {
      // Spent by this requestId's first send, committed since (a retry racing it): its receipt.
      const committed = proof.refusal === ProofRefusal.REUSED ? await retried() : null;
      if (committed) return committed;
      throw proofRefused(proof.refusal);
    }
    const stored =
      (await this.prisma.$transaction(async (tx) => {
        await this.ceilings.admit(tx, SideEffect.OBJECTION);
        if (!(await this.proofOfWork.spend(tx, proof.challengeId, ProofPurpose.OBJECTION))) return null;
        const [created] = await tx.audienceObjection.createManyAndReturn({ data: { requestId, ...fields }, skipDuplicates: true, select });
        return created ?? tx.audienceObjection.findUnique({ where: { requestId }, select });
      })) ?? (await this.prisma.audienceObjection.findUnique({ where: { requestId }, select }));
    if (!stored) throw proofRefused(ProofRefusal.REUSED);
    return stored;
  }

  async summary(): Promise<PrivacyCenterSummary> {
    const [suppressions, openObjections, lastSuppressionRead] = await Promise.all([
      this.prisma.audienceSuppression.count(),
      this.prisma.audienceObjection.count({ where: { answeredAt: null } }),
      this.pipeline.lastRead(),
    ]);
    return { suppressions, openObjections, lastSuppressionRead };
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

const optOutReceipt = ({
  id,
  suppressedAt,
  deviceType,
  reason,
}: { id: string; suppressedAt: Date } & Pick<OptOutReceipt, 'deviceType' | 'reason'>) => ({
  id,
  optedOutAt: suppressedAt,
  deviceType,
  reason,
  outOfSegmentsBy: new Date(suppressedAt.getTime() + SEGMENT_UPLOAD_HOURS * 3600_000),
});
