import { ApiProperty } from '@nestjs/swagger';

export class UserBlockView {
  @ApiProperty({ description: 'Identifier (should be any of an `email`, `username`, or `phone_number`)' }) identifier: string;
  @ApiProperty({ description: 'IP Address' }) ip: string;
  @ApiProperty({ description: 'Connection identifier' }) connection: string;
}

export class UserBlocksView {
  @ApiProperty({ type: [UserBlockView], description: 'Array of identifier + IP address pairs.' }) blocked_for: UserBlockView[];
}
