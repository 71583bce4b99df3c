import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LOG_FIELDS, type LogTextRow } from '../logs.repository.js';

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
  @ApiPropertyOptional({ description: 'The organization a token request named.' }) organization_id?: string;
  @ApiPropertyOptional() organization_name?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) details?: Record<string, unknown>;
}

/**
 * One log event as the JSON text the API answers (and a log stream delivers), with the `selected`
 * properties (all by default): the details spliced in as stored, not parsed and serialized again.
 */
export function logJson(row: LogTextRow, selected?: (name: string) => boolean): string {
  const json = JSON.stringify(fieldsOf(row, selected));
  if (row.details === null || (selected && !selected('details'))) return json;
  return json === '{}' ? `{"details":${row.details}}` : `${json.slice(0, -1)},"details":${row.details}}`;
}

/**
 * The event's selected properties but details: the entry's non-null columns, date as ISO 8601. By
 * the known field list, not Object.entries: a page is 100 rows, and each entries array is garbage.
 */
function fieldsOf(row: LogTextRow, selected?: (name: string) => boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const key of LOG_FIELDS) {
    const value = row[key];
    if (value !== null && (selected === undefined || selected(key))) view[key] = key === 'date' ? row.date.toISOString() : value;
  }
  return view;
}
