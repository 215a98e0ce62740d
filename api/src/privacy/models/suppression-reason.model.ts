import { registerEnumType } from '@nestjs/graphql';
import { SuppressionReason, SuppressionSource } from '../../generated/prisma/enums';

registerEnumType(SuppressionReason, {
  name: 'SuppressionReason',
  description: 'Why an advertising ID is on the suppression list',
  valuesMap: {
    OBJECTION: { description: 'The person objected to the processing (art. 21 GDPR)' },
    WITHDRAWAL: { description: 'The person withdrew their consent (art. 7(3) GDPR)' },
  },
});
registerEnumType(SuppressionSource, {
  name: 'SuppressionSource',
  description: 'Who put an advertising ID on the suppression list',
  valuesMap: {
    PRIVACY_CENTER: { description: 'The person, at the privacy centre' },
    PARTNER: { description: 'A data partner or the pipeline, with a machine key (sendConsentWithdrawals)' },
  },
});
export { SuppressionReason, SuppressionSource };
