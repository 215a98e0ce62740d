import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { Locale } from '../../common/locale';
import { PageInfo } from '../../leads/models/lead.model';
import { DeviceType } from './device-type.model';

@ObjectType({ description: 'Proof that an advertising ID is on the suppression list: the first opt-out of that ID' })
export class OptOutReceipt {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  optedOutAt: Date;

  @Field(() => DeviceType)
  deviceType: DeviceType;
}

@ObjectType({ description: 'Proof that a written objection is stored' })
export class ObjectionReceipt {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  receivedAt: Date;
}

@ObjectType({ description: 'An advertising ID on the suppression list, as its keyed hash (staff only)' })
export class AudienceSuppression {
  @Field(() => ID)
  id: string;

  @Field(() => DeviceType)
  deviceType: DeviceType;

  @Field({ description: 'Hex HMAC-SHA-256 of the lowercased ID under SUPPRESSION_HASH_KEY: hash yours the same way to match' })
  idHash: string;

  @Field(() => GraphQLISODateTime)
  suppressedAt: Date;
}

@ObjectType()
export class AudienceSuppressionEdge {
  @Field({ description: 'Pass as `after` to read the suppressions that follow this one' })
  cursor: string;

  @Field(() => AudienceSuppression)
  node: AudienceSuppression;
}

@ObjectType({ description: 'A page of the suppression list, oldest first' })
export class AudienceSuppressionConnection {
  @Field(() => [AudienceSuppressionEdge])
  edges: AudienceSuppressionEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;
}

@ObjectType({ description: "A web browser's written objection to the audiences (staff only)" })
export class AudienceObjection {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  receivedAt: Date;

  @Field(() => Locale)
  locale: Locale;

  @Field()
  email: string;

  @Field()
  message: string;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Null: still open' })
  answeredAt: Date | null;

  @Field(() => String, { nullable: true, description: 'The staff account that marked it answered' })
  answeredBy: string | null;
}

@ObjectType({ description: "The privacy centre's figures (staff only)" })
export class PrivacyCenterSummary {
  @Field(() => Int, { description: 'Advertising IDs on the suppression list' })
  suppressions: number;

  @Field(() => Int, { description: 'Written objections not answered yet' })
  openObjections: number;
}
