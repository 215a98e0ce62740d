import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import { AppConfig } from '../../common/config/app-config';
import { forbidden, unauthenticated } from '../../common/errors/errors';
import { FirebaseTokenVerifier, type Identity } from './firebase-token-verifier';
import { staffAccess } from './staff-role';

type StaffRequest = Request & { staff?: Identity };

const requestOf = (context: ExecutionContext): StaffRequest => GqlExecutionContext.create(context).getContext<{ req: StaffRequest }>().req;

/**
 * Lets through verified staff only (staffAccess): a Firebase account signed in
 * through STAFF_SIGN_IN_PROVIDERS with the custom claim `role: "sales"`, or
 * with a verified email of STAFF_EMAIL_DOMAINS, and without the deny claim
 * `staff: false`. No or a bad token, or one of a revoked or disabled account,
 * is UNAUTHENTICATED; a good token of anybody else is FORBIDDEN.
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
    // The role, provider and deny claim are judged before the account lookup (an Admin SDK call), which only staff cost.
    request.staff = await this.verifier.verify(token, (identity) => this.judge(identity));
    return true;
  }

  private judge(identity: Identity): void {
    const access = staffAccess(identity.candidate, this.config);
    if (access.why === 'provider') {
      throw forbidden(
        `Staff sign in with ${this.config.STAFF_SIGN_IN_PROVIDERS.join(' or ')}, not ${identity.candidate.signInProvider || 'this way'}`,
      );
    }
    if (!access.staff) throw forbidden(`${identity.email} is not a Segmentia sales account`);
  }
}

/** The signed-in staff member of a request that passed StaffGuard. */
export const CurrentStaff = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const staff = requestOf(context).staff;
  if (!staff) throw new Error('CurrentStaff used without StaffGuard');
  return staff;
});
