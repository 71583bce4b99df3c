import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ALL_SCOPES } from '../auth/scopes.catalog.js';
import { JsonLogger } from '../common/json-logger.js';
import { newId, randomAlphanumeric } from '../common/ids.js';
import { AppConfig } from '../config/app-config.js';
import { PrismaService } from '../database/prisma.service.js';
import { hashSecret, newClientSecret } from './client-secret.js';

// Serialises the "is the tenant empty?" check across instances booting at the same moment.
const BOOTSTRAP_LOCK_KEY = 72707370;
export const ADMIN_CLIENT_FILE = 'admin-client.json';

/**
 * First start of an empty tenant: an administrator client with every catalog scope on the
 * management audience, so there is something to get the first token with. Its credentials are
 * printed once and kept in DATA_DIR/admin-client.json (0600). BOOTSTRAP_CLIENT_ID/SECRET fix them.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const clientId = this.config.bootstrapClientId ?? randomAlphanumeric(32);
    const secret = this.config.bootstrapClientSecret ?? newClientSecret();
    const secretHash = await hashSecret(secret);
    const created = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`;
      if ((await tx.client.count()) > 0) return false;
      await tx.client.create({
        data: { client_id: clientId, name: 'Bootstrap admin', app_type: 'non_interactive', grant_types: ['client_credentials'], secret_hash: secretHash },
      });
      await tx.clientGrant.create({ data: { id: newId('cgr'), client_id: clientId, audience: this.config.tokenAudience, scope: [...ALL_SCOPES] } });
      return true;
    });
    if (created) await this.announce(clientId, secret);
  }

  private async announce(clientId: string, secret: string): Promise<void> {
    const credentials = { client_id: clientId, client_secret: secret, audience: this.config.tokenAudience, token_url: `${this.config.tokenIssuer}oauth/token` };
    const file = join(this.config.dataDir, ADMIN_CLIENT_FILE);
    await mkdir(this.config.dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    // writeFile's mode only applies to a new file; an old file keeps its mode unless we set it.
    await chmod(file, 0o600);
    this.logger.write('warn', 'created the bootstrap admin client; its secret is shown once here and kept in ' + file, credentials);
  }
}
