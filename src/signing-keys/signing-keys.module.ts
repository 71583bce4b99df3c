import { Module } from '@nestjs/common';
import { SigningKeyStore } from './signing-key.store.js';
import { SigningKeysController } from './signing-keys.controller.js';

@Module({
  controllers: [SigningKeysController],
  providers: [SigningKeyStore],
  exports: [SigningKeyStore],
})
export class SigningKeysModule {}
