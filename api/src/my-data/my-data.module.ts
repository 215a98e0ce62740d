import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ContactModule } from '../contact/contact.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { MyDataResolver } from './my-data.resolver';
import { MyDataService } from './my-data.service';

/** The privacy centre's "your request's data": a link by email, the data it opens, and its erasure. */
@Module({
  imports: [RateLimitModule, NotificationsModule, ContactModule],
  providers: [MyDataResolver, MyDataService],
})
export class MyDataModule {}
