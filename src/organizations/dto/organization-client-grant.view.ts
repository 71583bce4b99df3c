import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ClientGrantView, toClientGrantView } from '../../client-grants/dto/client-grant.view.js';
import type { ClientGrant } from '../../generated/prisma/client.js';

/**
 * The answer to an association: the grant named `grant_id` only, as Auth0 answers it (recorded by
 * Terraform in 2026 and by go-auth0), though the auth0 SDK's types also declare an `id`.
 */
export class AssociatedClientGrantView extends OmitType(ClientGrantView, ['id']) {
  @ApiProperty({ description: 'ID of the client grant.' }) grant_id: string;
}

export function toAssociatedView(row: ClientGrant): AssociatedClientGrantView {
  const { id, ...rest } = toClientGrantView(row);
  return { grant_id: id, ...rest };
}
