import type { Prisma } from '../generated/prisma/client';
import { REPEAT_WINDOW_DAYS } from '../contact/contact.service';
import { LEAD_FIELDS } from '../leads/leads.service';

/**
 * What a person's own request shows: staff's fields without the repeat link, which may name another prospect's
 * request (the same agency at the same email domain: security review 2, M5). The page counts repeats itself, over
 * the address's own requests (ownRepeats).
 */
const { repeatOf: _repeatOf, requestNumber: _requestNumber, ...ownFields } = LEAD_FIELDS;
export const OWN_FIELDS = ownFields satisfies Prisma.ContactRequestSelect;

interface OwnRequest {
  id: string;
  receivedAt: Date;
  isSpam: boolean;
}

/**
 * Each request's place among the address's own requests, as the contact form counts a prospect's but with the same
 * address only: the first of the REPEAT_WINDOW_DAYS before it that was not spam, and how many came before it in that
 * window, plus one. Spam repeats nothing, as the contact form stores it.
 */
export function ownRepeats(
  requests: OwnRequest[],
): Map<string, { repeatOf: { id: string; receivedAt: Date } | null; requestNumber: number }> {
  const oldestFirst = [...requests].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id));
  return new Map(
    oldestFirst.map((request, index) => {
      const windowStart = request.receivedAt.getTime() - REPEAT_WINDOW_DAYS * 86_400_000;
      const earlier = request.isSpam
        ? []
        : oldestFirst.slice(0, index).filter((other) => !other.isSpam && other.receivedAt.getTime() > windowStart);
      const first = earlier[0];
      return [request.id, { repeatOf: first ? { id: first.id, receivedAt: first.receivedAt } : null, requestNumber: earlier.length + 1 }];
    }),
  );
}
