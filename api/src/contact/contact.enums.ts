import { registerEnumType } from '@nestjs/graphql';
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../generated/prisma/enums';

// The contact form's option lists: the Prisma schema's enums, for the database and the GraphQL schema; the site reads
// the same lists from packages/contracts/src/contact.ts (api/src/contact/rules.spec.ts fails when the two differ).
registerEnumType(AgencyType, { name: 'AgencyType' });
registerEnumType(AgencySize, { name: 'AgencySize', description: 'Yearly media spend' });
registerEnumType(AdvertiserCount, { name: 'AdvertiserCount', description: 'Number of advertisers the agency works for' });
registerEnumType(Position, { name: 'Position', description: 'Position in the company' });
registerEnumType(DecisionRole, { name: 'DecisionRole', description: 'Role in purchase decisions' });
registerEnumType(Interest, { name: 'Interest' });

export { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position };
