import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A member as Auth0 lists it: the user's id and the three profile fields an organization shows. */
export class OrganizationMemberView {
  @ApiProperty({ description: 'ID of this user.' }) user_id: string;
  @ApiPropertyOptional({ description: 'Email address of this user.' }) email?: string;
  @ApiPropertyOptional({ description: 'URL to a picture for this user.' }) picture?: string;
  @ApiPropertyOptional({ description: 'Name of this user.' }) name?: string;
}

export interface MemberRow {
  id: string;
  email: string | null;
  picture: string | null;
  name: string | null;
}

export function toMemberView(row: MemberRow): OrganizationMemberView {
  const view: OrganizationMemberView = { user_id: row.id };
  if (row.email !== null) view.email = row.email;
  if (row.picture !== null) view.picture = row.picture;
  if (row.name !== null) view.name = row.name;
  return view;
}
