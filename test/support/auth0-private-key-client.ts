// Run as a child process by auth0-libraries.private-key.tls.e2e.spec.ts, with NODE_EXTRA_CA_CERTS
// naming the server's self-signed certificate (Node reads it only at startup). @auth0/auth0-auth-js,
// unmodified, authenticates with clientAssertionSigningKey (private_key_jwt) instead of a secret.
import { AuthClient } from '@auth0/auth0-auth-js';

/** The one JSON line this process writes. */
export interface PrivateKeyClientAnswer {
  ok: boolean;
  authMethods?: string[];
  first?: string;
  second?: string;
  refused?: { ok: boolean; error?: string; description?: string };
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const asData = (caught: unknown) => {
  const error = caught as { name?: string; code?: string; cause?: { error?: string; error_description?: string } };
  return { ok: false, name: error.name, code: error.code, error: error.cause?.error, description: error.cause?.error_description };
};

async function main(): Promise<void> {
  const domain = env('LIBRARY_DOMAIN');
  const audience = env('LIBRARY_AUDIENCE');
  const client = new AuthClient({ domain, clientId: env('LIBRARY_CLIENT_ID'), clientAssertionSigningKey: env('LIBRARY_PRIVATE_KEY') });
  const metadata = await client.getServerMetadata();
  // Twice: each call signs a new assertion (a new jti), so neither is a replay.
  const first = await client.getTokenByClientCredentials({ audience });
  const second = await client.getTokenByClientCredentials({ audience });
  const impostor = new AuthClient({ domain, clientId: env('LIBRARY_CLIENT_ID'), clientAssertionSigningKey: env('LIBRARY_WRONG_KEY') });
  const refused = await impostor.getTokenByClientCredentials({ audience }).then(() => ({ ok: true }), asData);
  process.stdout.write(
    `${JSON.stringify({
      ok: true,
      authMethods: metadata.token_endpoint_auth_methods_supported,
      first: first.accessToken,
      second: second.accessToken,
      refused,
    })}\n`,
  );
}

main().catch((caught: unknown) => {
  process.stdout.write(`${JSON.stringify({ ...asData(caught), message: (caught as Error).message })}\n`);
  process.exit(1);
});
