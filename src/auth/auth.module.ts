import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ClientsModule } from '../clients/clients.module.js';
import { SigningKeysModule } from '../signing-keys/signing-keys.module.js';
import { JwtStrategy } from './jwt.strategy.js';
import { KeyResolver } from './key.resolver.js';

@Module({
  imports: [PassportModule.register({ session: false }), SigningKeysModule, ClientsModule],
  providers: [KeyResolver, JwtStrategy],
  exports: [KeyResolver, JwtStrategy],
})
export class AuthModule {}
