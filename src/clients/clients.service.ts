import { Injectable } from '@nestjs/common';
import { randomAlphanumeric } from '../common/ids.js';
import { listPage, pageWindow, type ListResult } from '../common/pagination/pagination.js';
import { PrismaErrorCode } from '../database/database-errors.js';
import { PrismaService } from '../database/prisma.service.js';
import { clientNotFound } from './client-errors.js';
import { hashSecret, newClientSecret } from './client-secret.js';
import type { CreateClientDto } from './dto/create-client.dto.js';
import { toClientView, toClientWithSecretView, type ClientView, type ClientWithSecretView } from './dto/client.view.js';
import type { ListClientsQuery } from './dto/list-clients.query.js';
import type { UpdateClientDto } from './dto/update-client.dto.js';
import { GlobalClients } from './global-clients.js';

@Injectable()
export class ClientsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly globalClients: GlobalClients,
  ) {}

  /** The secret is returned here and by rotateSecret only; the database keeps its hash. */
  async create(input: CreateClientDto, fixed?: { clientId: string; secret: string }): Promise<ClientWithSecretView> {
    const secret = fixed?.secret ?? newClientSecret();
    const row = await this.prisma.client.create({
      data: {
        client_id: fixed?.clientId ?? randomAlphanumeric(32),
        name: input.name,
        description: input.description,
        app_type: input.app_type ?? 'non_interactive',
        grant_types: input.grant_types ?? ['client_credentials'],
        secret_hash: await hashSecret(secret),
      },
    });
    return toClientWithSecretView(row, secret);
  }

  /** Ordered by client_id, the unique key, so pages stay stable while clients are added. */
  list(query: ListClientsQuery): Promise<ListResult<'clients', ClientView>> {
    return listPage(
      'clients',
      pageWindow(query),
      {
        rows: async ({ skip, take, afterId }) => {
          const rows = await this.prisma.client.findMany({
            where: afterId ? { client_id: { gt: afterId } } : {},
            orderBy: { client_id: 'asc' },
            skip,
            take,
          });
          return rows.map((row) => ({ ...row, id: row.client_id }));
        },
        count: () => this.prisma.client.count(),
      },
      (row) => toClientView(row),
    );
  }

  async get(clientId: string): Promise<ClientView> {
    const row = await this.prisma.client.findUnique({ where: { client_id: clientId } });
    if (!row) throw clientNotFound();
    return toClientView(row);
  }

  async update(clientId: string, changes: UpdateClientDto): Promise<ClientView> {
    const row = await this.prisma.client
      .update({
        where: { client_id: clientId },
        data: { name: changes.name, description: changes.description, app_type: changes.app_type, grant_types: changes.grant_types, updated_at: new Date() },
      })
      .catch(notFoundAs404);
    return toClientView(row);
  }

  async rotateSecret(clientId: string): Promise<ClientWithSecretView> {
    const secret = newClientSecret();
    const row = await this.prisma.client
      .update({ where: { client_id: clientId }, data: { secret_hash: await hashSecret(secret), updated_at: new Date() } })
      .catch(notFoundAs404);
    return toClientWithSecretView(row, secret);
  }

  /**
   * Idempotent, like Auth0's other deletes. The client's grants go with it (Auth0 does the
   * same), and its tokens stop working on this instance at once, on others within seconds.
   */
  async remove(clientId: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.clientGrant.deleteMany({ where: { client_id: clientId } }),
      this.prisma.client.deleteMany({ where: { client_id: clientId } }),
    ]);
    await this.globalClients.revoke(clientId);
  }
}

function notFoundAs404(error: unknown): never {
  if ((error as { code?: string }).code === PrismaErrorCode.RecordNotFound) throw clientNotFound();
  throw error;
}
