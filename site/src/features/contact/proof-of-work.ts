/**
 * The contact form's proof of work (bots out without a captcha): a challenge
 * from the API (`contactChallenge`), solved in the background by ALTCHA's
 * widget, in Web Workers served from this site (the strict Content Security
 * Policy allows no blob: worker), while the visitor types. Loaded with the
 * form's chunk, started on the visitor's first focus in the form. The widget
 * is invisible, so its stylesheet (altcha.css, 15 KB that Gatsby would inline
 * into every page) is left out.
 */
import 'altcha/external';
import type { AltchaWidgetElement } from 'altcha/types/generic';

// The widget's registry of proof-of-work algorithms: altcha/external bundles none.
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(new URL('altcha/workers/pbkdf2', import.meta.url)));

/** What the form sends: the widget's payload, and the earliest time the API takes it as a person's (ms, this browser's clock). */
export interface Proof {
  altcha: string;
  notBefore: number;
}

/** The longest the time trap holds a send, half a minute, whatever a challenge asks: the visitor never waits longer. */
const MAX_WAIT_MS = 30_000;

/**
 * One proof at a time: `start` asks for a challenge and solves it, `proof`
 * waits for it (and for the challenge's `notBefore`: a person sending within
 * seconds of their first click waits that long, never more), `renew` starts
 * over with a new challenge (after the API refused one).
 */
export class ProofOfWork {
  private solving?: Promise<Proof>;

  constructor(
    private readonly widget: AltchaWidgetElement,
    private readonly fetchChallenge: () => Promise<Record<string, unknown>>,
  ) {}

  start(): void {
    this.solving ??= this.solve();
    // Kept for `proof()`; a failure is told there, when the visitor sends.
    this.solving.catch(() => undefined);
  }

  renew(): void {
    this.solving = undefined;
    this.start();
  }

  async proof(): Promise<Proof> {
    this.start();
    const proof = await this.solving!;
    const wait = proof.notBefore - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return proof;
  }

  private async solve(): Promise<Proof> {
    const challenge = await this.fetchChallenge();
    const received = Date.now();
    await this.widget.configure({
      challenge: challenge as never,
      display: 'invisible',
      hideFooter: true,
      hideLogo: true,
      // No interaction data leaves the browser: the proof is computation only.
      humanInteractionSignature: false,
      minDuration: 0,
    });
    const result = await this.widget.verify();
    if (!result?.payload) throw new Error('The proof of work could not be solved');
    // notBefore is on the API's clock: the same delay after the challenge arrived, on this one.
    const { issuedAt = 0, notBefore = 0 } =
      (challenge.parameters as { data?: { issuedAt?: number; notBefore?: number } } | undefined)?.data ?? {};
    return { altcha: result.payload, notBefore: received + Math.min(Math.max(notBefore - issuedAt, 0), MAX_WAIT_MS) };
  }
}
