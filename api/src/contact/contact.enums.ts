import { registerEnumType } from '@nestjs/graphql';
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../generated/prisma/enums';

// The contact form's option lists: one definition, in the Prisma schema, for
// the database, the GraphQL schema and (through codegen) the site.
registerEnumType(AgencyType, { name: 'AgencyType' });
registerEnumType(AgencySize, { name: 'AgencySize', description: 'Yearly media spend' });
registerEnumType(AdvertiserCount, { name: 'AdvertiserCount', description: 'Number of advertisers the agency works for' });
registerEnumType(Position, { name: 'Position', description: 'Position in the company' });
registerEnumType(DecisionRole, { name: 'DecisionRole', description: 'Role in purchase decisions' });
registerEnumType(Interest, { name: 'Interest' });

export { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position };
