// @peculiar/x509 resolves its services through tsyringe, which needs the metadata polyfill loaded first.
import 'reflect-metadata';
import { createHash, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/** A signing key's certificate as Auth0 publishes it: PEM, and the same in a PKCS#7 bundle. */
export interface SigningCertificate {
  cert: string;
  pkcs7: string;
}

interface CertifiedKey {
  kid: string;
  createdAt: Date;
  publicKey: KeyObject;
  privateKey: KeyObject;
}

// Node's Web Crypto for the library (its `Crypto` type is the DOM's, which this project does not load).
x509.cryptoProvider.set(webcrypto as never);
const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
// Auth0's tenant certificates are valid for 5000 days from the key's creation.
const VALIDITY_MS = 5000 * 24 * 3600 * 1000;

/**
 * The self-signed certificate of a tenant signing key, as Auth0 makes them: subject and issuer
 * CN=<tenant domain>, a CA that may sign, valid 5000 days. Every field comes from the key and its
 * creation (the serial from the kid, and PKCS#1 v1.5 signatures are deterministic), so every
 * instance makes the same certificate without storing one. PEM lines end in CRLF, as Auth0's.
 */
export async function certificateOf(key: CertifiedKey, tenantDomain: string): Promise<SigningCertificate> {
  const subtle = webcrypto.subtle;
  const publicKey = await subtle.importKey('spki', key.publicKey.export({ type: 'spki', format: 'der' }), ALGORITHM, true, ['verify']);
  const signingKey = await subtle.importKey('pkcs8', key.privateKey.export({ type: 'pkcs8', format: 'der' }), ALGORITHM, false, ['sign']);
  // Whole seconds: a certificate's times have no milliseconds, and the same key gives the same times.
  const notBefore = new Date(Math.floor(key.createdAt.getTime() / 1000) * 1000);
  const certificate = await x509.X509CertificateGenerator.create({
    // Nine bytes, the first below 0x80 so the DER integer stays positive, as Auth0's serials.
    serialNumber: `0${createHash('sha256').update(key.kid).digest('hex').slice(1, 18)}`,
    subject: `CN=${tenantDomain}`,
    issuer: `CN=${tenantDomain}`,
    notBefore,
    notAfter: new Date(notBefore.getTime() + VALIDITY_MS),
    signingAlgorithm: ALGORITHM,
    publicKey,
    signingKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  const crlf = (pem: string) => pem.trim().replace(/\r?\n/g, '\r\n');
  // The library labels the bundle CMS; Auth0's (and OpenSSL's) label is PKCS7.
  const pkcs7 = crlf(new x509.X509Certificates([certificate]).export('pem')).replace(/-----(BEGIN|END) CMS-----/g, '-----$1 PKCS7-----');
  return { cert: crlf(certificate.toString('pem')), pkcs7: `${pkcs7}\r\n` };
}
