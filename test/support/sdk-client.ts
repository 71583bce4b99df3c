// Run as a child process by tls-sdk.e2e.spec.ts, with NODE_EXTRA_CA_CERTS naming the server's
// self-signed certificate (Node reads it only at startup). The official SDK, unmodified, gets
// its own token from /oauth/token and performs the three core operations.
import { ManagementClient } from 'auth0';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

async function main(): Promise<void> {
  const management = new ManagementClient({
    domain: env('SDK_DOMAIN'),
    clientId: env('SDK_CLIENT_ID'),
    clientSecret: env('SDK_CLIENT_SECRET'),
  });
  await management.organizations.clientGrants.delete(env('ORG_ID'), env('GRANT_ID'));
  await management.tokenExchangeProfiles.update(env('PROFILE_ID'), { name: 'renamed by the sdk', subject_token_type: 'urn:sdk:updated' });
  await management.tokenExchangeProfiles.delete(env('DOOMED_PROFILE_ID'));
  // And an error path, to see the SDK read our error body.
  const missing = await management.tokenExchangeProfiles.update('tep_doesNotExist0000', { name: 'nothing' }).then(
    () => undefined,
    (error: unknown) => ({ statusCode: (error as { statusCode?: number }).statusCode, body: (error as { body?: unknown }).body }),
  );
  // The issuer's own endpoints through the same SDK: a client's lifecycle and a key rotation.
  const created = await management.clients.create({ name: 'made by the sdk', app_type: 'non_interactive' });
  const clientId = created.client_id;
  if (clientId === undefined) throw new Error('POST /clients answered without a client_id');
  const rotated = await management.clients.rotateSecret(clientId);
  const fetched = await management.clients.get(clientId);
  await management.clients.delete(clientId);
  const { kid } = await management.keys.signing.rotate();
  const clients = {
    createdHasSecret: typeof created.client_secret === 'string',
    secretChanged: rotated.client_secret !== created.client_secret,
    fetchedName: fetched.name,
    fetchedHasSecret: 'client_secret' in fetched,
  };
  process.stdout.write(`${JSON.stringify({ ok: true, missing, clients, rotatedKid: typeof kid === 'string' })}\n`);
}

main().catch((caught: unknown) => {
  const error = caught as { message?: string; statusCode?: number; body?: unknown };
  process.stdout.write(`${JSON.stringify({ ok: false, message: error.message, statusCode: error.statusCode, body: error.body })}\n`);
  process.exit(1);
});
