import { Module } from '@nestjs/common';
import { AudiencesModule } from '../audiences/audiences.module';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ContactModule } from '../contact/contact.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { MyDataResolver } from './my-data.resolver';
import { MyDataService } from './my-data.service';
import { SelfServiceErasuresResolver } from './self-service-erasures.resolver';
import { SelfServiceErasuresService } from './self-service-erasures.service';

/** The privacy centre's "your request's data": a link by email, the data it opens, and its erasure, which staff see. */
@Module({
  imports: [RateLimitModule, NotificationsModule, ContactModule, AudiencesModule, LeadsModule],
  providers: [MyDataResolver, MyDataService, SelfServiceErasuresResolver, SelfServiceErasuresService],
})
export class MyDataModule {}
