import { ApiProperty } from '@nestjs/swagger';

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

export interface ProfileRow {
  id: string;
  name: string;
  subject_token_type: string;
  action_id: string;
  type: string;
  created_at: Date;
  updated_at: Date;
}

export function toProfileView(row: ProfileRow): TokenExchangeProfileView {
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
