import { EmailKind } from '../contact/email-domains';
import { FIT_RULES, fitOf, type FitFacts } from './fit-score';
import { leadCountry } from './lead-country';

const strongest: FitFacts = {
  agencySize: 'OVER_50M',
  advertiserCount: 'OVER_100',
  decisionRole: 'DECIDE',
  emailKind: EmailKind.BUSINESS,
  interest: 'SOLUTIONS',
  country: 'DE',
};

describe('FIT_RULES', () => {
  it('add up to 100, each rule giving 0 to its max and reaching it with one of its values', () => {
    const rules = Object.values(FIT_RULES);
    expect(rules.reduce((sum, rule) => sum + rule.max, 0)).toBe(100);
    for (const { max, points } of rules) {
      const values = Object.values(points) as number[];
      expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...values)).toBe(max);
    }
  });
});

describe('fitOf', () => {
  it('gives 100 to the strongest lead, with one reason per rule at its maximum', () => {
    const fit = fitOf(strongest);
    expect(fit.score).toBe(100);
    expect(fit.reasons.map((reason) => [reason.rule, reason.value, reason.points])).toEqual([
      ['agencySize', 'OVER_50M', 25],
      ['advertiserCount', 'OVER_100', 20],
      ['decisionRole', 'DECIDE', 20],
      ['email', 'BUSINESS', 15],
      ['interest', 'SOLUTIONS', 10],
      ['country', 'COVERED', 10],
    ]);
  });

  it('adds up what each field is worth for a weaker lead, and says where it lost points', () => {
    const fit = fitOf({
      agencySize: 'UP_TO_2M',
      advertiserCount: 'FROM_1_TO_10',
      decisionRole: 'NONE',
      emailKind: EmailKind.FREE,
      interest: 'TECHNOLOGICAL_TRANSFORMATION',
      country: 'US',
    });
    expect(fit.score).toBe(5 + 4 + 0 + 0 + 6 + 0);
    expect(fit.reasons.find((reason) => reason.rule === 'country')).toEqual({
      rule: 'country',
      value: 'NOT_COVERED',
      points: 0,
      maxPoints: 10,
    });
  });

  it('gives part of the country points when the country is not known', () => {
    expect(fitOf({ ...strongest, country: null }).score).toBe(100 - FIT_RULES.country.max + FIT_RULES.country.points.UNKNOWN);
  });
});

describe('leadCountry', () => {
  it.each([
    ['+34911234567', 'ana@example.com', 'ES'],
    ['+442071234567', 'ana@agencia.de', 'GB'],
    [null, 'ana@agentur.de', 'DE'],
    [null, 'ana@agency.co.uk', 'GB'],
    [null, 'ana@agency.com', null],
    [null, 'ana@startup.io', null],
    [undefined, 'ana@agency.zz', null],
  ])('reads %s / %s as %s', (phone, email, country) => {
    expect(leadCountry(phone, email)).toBe(country);
  });
});
