import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { PageInfo } from '../../../leads/models/lead.model';
import { DeviceType } from '../../models/device-type.model';
import { SuppressionReason, SuppressionSource } from '../../models/suppression-reason.model';

@ObjectType({ description: 'An advertising ID on the suppression list, as its keyed hash' })
export class AudienceSuppression {
  @Field(() => ID)
  id: string;

  @Field(() => DeviceType)
  deviceType: DeviceType;

  @Field({ description: 'Hex HMAC-SHA-256 of the lowercased ID under SUPPRESSION_HASH_KEY: hash yours the same way to match' })
  idHash: string;

  @Field(() => GraphQLISODateTime)
  suppressedAt: Date;

  @Field(() => SuppressionReason)
  reason: SuppressionReason;

  @Field(() => SuppressionSource)
  source: SuppressionSource;
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

  @Field({
    description:
      'Hex HMAC-SHA-256 of "suppression-key-id" under the key the hashes were made with: compute it with your own ' +
      'SUPPRESSION_HASH_KEY, and stop if it differs (your hashes would match nothing)',
  })
  keyFingerprint: string;
}

@ObjectType({ description: 'What a batch of withdrawals did: the IDs sent, those new to the list and those on it already' })
export class ConsentWithdrawalsReceipt {
  @Field(() => Int, { description: 'IDs in the batch, repeats included' })
  received: number;

  @Field(() => Int, { description: 'Different IDs added to the suppression list now' })
  added: number;

  @Field(() => Int, { description: 'Different IDs that were on the list already (any reason): nothing changed for them' })
  alreadyListed: number;
}

@ObjectType({ description: 'A read of the suppression list by a machine key (staff only)' })
export class SuppressionListRead {
  @Field(() => GraphQLISODateTime)
  readAt: Date;

  @Field({ description: "The machine key's name (npm run machine-key -- list)" })
  keyName: string;

  @Field(() => Int, { description: 'Suppressions the read returned' })
  rows: number;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'The latest suppressedAt it returned; null: none' })
  upTo: Date | null;
}
