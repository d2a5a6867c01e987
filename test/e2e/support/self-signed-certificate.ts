import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway certificate for the given host names, made with the openssl CLI; `certFile` is what SCRAPE_CA_FILE trusts. */
export function selfSignedCertificate(hosts: string[]): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'le-cert-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', keyFile, '-out', certFile, '-subj', `/CN=${hosts[0]}`,
      '-addext', `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
    ],
    { stdio: 'ignore' },
  ); // prettier-ignore
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}
