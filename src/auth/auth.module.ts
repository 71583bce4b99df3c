import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { JwtStrategy } from './jwt.strategy.js';
import { KeyResolver } from './key.resolver.js';

@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [KeyResolver, JwtStrategy],
  exports: [KeyResolver],
})
export class AuthModule {}
