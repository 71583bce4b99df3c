import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { Connection } from '../generated/prisma/client.js';

/** The connections table; other features (users) find a connection through here, never by their own statements. */
@Injectable()
export class ConnectionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findById(id: string): Promise<Connection | undefined> {
    return (await this.prisma.connection.findUnique({ where: { id } })) ?? undefined;
  }

  async findByName(name: string): Promise<Connection | undefined> {
    return (await this.prisma.connection.findUnique({ where: { name } })) ?? undefined;
  }
}
