import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ActionExecution } from '../generated/prisma/client.js';

class ExecutionErrorView {
  @ApiProperty() id: string;
  @ApiProperty() msg: string;
}

class ExecutionResultView {
  @ApiProperty() action_name: string;
  @ApiProperty({ type: ExecutionErrorView, nullable: true }) error: ExecutionErrorView | null;
  @ApiProperty({ format: 'date-time' }) started_at: string;
  @ApiProperty({ format: 'date-time' }) ended_at: string;
  @ApiPropertyOptional({ description: "The action's console output, one line per call." }) logs?: string;
}

export class ActionExecutionView {
  @ApiProperty() id: string;
  @ApiProperty() trigger_id: string;
  @ApiProperty({ enum: ['unspecified', 'pending', 'final', 'partial', 'canceled', 'suspended'] }) status: string;
  @ApiProperty({ type: [ExecutionResultView] }) results: ExecutionResultView[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toExecutionView(row: ActionExecution): ActionExecutionView {
  return {
    id: row.id,
    trigger_id: row.trigger_id,
    status: row.status,
    results: row.results as unknown as ExecutionResultView[],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
