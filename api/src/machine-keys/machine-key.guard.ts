import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import { forbidden, unauthenticated } from '../common/errors/errors';
import { PrismaService } from '../prisma/prisma.service';
import { isMachineKey, machineKeyHash, type MachineScope, scopeName } from './machine-key';

/** The machine key a request passed MachineKeyGuard with. */
export interface MachineIdentity {
  id: string;
  name: string;
}

type MachineRequest = Request & { machineKey?: MachineIdentity };

const SCOPE = 'segmentia:machineScope';

const requestOf = (context: ExecutionContext): MachineRequest =>
  GqlExecutionContext.create(context).getContext<{ req: MachineRequest }>().req;

/**
 * Lets through a machine key (`npm run machine-key`) that holds the field's scope, and nothing else: no key, a staff
 * sign-in's token, an unknown or a revoked key is UNAUTHENTICATED; a key without the scope is FORBIDDEN. The staff
 * guard, for its part, refuses every machine key (it is no Firebase token), so a key reaches these fields only.
 */
@Injectable()
export class MachineKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly prisma: PrismaService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const scope = this.reflector.get<MachineScope | undefined>(SCOPE, context.getHandler());
    if (!scope) throw new Error('MachineKeyGuard used without MachineScoped');
    const request = requestOf(context);
    const [scheme, key] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !key) {
      throw unauthenticated('missing', 'Send a machine key as "Authorization: Bearer <key>" (made by npm run machine-key)');
    }
    if (!isMachineKey(key)) throw unauthenticated('invalid', 'This field takes a machine key (npm run machine-key), not a staff sign-in');
    const found = await this.prisma.machineKey.findUnique({
      where: { keyHash: machineKeyHash(key) },
      select: { id: true, name: true, scopes: true, revokedAt: true },
    });
    if (!found) throw unauthenticated('invalid', 'Unknown machine key');
    if (found.revokedAt) throw unauthenticated('revoked', `The machine key ${found.name} is revoked`);
    if (!found.scopes.includes(scope)) throw forbidden(`The machine key ${found.name} lacks the scope ${scopeName(scope)}`);
    request.machineKey = { id: found.id, name: found.name };
    return true;
  }
}

/** A field only a machine key with this scope may use. */
export const MachineScoped = (scope: MachineScope) => applyDecorators(SetMetadata(SCOPE, scope), UseGuards(MachineKeyGuard));

/** The machine key of a request that passed MachineKeyGuard. */
export const CurrentMachineKey = createParamDecorator((_data: unknown, context: ExecutionContext): MachineIdentity => {
  const machineKey = requestOf(context).machineKey;
  if (!machineKey) throw new Error('CurrentMachineKey used without MachineKeyGuard');
  return machineKey;
});
