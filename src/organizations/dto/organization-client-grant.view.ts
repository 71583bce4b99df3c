import { ApiProperty } from '@nestjs/swagger';
import { ClientGrantView, toClientGrantView } from '../../client-grants/dto/client-grant.view.js';
import type { ClientGrant } from '../../generated/prisma/client.js';

/**
 * The answer to an association. The contract names the grant `grant_id`; Auth0's current
 * schema (and the auth0 SDK's types) call it `id`. Both are sent so either kind of client works.
 */
export class AssociatedClientGrantView extends ClientGrantView {
  @ApiProperty({ description: 'ID of the client grant (same as id).' }) grant_id: string;
}

export function toAssociatedView(row: ClientGrant): AssociatedClientGrantView {
  const { id, ...rest } = toClientGrantView(row);
  return { id, grant_id: id, ...rest };
}
