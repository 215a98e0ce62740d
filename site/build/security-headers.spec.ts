import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inlineScriptHashes, nginxInclude, securityHeaders, writeSecurityHeaders } from './security-headers';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** A built site of two pages with inline scripts (one shared), a data block and an external script. */
function builtSite(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-headers-'));
  mkdirSync(path.join(dir, 'en'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<script>window.a=1</script><script src="/app-0123456789abcdef.js"></script><script id="gatsby-chunk-mapping">window.m={}</script>',
  );
  writeFileSync(
    path.join(dir, 'en', 'index.html'),
    '<script>window.a=1</script><script type="application/ld+json">{"@type":"Organization"}</script>',
  );
  return dir;
}

const settings = { apiUrl: 'https://www.segmentia.es/graphql', siteUrl: 'https://www.segmentia.es', firebase: {} };
/** Every tag, analytics and sign-in host configured, and the API on a host of its own. */
const configured = {
  ...settings,
  apiUrl: 'https://api.segmentia.es/graphql',
  gtmId: 'GTM-X',
  firebase: { appId: 'a', measurementId: 'G-1', apiKey: 'k', authDomain: 'seg.firebaseapp.com' },
};
const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

describe('securityHeaders', () => {
  it('allows exactly the inline scripts the build wrote, by hash (not the structured data, never run), and nothing unsafe', () => {
    const site = inlineScriptHashes(builtSite());
    const csp = securityHeaders(site, settings)['Content-Security-Policy']!;
    // The root page's own script, only in the root page's policy.
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${hash('window.a=1')}`);
    expect(directive(securityHeaders(site, settings, { home: true })['Content-Security-Policy']!, 'script-src')).toBe(
      `script-src 'self' ${[hash('window.a=1'), hash('window.m={}')].sort().join(' ')}`,
    );
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    for (const part of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "connect-src 'self'"])
      expect(csp).toContain(part);
  });

  it('opens the tag and analytics hosts only when they are configured, and never on the staff page', () => {
    const site = inlineScriptHashes(builtSite());
    const publicCsp = securityHeaders(site, configured)['Content-Security-Policy']!;
    expect(directive(publicCsp, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(publicCsp, 'connect-src')).toContain('https://api.segmentia.es');
    expect(directive(publicCsp, 'connect-src')).toContain('https://*.google-analytics.com');
    // Only the staff page signs in: no public page may reach Firebase Auth or frame its domain.
    expect(publicCsp).not.toMatch(/identitytoolkit|securetoken|apis\.google\.com|firebaseapp/);
    expect(directive(publicCsp, 'frame-src')).toBe("frame-src 'none'");
    // The cookies policy says a demo request reaches Google Ads only through Google Analytics: no Google Ads host.
    expect(publicCsp).not.toMatch(/googleadservices|doubleclick|www\.google\.com|googlesyndication/);
    const staffCsp = securityHeaders(site, configured, { staff: true })['Content-Security-Policy']!;
    expect(staffCsp).not.toMatch(/googletagmanager|google-analytics|firebase\.googleapis/);
    expect(directive(staffCsp, 'connect-src')).toBe(
      "connect-src 'self' https://api.segmentia.es https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    );
    expect(directive(staffCsp, 'frame-src')).toBe('frame-src https://seg.firebaseapp.com');
    // Google sign-in's popup answers its opener on the staff page only.
    expect(securityHeaders(site, configured, { staff: true })['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    expect(securityHeaders(site, configured)['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(directive(securityHeaders(site, settings)['Content-Security-Policy']!, 'script-src')).not.toContain('googletagmanager');
  });

  it('gives the privacy centre no tag or analytics host, and no Firebase Auth, though they are configured', () => {
    const csp = securityHeaders(inlineScriptHashes(builtSite()), configured, { untagged: true })['Content-Security-Policy']!;
    expect(csp).not.toMatch(/google|firebase|securetoken/);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.segmentia.es");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
  });
});

describe('writeSecurityHeaders', () => {
  it('writes the same headers for the site server and nginx, HSTS for nginx only', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'segmentia-headers-out-'));
    const built = writeSecurityHeaders(builtSite(), out, settings);
    expect(JSON.parse(readFileSync(path.join(out, 'security-headers.json'), 'utf8'))).toEqual(built);
    for (const [file, headers] of [
      ['security-headers.conf', built.public],
      ['security-headers-home.conf', built.home],
      ['security-headers-staff.conf', built.staff],
      ['security-headers-untagged.conf', built.untagged],
    ] as const) {
      const conf = readFileSync(path.join(out, file), 'utf8');
      for (const [name, value] of Object.entries(headers)) expect(conf).toContain(`add_header ${name} "${value}" always;`);
      expect(conf).toContain('add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;');
    }
    expect(built.home['Content-Security-Policy']).not.toBe(built.public['Content-Security-Policy']);
    expect(built.public['Strict-Transport-Security']).toBeUndefined();
    expect(new RegExp(built.staffPath).test('/de/staff/')).toBe(true);
    expect(new RegExp(built.staffPath).test('/de/staffing/')).toBe(false);
    expect(new RegExp(built.untaggedPath).test('/fr/privacy-center/my-data/')).toBe(true);
    expect(new RegExp(built.untaggedPath).test('/privacy/')).toBe(false);
  });

  it('refuses a value nginx would misread', () => {
    expect(() => nginxInclude({ 'X-Test': 'a"b' })).toThrow('X-Test');
  });
});
