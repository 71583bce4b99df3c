import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ActionVersion } from '../../generated/prisma/client.js';

/**
 * An action's current version as Auth0 answers it beside deployed_version: a summary with the
 * build status in capitals and `build_time` (not `built_at`), as its recorded answers show. It is
 * the newest version; every version here is made by a deploy, so that is the deployed one.
 */
export class ActionCurrentVersionView {
  @ApiProperty() id: string;
  @ApiProperty() code: string;
  @ApiProperty() runtime: string;
  @ApiProperty({ enum: ['PENDING', 'BUILDING', 'PACKAGED', 'BUILT', 'RETRYING', 'FAILED'] }) status: string;
  @ApiProperty({ type: 'integer' }) number: number;
  @ApiPropertyOptional({ format: 'date-time' }) build_time?: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toCurrentVersionView(version: ActionVersion): ActionCurrentVersionView {
  return {
    id: version.id,
    code: version.code,
    runtime: version.runtime,
    status: version.status.toUpperCase(),
    number: version.number,
    ...(version.status === 'built' ? { build_time: version.created_at.toISOString() } : {}),
    created_at: version.created_at.toISOString(),
    updated_at: version.updated_at.toISOString(),
  };
}
