import type { Prisma } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';
import { scoreLead } from './fit-score';

const BATCH = 500;

/**
 * Scores every stored lead again with today's rules (after a sales manager
 * changed FIT_RULES, or for leads stored before scoring existed), a batch at a
 * time in id order; writes only the leads whose score, reasons or country
 * changed. Returns how many leads were read and how many changed.
 */
export async function rescoreLeads(prisma: PrismaService): Promise<{ read: number; changed: number }> {
  let read = 0;
  let changed = 0;
  let after: string | undefined;
  for (;;) {
    const leads = await prisma.contactRequest.findMany({
      select: {
        id: true,
        agencySize: true,
        advertiserCount: true,
        decisionRole: true,
        interest: true,
        email: true,
        phone: true,
        country: true,
        freeEmail: true,
        fitScore: true,
        fitReasons: true,
      },
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    if (!leads.length) return { read, changed };
    read += leads.length;
    after = leads.at(-1)!.id;
    const updates = leads.flatMap((lead) => {
      const score = scoreLead(lead);
      const same =
        score.fitScore === lead.fitScore &&
        score.country === lead.country &&
        score.freeEmail === lead.freeEmail &&
        JSON.stringify(score.fitReasons) === JSON.stringify(lead.fitReasons);
      if (same) return [];
      const data = { ...score, fitReasons: score.fitReasons as unknown as Prisma.InputJsonValue };
      return [prisma.contactRequest.update({ where: { id: lead.id }, data, select: { id: true } })];
    });
    changed += updates.length;
    if (updates.length) await prisma.$transaction(updates);
  }
}
