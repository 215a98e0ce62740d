import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RateLimit } from '../../common/rate-limit/gql-throttler.guard';
import { MachineScope } from '../../machine-keys/machine-key';
import { CurrentMachineKey, type MachineIdentity, MachineScoped } from '../../machine-keys/machine-key.guard';
import { ConsentWithdrawalsInput, WITHDRAWAL_BATCH_MAX } from './dto/consent-withdrawals.input';
import { SuppressionsArgs } from './dto/suppressions.args';
import { AudienceSuppressionConnection, ConsentWithdrawalsReceipt } from './models/pipeline.model';
import { PipelineService } from './pipeline.service';

/**
 * The two fields a machine key opens (docs/api.md, "The audiences' pipeline"), and no staff sign-in does: the pipeline
 * has a credential that can read the list and send withdrawals, and nothing of the leads. On the query budget per
 * client: its guard, nearest each method, runs first, so a guessed key is counted before it is looked up.
 */
@Resolver()
export class PipelineResolver {
  constructor(private readonly pipeline: PipelineService) {}

  @Query(() => AudienceSuppressionConnection, {
    description:
      'The suppression list since a moment, oldest first: the pipeline that builds the audiences leaves these IDs out. ' +
      'A machine key with the scope read-suppressions only; each read is recorded (when, which key, how many, up to when)',
    complexity: 20,
  })
  @MachineScoped(MachineScope.READ_SUPPRESSIONS)
  @RateLimit('query')
  audienceSuppressions(@Args() args: SuppressionsArgs, @CurrentMachineKey() key: MachineIdentity): Promise<AudienceSuppressionConnection> {
    return this.pipeline.suppressions(args, key);
  }

  @Mutation(() => ConsentWithdrawalsReceipt, {
    description:
      `Up to ${WITHDRAWAL_BATCH_MAX} advertising IDs whose owners withdrew their consent where they gave it, onto the ` +
      'suppression list (reason WITHDRAWAL, source PARTNER), hashed on arrival; idempotent: an ID on the list already is ' +
      'counted, not added again. A machine key with the scope send-withdrawals only',
  })
  @MachineScoped(MachineScope.SEND_WITHDRAWALS)
  @RateLimit('query')
  sendConsentWithdrawals(
    @Args('input') input: ConsentWithdrawalsInput,
    @CurrentMachineKey() key: MachineIdentity,
  ): Promise<ConsentWithdrawalsReceipt> {
    return this.pipeline.withdrawals(input, key);
  }
}
