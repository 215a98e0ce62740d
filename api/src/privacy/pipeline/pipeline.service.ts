import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app-config';
import { badUserInput } from '../../common/errors/errors';
import type { MachineIdentity } from '../../machine-keys/machine-key.guard';
import { PrismaService } from '../../prisma/prisma.service';
import { suppressionHash } from '../suppression-hash';
import { suppressionKeyFingerprint } from '../suppression-key';
import type { ConsentWithdrawalsInput } from './dto/consent-withdrawals.input';
import type { SuppressionsArgs } from './dto/suppressions.args';
import type { AudienceSuppressionConnection, ConsentWithdrawalsReceipt, SuppressionListRead } from './models/pipeline.model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What machines do with the suppression list, each with its own key: the audiences' pipeline reads it (every read
 * recorded, so a pipeline that stops reading is seen), and partners or the pipeline add the IDs whose owners withdrew
 * their consent where they gave it.
 */
@Injectable()
export class PipelineService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
  ) {}

  /** The suppression list since a moment, oldest first, a page at a time; the read is recorded before it is answered. */
  async suppressions({ since, first, after }: SuppressionsArgs, key: MachineIdentity): Promise<AudienceSuppressionConnection> {
    const cursor = after ? decodeCursor(after) : undefined;
    const rows = await this.prisma.audienceSuppression.findMany({
      where: {
        suppressedAt: { gte: since },
        ...(cursor && {
          OR: [{ suppressedAt: { gt: cursor.suppressedAt } }, { suppressedAt: cursor.suppressedAt, id: { gt: cursor.id } }],
        }),
      },
      orderBy: [{ suppressedAt: 'asc' }, { id: 'asc' }],
      take: first + 1,
      select: { id: true, deviceType: true, idHash: true, suppressedAt: true, reason: true, source: true },
    });
    const edges = rows.slice(0, first).map((node) => ({ cursor: encodeCursor(node), node }));
    await this.prisma.suppressionListRead.create({
      data: { machineKeyId: key.id, since, rows: edges.length, upTo: edges.at(-1)?.node.suppressedAt ?? null },
    });
    return {
      edges,
      pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
      keyFingerprint: suppressionKeyFingerprint(this.config.suppressionHashKey),
    };
  }

  /**
   * A batch of withdrawn IDs onto the list, hashed on arrival (the IDs themselves are neither stored nor logged), in one
   * statement: an ID already listed, for any reason, is left as it is, so the same batch again adds nothing.
   */
  async withdrawals({ deviceType, advertisingIds }: ConsentWithdrawalsInput, key: MachineIdentity): Promise<ConsentWithdrawalsReceipt> {
    const hashes = [...new Set(advertisingIds.map((id) => suppressionHash(this.config.suppressionHashKey, id)))];
    const added = await this.prisma.$executeRaw`
      INSERT INTO audience_suppression (id, device_type, id_hash, reason, source, machine_key_id)
      SELECT gen_random_uuid(), ${deviceType}::"DeviceType", hash, 'WITHDRAWAL', 'PARTNER', ${key.id}::uuid
      FROM unnest(${hashes}::text[]) AS hash
      ON CONFLICT (id_hash) DO NOTHING`;
    return { received: advertisingIds.length, added, alreadyListed: hashes.length - added };
  }

  /** The last read of the list, for the staff page. */
  async lastRead(): Promise<SuppressionListRead | null> {
    const read = await this.prisma.suppressionListRead.findFirst({
      orderBy: { readAt: 'desc' },
      select: { readAt: true, rows: true, upTo: true, machineKey: { select: { name: true } } },
    });
    return read && { readAt: read.readAt, rows: read.rows, upTo: read.upTo, keyName: read.machineKey.name };
  }
}

const encodeCursor = ({ suppressedAt, id }: { suppressedAt: Date; id: string }) =>
  Buffer.from(`${suppressedAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { suppressedAt: Date; id: string } {
  const [time = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const suppressedAt = new Date(time);
  if (Number.isNaN(suppressedAt.getTime()) || !UUID.test(id)) {
    throw badUserInput({ after: [{ code: 'isCursor', message: 'after: not a cursor of this list; pass a pageInfo.endCursor' }] });
  }
  return { suppressedAt, id };
}
