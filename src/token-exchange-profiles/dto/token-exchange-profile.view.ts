import { ApiProperty } from '@nestjs/swagger';
import type { TokenExchangeProfile } from '../../generated/prisma/client.js';

/** A profile as the API returns it. */
export class TokenExchangeProfileView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() subject_token_type: string;
  @ApiProperty() action_id: string;
  @ApiProperty({ enum: ['custom_authentication'] }) type: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toProfileView(row: TokenExchangeProfile): TokenExchangeProfileView {
  return {
    id: row.id,
    name: row.name,
    subject_token_type: row.subject_token_type,
    action_id: row.action_id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
