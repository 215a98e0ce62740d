import { Global, Module } from '@nestjs/common';
import { DatabaseAvailability } from './database-availability';
import { PrismaService } from './prisma.service';

@Global()
@Module({ providers: [PrismaService, DatabaseAvailability], exports: [PrismaService, DatabaseAvailability] })
export class PrismaModule {}
