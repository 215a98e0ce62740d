import { COVERED_COUNTRIES } from '@segmentia/contracts/segments';
import type { AdvertiserCount, AgencySize, DecisionRole, Interest } from '../contact/contact.enums';
import { EmailKind, emailKind } from '../contact/email-domains';
import { leadCountry } from './lead-country';

/**
 * How well a lead fits Segmentia: 0–100, the sum of the points each rule
 * gives for one of the lead's own fields. THE RULES ARE THIS TABLE: a sales
 * manager changes a number here (each rule's points run from 0 to its `max`,
 * and the maxima add up to 100, which a unit test checks), then runs
 * `npm run rescore -w api` so that the leads already stored are scored again.
 * Every lead keeps the reasons of its score, rule by rule.
 */
export const FIT_RULES = {
  /** Yearly media spend: the budget our audiences would be bought with. */
  agencySize: {
    max: 25,
    points: { UP_TO_2M: 5, FROM_2M_TO_5M: 10, FROM_5M_TO_10M: 15, FROM_10M_TO_50M: 20, OVER_50M: 25 },
  },
  /** Advertisers managed: how many campaigns one agreement can feed. */
  advertiserCount: {
    max: 20,
    points: { FROM_1_TO_10: 4, FROM_10_TO_25: 8, FROM_25_TO_50: 12, FROM_50_TO_100: 16, OVER_100: 20 },
  },
  /** The person's part in buying decisions. */
  decisionRole: {
    max: 20,
    points: { NONE: 0, PRESCRIBE: 8, INFLUENCE: 12, DECIDE: 20 },
  },
  /** A company's address rather than a free mailbox (disposable ones never get this far). */
  email: {
    max: 15,
    points: { BUSINESS: 15, FREE: 0 },
  },
  /** What they asked about: the audiences themselves, or help with their technology. */
  interest: {
    max: 10,
    points: { SOLUTIONS: 10, TECHNOLOGICAL_TRANSFORMATION: 6 },
  },
  /** Where they are (their phone number's country, else their email's country domain): one of our 27 countries, or not. */
  country: {
    max: 10,
    points: { COVERED: 10, UNKNOWN: 4, NOT_COVERED: 0 },
  },
} as const satisfies Record<string, { max: number; points: Record<string, number> }>;

export type FitRule = keyof typeof FIT_RULES;

/** What the rules read of a lead. */
export interface FitFacts {
  agencySize: AgencySize;
  advertiserCount: AdvertiserCount;
  decisionRole: DecisionRole;
  emailKind: EmailKind.BUSINESS | EmailKind.FREE;
  interest: Interest;
  /** ISO 3166 alpha-2, or null when neither the phone nor the email tells. */
  country: string | null;
}

/** One rule's part of a score: which value of the lead it read and what it gave. */
export interface FitReason {
  rule: FitRule;
  value: string;
  points: number;
  maxPoints: number;
}

export interface Fit {
  score: number;
  reasons: FitReason[];
}

const COVERED = new Set<string>(COVERED_COUNTRIES);

function coverage(country: string | null): keyof typeof FIT_RULES.country.points {
  if (!country) return 'UNKNOWN';
  return COVERED.has(country) ? 'COVERED' : 'NOT_COVERED';
}

/** The lead's score and, rule by rule in the table's order, why. */
export function fitOf(facts: FitFacts): Fit {
  const values: Record<FitRule, string> = {
    agencySize: facts.agencySize,
    advertiserCount: facts.advertiserCount,
    decisionRole: facts.decisionRole,
    email: facts.emailKind,
    interest: facts.interest,
    country: coverage(facts.country),
  };
  const reasons = (Object.keys(FIT_RULES) as FitRule[]).map((rule) => {
    const { max, points } = FIT_RULES[rule];
    return { rule, value: values[rule], points: (points as Record<string, number>)[values[rule]] ?? 0, maxPoints: max };
  });
  return { score: reasons.reduce((sum, reason) => sum + reason.points, 0), reasons };
}

/** What a lead says of itself that scoring reads: its answers, its email and its phone (E.164). */
export type ScoredFields = Pick<FitFacts, 'agencySize' | 'advertiserCount' | 'decisionRole' | 'interest'> & {
  email: string;
  phone: string | null;
};

/** What scoring adds to a lead: where it is, whether its address is free mail, its score and the reasons. */
export interface LeadScore {
  country: string | null;
  freeEmail: boolean;
  fitScore: number;
  fitReasons: FitReason[];
}

/** Scores a lead as it arrives (and again with `npm run rescore -w api` after the rules change). */
export function scoreLead(lead: ScoredFields): LeadScore {
  const freeEmail = emailKind(lead.email) === EmailKind.FREE;
  const country = leadCountry(lead.phone, lead.email);
  const { score, reasons } = fitOf({ ...lead, emailKind: freeEmail ? EmailKind.FREE : EmailKind.BUSINESS, country });
  return { country, freeEmail, fitScore: score, fitReasons: reasons };
}
