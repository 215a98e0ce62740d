import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ContactModule } from '../contact/contact.module';
import { LeadsModule } from '../leads/leads.module';
import { PipelineResolver } from './pipeline/pipeline.resolver';
import { PipelineService } from './pipeline/pipeline.service';
import { PrivacyResolver, PrivacyStaffResolver } from './privacy.resolver';
import { PrivacyService } from './privacy.service';

@Module({
  imports: [RateLimitModule, ContactModule, LeadsModule],
  providers: [PrivacyResolver, PrivacyStaffResolver, PrivacyService, PipelineResolver, PipelineService],
})
export class PrivacyModule {}
