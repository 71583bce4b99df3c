import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { clientNotFound } from '../clients/client-errors.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import type { ClientCredential, Prisma } from '../generated/prisma/client.js';

// The client deleted between the check and the insert: its 404, not a 500.
const failed = mapDatabaseErrors({ constraints: { client_credentials_client_id_fkey: clientNotFound } });

// Read on every private_key_jwt authentication: the client's enabled, unexpired credentials, one
// indexed lookup on the pool (docs/performance.md, "Prepared statements and raw SQL on hot paths").
const USABLE_SQL = `SELECT id, kid, alg, pem, expires_at FROM client_credentials
  WHERE client_id = $1 AND id = ANY($2::text[]) AND (expires_at IS NULL OR expires_at > now())`;

export type UsableCredential = Pick<ClientCredential, 'id' | 'kid' | 'alg' | 'pem' | 'expires_at'>;

/** The client_credentials table; a client's credentials are deleted with it by the foreign key. */
@Injectable()
export class ClientCredentialsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly txHost: TransactionHost<PrismaTx>,
  ) {}

  async clientExists(clientId: string): Promise<boolean> {
    return (await this.txHost.tx.client.count({ where: { client_id: clientId } })) > 0;
  }

  create(data: Prisma.ClientCredentialUncheckedCreateInput): Promise<ClientCredential> {
    return this.txHost.tx.clientCredential.create({ data }).catch(failed);
  }

  list(clientId: string): Promise<ClientCredential[]> {
    return this.txHost.tx.clientCredential.findMany({ where: { client_id: clientId }, orderBy: [{ created_at: 'asc' }, { id: 'asc' }] });
  }

  async find(clientId: string, id: string): Promise<ClientCredential | undefined> {
    return (await this.txHost.tx.clientCredential.findFirst({ where: { client_id: clientId, id } })) ?? undefined;
  }

  /** The ids among `ids` that are credentials of the client. */
  async owned(clientId: string, ids: string[]): Promise<Set<string>> {
    const rows = await this.txHost.tx.clientCredential.findMany({ where: { client_id: clientId, id: { in: ids } }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  async updateExpiry(clientId: string, id: string, expiresAt: Date | null): Promise<ClientCredential | undefined> {
    const [row] = await this.txHost.tx.clientCredential.updateManyAndReturn({
      where: { client_id: clientId, id },
      data: { expires_at: expiresAt, updated_at: new Date() },
    });
    return row;
  }

  async delete(clientId: string, id: string): Promise<void> {
    await this.txHost.tx.clientCredential.deleteMany({ where: { client_id: clientId, id } });
  }

  /** The client's private_key_jwt setting, to drop a deleted credential from it. */
  async authenticationMethods(clientId: string): Promise<Prisma.JsonValue | undefined> {
    const row = await this.txHost.tx.client.findUnique({ where: { client_id: clientId }, select: { client_authentication_methods: true } });
    return row?.client_authentication_methods;
  }

  async setAuthenticationMethods(clientId: string, methods: Prisma.InputJsonObject): Promise<void> {
    await this.txHost.tx.client.updateMany({ where: { client_id: clientId }, data: { client_authentication_methods: methods } });
  }

  /** Of `ids`, the client's credentials that have not expired; outside any transaction (token path). */
  usable(clientId: string, ids: string[]): Promise<UsableCredential[]> {
    return this.prisma.sql<UsableCredential>(USABLE_SQL, [clientId, ids]);
  }
}
