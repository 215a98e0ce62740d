import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalCertificates {
  /** The local certificate authority: trust it (NODE_EXTRA_CA_CERTS, the browser's store) to trust the site. */
  ca: string;
  cert: string;
  key: string;
}

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A certificate authority of this machine's own (made once, kept in `dir`)
 * and a certificate for localhost and 127.0.0.1 signed by it: what
 * `npm run prod` serves HTTPS with. ECDSA P-256; the server certificate lasts
 * 397 days (what browsers accept) and is made again when missing.
 */
/** A new, unencrypted P-256 key for `openssl req`. */
const NEW_P256_KEY = ['-nodes', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

export function ensureLocalCertificates(dir: string): LocalCertificates {
  const files = { ca: path.join(dir, 'ca.pem'), cert: path.join(dir, 'localhost.pem'), key: path.join(dir, 'localhost-key.pem') };
  const caKey = path.join(dir, 'ca-key.pem');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
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
    );
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
