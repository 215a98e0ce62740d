import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import { AppConfig } from '../../common/config/app-config';
import { forbidden, unauthenticated } from '../../common/errors/errors';
import { FirebaseTokenVerifier, type Identity } from './firebase-token-verifier';

type StaffRequest = Request & { staff?: Identity };

const requestOf = (context: ExecutionContext): StaffRequest => GqlExecutionContext.create(context).getContext<{ req: StaffRequest }>().req;

/**
 * Lets through verified staff only: a Firebase account with the custom claim
 * `role: "sales"`, or with a verified email of STAFF_EMAIL_DOMAINS. No or a
 * bad token is UNAUTHENTICATED; a good token of anybody else is FORBIDDEN.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly verifier: FirebaseTokenVerifier,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw unauthenticated('missing', 'Sign in as staff: send a Firebase ID token as "Authorization: Bearer <token>"');
    }
    const identity = await this.verifier.verify(token);
    if (!this.isStaff(identity)) throw forbidden(`${identity.email} is not a Segmentia sales account`);
    request.staff = identity;
    return true;
  }

  private isStaff({ role, email }: Identity): boolean {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    return role === 'sales' || this.config.STAFF_EMAIL_DOMAINS.some((allowed) => allowed.toLowerCase() === domain);
  }
}

/** The signed-in staff member of a request that passed StaffGuard. */
export const CurrentStaff = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const staff = requestOf(context).staff;
  if (!staff) throw new Error('CurrentStaff used without StaffGuard');
  return staff;
});
