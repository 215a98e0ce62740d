import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type App, applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../../common/config/app-config';
import { serviceUnavailable, unauthenticated } from '../../common/errors/errors';

/** What the API keeps of an account between its looks at it. */
interface AccountState {
  disabled: boolean;
  /** Sessions that signed in before this time (seconds) were ended: `revokeRefreshTokens`. */
  validAfter: number;
}

const ended = () => unauthenticated('revoked', 'This account’s sessions were ended (access revoked, or the account disabled)');

/**
 * What a signature cannot tell: whether the account of a valid ID token was
 * disabled, deleted, or had its sessions ended since it signed in (Firebase's
 * `verifyIdToken(token, checkRevoked)`, without a lookup per request). The
 * account is read through the Admin SDK and kept STAFF_ACCOUNT_CHECK_SECONDS.
 * A lookup that fails is SERVICE_UNAVAILABLE, never a pass: in production the
 * Admin SDK needs Google credentials (docs/configuration.md).
 */
@Injectable()
export class AccountCheck implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StaffSignIn');
  private app?: App;
  private auth?: Auth;
  private readonly accounts?: LRUCache<string, AccountState>;

  constructor(private readonly config: AppConfig) {
    if (!config.STAFF_ACCOUNT_CHECK_SECONDS || !config.FIREBASE_PROJECT_ID) return;
    this.accounts = new LRUCache<string, AccountState>({
      max: 10_000,
      ttl: config.STAFF_ACCOUNT_CHECK_SECONDS * 1000,
      // Requests of one account at once share one lookup.
      fetchMethod: (uid) => this.lookUp(uid),
    });
  }

  /** Resolves when the account may still use a session that signed in at `authTime` (seconds); UNAUTHENTICATED if not. */
  async assertActive(uid: string, authTime: number): Promise<void> {
    if (!this.accounts) return;
    const account = await this.accounts.fetch(uid);
    if (!account || account.disabled || authTime < account.validAfter) throw ended();
  }

  /** In production, says at once when the Admin SDK has no credentials, rather than at the first staff request. */
  onApplicationBootstrap(): void {
    if (!this.accounts || !this.config.isProduction) return;
    this.firebase()
      .app.options.credential!.getAccessToken()
      .catch((error: unknown) => this.logger.error(this.credentialsMissing(error)));
  }

  async onModuleDestroy(): Promise<void> {
    if (this.app) await deleteApp(this.app);
  }

  private async lookUp(uid: string): Promise<AccountState | undefined> {
    try {
      const user = await this.firebase().auth.getUser(uid);
      return {
        disabled: user.disabled,
        validAfter: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) / 1000 : 0,
      };
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') throw ended();
      this.logger.error(this.credentialsMissing(error));
      throw serviceUnavailable();
    }
  }

  private credentialsMissing(error: unknown): string {
    return (
      `Staff sign-in cannot look up accounts in Firebase project ${this.config.FIREBASE_PROJECT_ID} (${String(error)}): ` +
      'every staff request answers SERVICE_UNAVAILABLE until it can. The API needs Google credentials with the ' +
      '"Firebase Authentication Viewer" role (GOOGLE_APPLICATION_CREDENTIALS, or the platform’s workload identity).'
    );
  }

  /** One Admin SDK app per API instance (several run in one test process), made at the first use. */
  private firebase(): { app: App; auth: Auth } {
    if (!this.app || !this.auth) {
      const { FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: emulator } = this.config;
      // The Admin SDK reads the emulator's address from the environment only; it then needs no credentials.
      if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
      this.app = initializeApp(emulator ? { projectId } : { projectId, credential: applicationDefault() }, `staff-${randomUUID()}`);
      this.auth = getAuth(this.app);
    }
    return { app: this.app, auth: this.auth };
  }
}
