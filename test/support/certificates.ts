import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A self-signed certificate made now by openssl (`needs: openssl`), valid for `days`, and its private key. */
export async function selfSignedCertificate(days: number, subject = '/CN=private-key-client'): Promise<{ pem: string; key: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tma-cred-'));
  try {
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', String(days), '-subj', subject],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ]);
    return { pem: await readFile(join(dir, 'cert.pem'), 'utf8'), key: await readFile(join(dir, 'key.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
