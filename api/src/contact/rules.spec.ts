import { getMetadataStorage } from 'class-validator';
import { LOCALE_TAGS } from '../common/locale';
import { LOCALES } from '@segmentia/contracts/locales';
import { LEAD_STATUSES } from '@segmentia/contracts/leads';
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, LeadStatus, Locale, Position } from '../generated/prisma/enums';
import { ContactRequestInput } from './dto/contact-request.input';
import { CONTACT_ERROR_CODES, CONTACT_LIMITS, CONTACT_OPTIONS } from '@segmentia/contracts/contact';

/** Every validation of the input, by field: class-validator's constraint name and its arguments. */
const validations = getMetadataStorage()
  .getTargetValidationMetadatas(ContactRequestInput, '', true, false)
  .filter((metadata) => metadata.type !== 'conditionalValidation')
  .map((metadata) => ({ field: metadata.propertyName, code: metadata.name ?? metadata.type, constraints: metadata.constraints }));

describe('the contact rules the contracts hold', () => {
  it('list every error code the API can answer for a request, so the site has a message for each', () => {
    const codes = [...new Set(validations.map((validation) => validation.code))].sort();
    expect(codes.length).toBeGreaterThan(8);
    expect(codes.filter((code) => !(CONTACT_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('are the lengths the API validates', () => {
    const limit = (field: string, code: string) =>
      validations.find((validation) => validation.field === field && validation.code === code)?.constraints?.[0];
    for (const [field, { min, max }] of Object.entries(CONTACT_LIMITS) as [string, { min?: number; max: number }][]) {
      expect({ field, min: limit(field, 'minLength'), max: limit(field, 'maxLength') }).toEqual({ field, min, max });
    }
  });

  it('offer every value of each enum, in the schema order', () => {
    expect(CONTACT_OPTIONS).toEqual({
      agencyType: Object.keys(AgencyType),
      agencySize: Object.keys(AgencySize),
      advertiserCount: Object.keys(AdvertiserCount),
      position: Object.keys(Position),
      decisionRole: Object.keys(DecisionRole),
      interest: Object.keys(Interest),
    });
  });
});

describe('the lead statuses the contracts list', () => {
  it('are the schema’s, in its order', () => {
    expect(LEAD_STATUSES).toEqual(Object.keys(LeadStatus));
  });
});

describe('the locale table the contracts hold', () => {
  it('has one row per locale of the schema, in its order', () => {
    expect(LOCALES.map((locale) => locale.api)).toEqual(Object.keys(Locale));
    expect(LOCALE_TAGS).toEqual({ ES: 'es-ES', EN: 'en-US', DE: 'de-DE', IT: 'it-IT', FR: 'fr-FR' });
  });
});
