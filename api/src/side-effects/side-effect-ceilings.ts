import { Injectable } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import { ProofPurpose } from '../generated/prisma/enums';
import { Metrics } from '../metrics/metrics.service';
import { PrismaService } from '../prisma/prisma.service';

/** The anonymous side effects bounded in total: the metrics' `action` label. */
export enum SideEffect {
  OPT_OUT = 'opt_out',
  OBJECTION = 'objection',
  /** Requests for a data link, whether or not the address has a lead (so a refusal says nothing of the address). */
  DATA_LINK = 'data_link',
  /** The prospects' confirmation emails sent. */
  CONFIRMATION = 'confirmation',
}

/**
 * Each side effect's ceiling per hour, all clients and replicas together (security review 2, L22): well above what
 * people send (a few a day), far below a mass opt-out of bought IDs or a mail campaign from the company's domain. A
 * policy, not a setting; a test lowers one through the SideEffectCeilings provider.
 */
export const SIDE_EFFECT_CEILINGS_PER_HOUR: Readonly<Record<SideEffect, number>> = {
  [SideEffect.OPT_OUT]: 300,
  [SideEffect.OBJECTION]: 60,
  [SideEffect.DATA_LINK]: 120,
  [SideEffect.CONFIRMATION]: 120,
};

/** The proved side effects (refused over their ceiling) and the spent challenges that count them. */
export type ProvedSideEffect = Exclude<SideEffect, SideEffect.CONFIRMATION>;
const PURPOSES: Record<ProvedSideEffect, ProofPurpose> = {
  [SideEffect.OPT_OUT]: ProofPurpose.OPT_OUT,
  [SideEffect.OBJECTION]: ProofPurpose.OBJECTION,
  [SideEffect.DATA_LINK]: ProofPurpose.DATA_LINK,
};

/** The reason (extensions.reason, with TOO_MANY_REQUESTS) of a refusal at a ceiling: the site words it. */
export const CEILING_REACHED = 'hourlyCeiling';

const ceilingReached = (action: ProvedSideEffect, retryAfterSeconds: number) =>
  new GraphQLError(
    `Too many requests of this kind (${action}) reached Segmentia from all visitors in the last hour: nothing was stored; ` +
      `send it again in ${Math.ceil(retryAfterSeconds / 60)} min`,
    { extensions: { code: ErrorCode.TooManyRequests, reason: CEILING_REACHED, action, retryAfterSeconds } },
  );

/**
 * The hourly ceilings, counted in PostgreSQL over the last hour, so they hold across replicas: a proved action counts
 * its spent challenges (proof_of_work_use), a confirmation its emails sent or being sent (lead_notification). Each
 * check takes a transaction-level advisory lock of its action first, so two sends at once cannot both take the last
 * place. The metrics read the same counts.
 */
@Injectable()
export class SideEffectCeilings {
  /** The ceilings in force: SIDE_EFFECT_CEILINGS_PER_HOUR, which a test may lower on this provider. */
  readonly perHour: Record<SideEffect, number> = { ...SIDE_EFFECT_CEILINGS_PER_HOUR };

  constructor(
    private readonly prisma: PrismaService,
    private readonly metrics: Metrics,
  ) {
    metrics.watchSideEffects(
      () => this.perHour,
      () => this.usedLastHour(),
    );
  }

  /**
   * In the action's transaction, before its challenge is spent: refuses it (TOO_MANY_REQUESTS, reason hourlyCeiling,
   * retryAfterSeconds) when the last hour holds its ceiling already. Nothing is stored then, the challenge stays unspent.
   */
  async admit(tx: Prisma.TransactionClient, action: ProvedSideEffect): Promise<void> {
    await lock(tx, action);
    const purpose = PURPOSES[action];
    const used = await count(tx.$queryRaw<{ used: number }[]>`
      SELECT count(*)::int AS used FROM proof_of_work_use
      WHERE purpose = ${purpose}::"ProofPurpose" AND used_at > now() - interval '1 hour'`);
    const ceiling = this.perHour[action];
    if (used < ceiling) return;
    // A place opens when the oldest of the uses over the ceiling leaves the hour.
    const [frees] = await tx.$queryRaw<{ seconds: number }[]>`
      SELECT greatest(1, ceil(extract(epoch FROM used_at + interval '1 hour' - now())))::int AS seconds FROM proof_of_work_use
      WHERE purpose = ${purpose}::"ProofPurpose" AND used_at > now() - interval '1 hour'
      ORDER BY used_at OFFSET ${used - ceiling} LIMIT 1`;
    this.metrics.sideEffectRefusals.inc({ action });
    throw ceilingReached(action, frees?.seconds ?? 3600);
  }

  /**
   * How many confirmations the outbox's worker may send now, in its claiming transaction: the ceiling less those
   * sent in the last hour and those being sent (claimed, not yet recorded).
   */
  async confirmationsAllowed(tx: Prisma.TransactionClient): Promise<number> {
    await lock(tx, SideEffect.CONFIRMATION);
    const used = await count(tx.$queryRaw<{ used: number }[]>`
      SELECT count(*)::int AS used FROM lead_notification
      WHERE channel = 'CONFIRMATION' AND (delivered_at > now() - interval '1 hour' OR (delivered_at IS NULL AND locked_until > now()))`);
    return Math.max(0, this.perHour[SideEffect.CONFIRMATION] - used);
  }

  /**
   * Whether the lead's confirmation waits for the hour to allow it: it is not sent yet, and the confirmations sent in
   * the last hour with those queued before it fill the ceiling. What the receipt tells the visitor.
   */
  async confirmationDelayed(client: Prisma.TransactionClient | PrismaService, leadId: string): Promise<boolean> {
    const [row] = await client.$queryRaw<{ delayed: boolean }[]>`
      SELECT coalesce(bool_or(mine.delivered_at IS NULL AND (
        SELECT count(*) FROM lead_notification other
        WHERE other.channel = 'CONFIRMATION' AND other.id <> mine.id
          AND (other.delivered_at > now() - interval '1 hour' OR (other.delivered_at IS NULL AND other.created_at <= mine.created_at))
      ) >= ${this.perHour[SideEffect.CONFIRMATION]}), false) AS delayed
      FROM lead_notification mine WHERE mine.lead_id = ${leadId}::uuid AND mine.channel = 'CONFIRMATION'`;
    return row?.delayed ?? false;
  }

  /** Each side effect in the last hour, all replicas together: the metrics' figures. */
  private async usedLastHour(): Promise<Record<SideEffect, number>> {
    const [row] = await this.prisma.$queryRaw<Record<SideEffect, number>[]>`
      SELECT
        (SELECT count(*) FROM proof_of_work_use WHERE purpose = 'OPT_OUT' AND used_at > now() - interval '1 hour')::int AS opt_out,
        (SELECT count(*) FROM proof_of_work_use WHERE purpose = 'OBJECTION' AND used_at > now() - interval '1 hour')::int AS objection,
        (SELECT count(*) FROM proof_of_work_use WHERE purpose = 'DATA_LINK' AND used_at > now() - interval '1 hour')::int AS data_link,
        (SELECT count(*) FROM lead_notification
         WHERE channel = 'CONFIRMATION' AND delivered_at > now() - interval '1 hour')::int AS confirmation`;
    return row!;
  }
}

const count = async (query: Promise<{ used: number }[]>) => (await query)[0]?.used ?? 0;

/** One check of an action at a time, across replicas, until the transaction ends. */
const lock = (tx: Prisma.TransactionClient, action: SideEffect) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`side-effect-ceiling:${action}`}, 0))`;
