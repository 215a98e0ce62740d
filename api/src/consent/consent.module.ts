import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ConsentResolver } from './consent.resolver';
import { ConsentService } from './consent.service';

@Module({ imports: [RateLimitModule], providers: [ConsentResolver, ConsentService] })
export class ConsentModule {}
