import { Injectable } from '@nestjs/common';
import type { ActionExecution } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

interface StreamDelivery {
  id: string;
  failures: number;
  retry_at: Date | null;
  last_error: string | null;
}

/** The console's own reads of what the Management API does not answer: an action's executions, a stream's delivery state. */
@Injectable()
export class ConsoleInsightRepository {
  constructor(private readonly prisma: PrismaService) {}

  async actionExists(id: string): Promise<boolean> {
    return (await this.prisma.action.count({ where: { id } })) > 0;
  }

  /** The action's executions, newest first, whatever it was called when they ran. */
  async executions(actionId: string, skip: number, take: number): Promise<{ rows: ActionExecution[]; total: number }> {
    const where = { action_id: actionId };
    const [rows, total] = await Promise.all([
      this.prisma.actionExecution.findMany({ where, orderBy: { created_at: 'desc' }, skip, take }),
      this.prisma.actionExecution.count({ where }),
    ]);
    return { rows, total };
  }

  streamDeliveries(): Promise<StreamDelivery[]> {
    return this.prisma.logStream.findMany({
      select: { id: true, failures: true, retry_at: true, last_error: true },
      orderBy: { id: 'asc' },
    });
  }
}
