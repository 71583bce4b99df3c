import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { clientNotFound } from '../clients/client-errors.js';
import { mapDatabaseErrors } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PrismaTx } from '../database/transactions.js';
import { Prisma, type ClientCredential } from '../generated/prisma/client.js';
import type { CredentialType } from './credential-definitions.js';
import type { CredentialReferences } from './credential-references.js';

// The client deleted between the check and the insert: its 404, not a 500.
const failed = mapDatabaseErrors({ constraints: { client_credentials_client_id_fkey: clientNotFound } });

// Read on every private_key_jwt and mTLS authentication: the client's enabled, unexpired credentials
// of one type, one indexed lookup on the pool (docs/performance.md, "Prepared statements and raw SQL
// on hot paths").
const USABLE_SQL = `SELECT id, kid, alg, pem, subject_dn, thumbprint_sha256 FROM client_credentials
  WHERE client_id = $1 AND id = ANY($2::text[]) AND credential_type = $3
    AND (expires_at IS NULL OR expires_at > now())`;

/** What authenticates: public_key sets kid, alg and pem; cert_subject_dn subject_dn; x509_cert thumbprint_sha256 (credential-definitions.ts). */
export type UsableCredential = Pick<ClientCredential, 'id' | 'kid' | 'alg' | 'pem' | 'subject_dn' | 'thumbprint_sha256'>;

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

  /** The type of each of `ids` that is a credential of the client. */
  async types(clientId: string, ids: string[]): Promise<Map<string, string>> {
    const rows = await this.txHost.tx.clientCredential.findMany({
      where: { client_id: clientId, id: { in: ids } },
      select: { id: true, credential_type: true },
    });
    return new Map(rows.map((row) => [row.id, row.credential_type]));
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

  /** Where the client names its credentials, to drop a deleted credential from them. */
  async references(clientId: string): Promise<CredentialReferences | undefined> {
    const row = await this.txHost.tx.client.findUnique({
      where: { client_id: clientId },
      select: { client_authentication_methods: true, signed_request_object: true },
    });
    return (row ?? undefined) as CredentialReferences | undefined;
  }

  async setReferences(clientId: string, references: CredentialReferences): Promise<void> {
    const json = (value: object | null) => (value === null ? Prisma.DbNull : (value as Prisma.InputJsonObject));
    await this.txHost.tx.client.updateMany({
      where: { client_id: clientId },
      data: {
        client_authentication_methods: json(references.client_authentication_methods),
        signed_request_object: json(references.signed_request_object),
      },
    });
  }

  /** Of `ids`, the client's credentials of `type` that have not expired; outside any transaction (token path). */
  usable(clientId: string, ids: string[], type: CredentialType): Promise<UsableCredential[]> {
    return this.prisma.sql<UsableCredential>(USABLE_SQL, [clientId, ids, type]);
  }
}
