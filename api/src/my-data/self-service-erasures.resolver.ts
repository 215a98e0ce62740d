import { UseGuards } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { StaffGuard } from '../leads/auth/staff.guard';
import { SelfServiceErasuresArgs } from './dto/self-service-erasures.args';
import { SelfServiceErasure } from './models/self-service-erasure.model';
import { SelfServiceErasuresService } from './self-service-erasures.service';

/** What staff read of the privacy centre's "my data" (staff only). */
@Resolver()
@UseGuards(StaffGuard)
export class SelfServiceErasuresResolver {
  constructor(private readonly erasures: SelfServiceErasuresService) {}

  @Query(() => [SelfServiceErasure], {
    description:
      'Erasures people did themselves at the privacy centre, latest first: for each lead, delete its chat notice and sales ' +
      'email (sales were sent a notice naming the leads) (staff only)',
    complexity: 20,
  })
  selfServiceErasures(@Args() { first }: SelfServiceErasuresArgs): Promise<SelfServiceErasure[]> {
    return this.erasures.list(first);
  }
}
