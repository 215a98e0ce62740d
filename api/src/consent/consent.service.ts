import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import type { ConsentRecordInput } from './dto/consent-record.input';
import type { ConsentReceipt } from './models/consent-receipt.model';

@Injectable()
export class ConsentService {
  constructor(private readonly prisma: PrismaService) {}

  /** Records a decision once per `decisionId`, keeping nothing about the person but the browser's random id. */
  async record(input: ConsentRecordInput): Promise<ConsentReceipt> {
    await this.prisma.consentRecord.createMany({
      data: { ...input, enabledIds: [...new Set(input.enabledIds)].sort() },
      skipDuplicates: true,
    });
    return this.prisma.consentRecord.findUniqueOrThrow({
      where: { decisionId: input.decisionId },
      select: { id: true, decidedAt: true },
    });
  }
}
