import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LogRow } from '../logs.repository.js';

/** A log event as Auth0 returns it; fields the entry does not have are absent. */
export class LogView {
  @ApiProperty() log_id: string;
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiProperty({ description: 'Event code: sapi, fapi, seccft, feccft, secte, fecte.' }) type: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional() client_id?: string;
  @ApiPropertyOptional() client_name?: string;
  @ApiPropertyOptional() ip?: string;
  @ApiPropertyOptional() user_agent?: string;
  @ApiPropertyOptional() hostname?: string;
  @ApiPropertyOptional() user_id?: string;
  @ApiPropertyOptional() user_name?: string;
  @ApiPropertyOptional() audience?: string;
  @ApiPropertyOptional() scope?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) details?: Record<string, unknown>;
}

export function toLogView(row: LogRow): LogView {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (value !== null) view[key] = value;
  view.date = row.date.toISOString();
  return view as unknown as LogView;
}
