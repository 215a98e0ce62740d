import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ContactResolver } from './contact.resolver';
import { ContactService } from './contact.service';

@Module({ imports: [RateLimitModule], providers: [ContactResolver, ContactService] })
export class ContactModule {}
