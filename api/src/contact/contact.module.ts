import { Module } from '@nestjs/common';
import { AudiencesModule } from '../audiences/audiences.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ContactResolver } from './contact.resolver';
import { ContactService } from './contact.service';
import { ProofOfWork } from './proof-of-work';

@Module({
  imports: [RateLimitModule, NotificationsModule, AudiencesModule],
  providers: [ContactResolver, ContactService, ProofOfWork],
  exports: [ProofOfWork],
})
export class ContactModule {}
