import { Injectable } from '@nestjs/common';
import { DATA_SUBJECT } from '../leads/leads.service';
import { PrismaService } from '../prisma/prisma.service';
import type { SelfServiceErasure } from './models/self-service-erasure.model';

/** Staff's list of the erasures people did themselves (the privacy centre's "my data"), for sales to clean up after. */
@Injectable()
export class SelfServiceErasuresService {
  constructor(private readonly prisma: PrismaService) {}

  /** The latest first. */
  list(first: number): Promise<SelfServiceErasure[]> {
    return this.prisma.leadErasure.findMany({
      where: { erasedBy: DATA_SUBJECT },
      orderBy: [{ erasedAt: 'desc' }, { id: 'desc' }],
      take: first,
      select: {
        id: true,
        erasedAt: true,
        leadIds: true,
        objectionCount: true,
        notices: { select: { channel: true, deliveredAt: true }, orderBy: { channel: 'asc' } },
      },
    });
  }
}
