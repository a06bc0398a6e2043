/**
 * A throwaway self-signed certificate, made with `openssl` (Debian: `apt-get install openssl`): for 127.0.0.1 by
 * default (the simulator speaking HTTPS and HTTP/2 in the bench), or for the names given (LinkedIn's fixture site in
 * the Firefox stage). Browsers that use it are told to accept it; nothing else trusts it.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function selfSignedCertificate(
  subject: { commonName: string; altNames: string } = { commonName: '127.0.0.1', altNames: 'IP:127.0.0.1' },
): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'candidate-lens-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        `/CN=${subject.commonName}`,
        '-addext',
        `subjectAltName=${subject.altNames}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The base64 SHA-256 of a certificate's public key (its SubjectPublicKeyInfo), as Chromium's
 * `--ignore-certificate-errors-spki-list` takes it: that browser then accepts this certificate, and no other one.
 * The same as `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
 */
export function spkiHash(cert: string): string {
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
