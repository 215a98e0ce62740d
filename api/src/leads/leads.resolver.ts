import { UseGuards } from '@nestjs/common';
import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { leadSource } from './attribution';
import { type Identity } from './auth/firebase-token-verifier';
import { CurrentStaff, StaffGuard } from './auth/staff.guard';
import { ActivityArgs, FilteredLeadsArgs, LeadIdArgs, LeadsArgs, LeadsCsvArgs, UpdateLeadStatusArgs } from './dto/leads.args';
import { LeadInsights } from './models/lead-insights.model';
import { CSV_MAX_ROWS, LeadsService } from './leads.service';
import { Lead, LeadConnection, LeadErasureReceipt } from './models/lead.model';
import { StaffAction } from './models/staff-action.model';

/**
 * Leads are prospects' personal data: every field here is for signed-in sales staff only, and what each of them
 * reads, exports, changes and erases is recorded with their account (LeadsService).
 */
@Resolver(() => Lead)
@UseGuards(StaffGuard)
export class LeadsResolver {
  constructor(private readonly service: LeadsService) {}

  @Query(() => LeadConnection, { description: 'Leads, newest or best fit first, a page at a time (staff only)', complexity: 20 })
  leads(@Args() args: LeadsArgs, @CurrentStaff() staff: Identity): Promise<LeadConnection> {
    return this.service.list(args, staff);
  }

  @Query(() => Lead, { description: 'One lead (staff only); the view is recorded in its activity' })
  lead(@Args() { id }: LeadIdArgs, @CurrentStaff() staff: Identity): Promise<Lead> {
    return this.service.view(id, staff);
  }

  @Query(() => String, {
    description:
      'The filtered leads as CSV for a spreadsheet: UTF-8 with a byte order mark, CRLF lines (staff only). Once per ' +
      `operation, at most ${CSV_MAX_ROWS} leads (more: BAD_USER_INPUT maxRows on filter)`,
    complexity: 50,
  })
  leadsCsv(@Args() { filter, separator }: LeadsCsvArgs, @CurrentStaff() staff: Identity): Promise<string> {
    return this.service.csv(filter, separator, staff);
  }

  @Query(() => LeadInsights, {
    description:
      'The overview of the filtered leads: per week for twelve weeks by status, top sources, interests and countries (staff only)',
    complexity: 50,
  })
  leadInsights(@Args() { filter }: FilteredLeadsArgs): Promise<LeadInsights> {
    return this.service.insights(filter);
  }

  @ResolveField(() => String, {
    nullable: true,
    description: 'Where the visit came from in one line: "utm_source / utm_medium", else the referring host; null: a direct visit',
  })
  source(@Parent() lead: Lead): string | null {
    return leadSource(lead);
  }

  @ResolveField(() => [StaffAction], {
    description:
      'What staff did with the lead, newest first: who opened it and who changed its status (to SPAM: who marked it as ' +
      'spam). Erased with the lead',
    complexity: 5,
  })
  activity(@Parent() lead: Lead, @Args() { first }: ActivityArgs): Promise<StaffAction[]> {
    return this.service.activity(lead.id, first);
  }

  @Mutation(() => Lead, { description: 'Moves a lead along the sales pipeline (staff only); recorded in its activity' })
  updateLeadStatus(@Args() { id, status }: UpdateLeadStatusArgs, @CurrentStaff() staff: Identity): Promise<Lead> {
    return this.service.updateStatus(id, status, staff);
  }

  @Mutation(() => LeadErasureReceipt, {
    description: 'Erases a lead and its notifications for good (GDPR right to erasure); only the fact is recorded (staff only)',
  })
  eraseLead(@Args() { id }: LeadIdArgs, @CurrentStaff() staff: Identity): Promise<LeadErasureReceipt> {
    return this.service.erase(id, staff);
  }
}
