import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { Locale } from '../../common/locale';
import { SuppressionListRead } from '../pipeline/models/pipeline.model';
import { DeviceType } from './device-type.model';
import { SuppressionReason } from './suppression-reason.model';

@ObjectType({ description: 'Proof that an advertising ID is on the suppression list: the first opt-out of that ID' })
export class OptOutReceipt {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  optedOutAt: Date;

  @Field(() => DeviceType)
  deviceType: DeviceType;

  @Field(() => SuppressionReason, { description: "The first opt-out's reason: the same ID sent again keeps it" })
  reason: SuppressionReason;

  @Field(() => GraphQLISODateTime, {
    description: 'When the ID is out of the segments delivered to The Trade Desk at the latest: optedOutAt + SEGMENT_UPLOAD_HOURS',
  })
  outOfSegmentsBy: Date;
}

@ObjectType({ description: 'Proof that a written objection is stored' })
export class ObjectionReceipt {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  receivedAt: Date;
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

  @Field(() => SuppressionListRead, { nullable: true, description: "The pipeline's last read of the suppression list; null: never read" })
  lastSuppressionRead: SuppressionListRead | null;
}
