import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalCertificates {
  /** The local certificate authority: trust it (NODE_EXTRA_CA_CERTS, the browser's store) to trust the site. */
  ca: string;
  cert: string;
  key: string;
}

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A certificate authority of this machine's own (made once: its certificate in
 * `dir`, its key beside it, caKeyOf), limited to localhost, 127.0.0.1 and ::1
 * (CA_NAME_CONSTRAINTS), and a certificate for those names signed by it: what
 * `npm run prod` serves HTTPS with. ECDSA P-256; the server certificate lasts
 * 397 days (what browsers accept) and is made again when missing.
 */
/** A new, unencrypted P-256 key for `openssl req`. */
const NEW_P256_KEY = ['-nodes', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

/**
 * What the CA may sign: these names only, so that trusting it trusts nothing else (a stolen key cannot
 * impersonate another site). Critical: a client that cannot read the constraint refuses the certificate.
 */
export const CA_NAME_CONSTRAINTS =
  'nameConstraints=critical,permitted;DNS:localhost,permitted;IP:127.0.0.1/255.255.255.255,' +
  'permitted;IP:0:0:0:0:0:0:0:1/FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF';

/** The CA's key: beside `dir`, never in it (docker-compose.yml mounts `dir` into the web container). */
export const caKeyOf = (dir: string) => path.join(`${dir}-ca`, 'ca-key.pem');

export function ensureLocalCertificates(dir: string): LocalCertificates {
  const files = { ca: path.join(dir, 'ca.pem'), cert: path.join(dir, 'localhost.pem'), key: path.join(dir, 'localhost-key.pem') };
  const caKey = caKeyOf(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  mkdirSync(path.dirname(caKey), { recursive: true, mode: 0o700 });
  // A CA of before (its key in `dir`, no name constraints) is replaced: trust the new one instead.
  const oldKey = path.join(dir, 'ca-key.pem');
  if (existsSync(oldKey)) {
    rmSync(oldKey);
    rmSync(files.ca, { force: true });
    console.log(`The local certificate authority is new (limited to localhost; its key is now ${caKey}): trust ${files.ca} again.`);
  }
  if (!existsSync(files.ca) || !existsSync(caKey)) {
    openssl(
      'req',
      '-x509',
      '-new',
      ...NEW_P256_KEY,
      '-keyout',
      caKey,
      '-out',
      files.ca,
      '-days',
      '3650',
      '-subj',
      '/O=Segmentia (local)/CN=Segmentia local certificate authority',
      '-addext',
      'basicConstraints=critical,CA:TRUE,pathlen:0',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-addext',
      CA_NAME_CONSTRAINTS,
    );
    chmodSync(caKey, 0o600);
    rmSync(files.cert, { force: true });
  }
  if (!existsSync(files.cert) || !existsSync(files.key)) {
    const request = path.join(dir, 'localhost.csr');
    const extensions = path.join(dir, 'localhost.ext');
    writeFileSync(
      extensions,
      [
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        'basicConstraints=critical,CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth',
      ].join('\n'),
    );
    try {
      openssl('req', '-new', ...NEW_P256_KEY, '-keyout', files.key, '-out', request, '-subj', '/CN=localhost');
      openssl(
        'x509',
        '-req',
        '-in',
        request,
        '-CA',
        files.ca,
        '-CAkey',
        caKey,
        '-CAcreateserial',
        '-out',
        files.cert,
        '-days',
        '397',
        '-extfile',
        extensions,
      );
    } finally {
      rmSync(request, { force: true });
      rmSync(extensions, { force: true });
    }
  }
  return files;
}
