import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ALL_SCOPES } from '../auth/scopes.catalog.js';
import { JsonLogger } from '../common/json-logger.js';
import { randomAlphanumeric } from '../common/ids.js';
import { AppConfig } from '../config/app-config.js';
import { newClientSecret } from './client-secret.js';
import { ClientsService } from './clients.service.js';

export const ADMIN_CLIENT_FILE = 'admin-client.json';

/**
 * First start of an empty tenant: an administrator client with every catalog scope on the
 * management audience, so there is something to get the first token with. Its credentials are
 * kept in DATA_DIR/admin-client.json (0600); a generated secret is also printed once, a secret
 * the operator supplied (BOOTSTRAP_CLIENT_ID/SECRET) never is: they know it, logs travel.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly clients: ClientsService,
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const supplied = this.config.bootstrapClientSecret;
    const clientId = this.config.bootstrapClientId ?? randomAlphanumeric(32);
    const secret = supplied ?? newClientSecret();
    const created = await this.clients.createFirst(
      { name: 'Bootstrap admin' },
      { clientId, secret },
      { audience: this.config.tokenAudience, scope: [...ALL_SCOPES] },
    );
    if (created) await this.announce(clientId, secret, supplied === undefined);
  }

  private async announce(clientId: string, secret: string, generated: boolean): Promise<void> {
    const audience = this.config.tokenAudience;
    const tokenUrl = `${this.config.tokenIssuer}oauth/token`;
    const file = join(this.config.dataDir, ADMIN_CLIENT_FILE);
    const credentials = { client_id: clientId, client_secret: secret, audience, token_url: tokenUrl };
    await mkdir(this.config.dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    // writeFile's mode only applies to a new file; an old file keeps its mode unless we set it.
    await chmod(file, 0o600);
    if (generated) {
      this.logger.write('warn', `created the bootstrap admin client; its secret is shown once here and kept in ${file}`, credentials);
    } else {
      const shown = { client_id: clientId, audience, token_url: tokenUrl };
      this.logger.write(
        'warn',
        `created the bootstrap admin client with the secret from BOOTSTRAP_CLIENT_SECRET; credentials kept in ${file}`,
        shown,
      );
    }
  }
}
