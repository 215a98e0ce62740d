import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import type { Coverage } from './models/coverage.model';

@Injectable()
export class ContentService {
  constructor(private readonly prisma: PrismaService) {}

  async coverage(): Promise<Coverage> {
    const [countries, topics, audiences, users] = await Promise.all([
      this.prisma.country.count(),
      this.prisma.topic.count(),
      this.prisma.audience.count(),
      this.prisma.country.aggregate({ _sum: { onlineUsers: true } }),
    ]);
    return { countries, topics, audiences, onlineUsers: users._sum.onlineUsers ?? 0 };
  }
}
