import { OmitType, PartialType } from '@nestjs/swagger';
import { CreateResourceServerDto } from './create-resource-server.dto.js';

/**
 * Everything but the identifier, which Auth0 never lets change. No minimum of properties: the
 * SDK's own example updates with an empty body.
 */
export class UpdateResourceServerDto extends PartialType(OmitType(CreateResourceServerDto, ['identifier']), {
  skipNullProperties: false,
}) {}
