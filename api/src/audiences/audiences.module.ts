import { Module } from '@nestjs/common';
import { AudiencesResolver } from './audiences.resolver';
import { AudiencesService } from './audiences.service';

@Module({ providers: [AudiencesResolver, AudiencesService], exports: [AudiencesService] })
export class AudiencesModule {}
