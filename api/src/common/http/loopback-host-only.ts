import type { NextFunction, Request, Response } from 'express';
import { isLoopbackHost } from '../config/app-config';

/** The host name of a Host header: `[::1]:4000` → `[::1]`, `localhost:4000` → `localhost`. */
function hostName(host: string): string {
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.lastIndexOf(':');
  return end > 0 ? host.slice(0, end) : host;
}

/**
 * DNS rebinding: a page whose own name re-resolves to 127.0.0.1 reaches a loopback API from a developer's browser as
 * its own origin, where CORS does not apply, and could send the Auth emulator's unsigned staff tokens. While the API
 * takes those tokens, it serves only requests addressed to this machine by a loopback name or address (localhost,
 * 127.0.0.1, [::1], any port): a rebound page's requests carry its own name, and are answered 403.
 */
export function loopbackHostOnly(request: Request, response: Response, next: NextFunction): void {
  if (isLoopbackHost(hostName(request.headers.host ?? ''))) return next();
  response
    .status(403)
    .type('text/plain')
    .send('This API takes unsigned staff tokens (the Firebase Auth emulator): it answers only http://localhost, 127.0.0.1 or [::1].\n');
}
