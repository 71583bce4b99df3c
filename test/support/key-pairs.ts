import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

// Node 20 deadlocks when the garbage collector frees a key-pair generation job while a KeyObject
// that job returned is being exported to JWK: the export holds the key's mutex while it allocates,
// and the job's destructor takes the same mutex (a test process hung on it, main thread in
// ~KeyGenJob under KeyObjectHandle::ExportJWK; `node --gc-interval=7` reproduces it in seconds).
// Keys generated as PEM and imported again share nothing with the job.
interface KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

const PUBLIC = { type: 'spki', format: 'pem' } as const;
const PRIVATE = { type: 'pkcs8', format: 'pem' } as const;

function imported({ publicKey, privateKey }: { publicKey: string; privateKey: string }): KeyPair {
  return { publicKey: createPublicKey(publicKey), privateKey: createPrivateKey(privateKey) };
}

export function rsaKeyPair(modulusLength = 2048): KeyPair {
  return imported(generateKeyPairSync('rsa', { modulusLength, publicKeyEncoding: PUBLIC, privateKeyEncoding: PRIVATE }));
}

export function ecKeyPair(namedCurve = 'P-256'): KeyPair {
  return imported(generateKeyPairSync('ec', { namedCurve, publicKeyEncoding: PUBLIC, privateKeyEncoding: PRIVATE }));
}
