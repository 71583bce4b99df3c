import { Module } from '@nestjs/common';
import { SigningCertificates } from './signing-certificates.js';
import { SigningKeyChanges } from './signing-key-changes.js';
import { SigningKeyStore } from './signing-key.store.js';
import { SigningKeysController } from './signing-keys.controller.js';
import { SigningKeysRepository } from './signing-keys.repository.js';

@Module({
  controllers: [SigningKeysController],
  providers: [SigningKeyStore, SigningKeysRepository, SigningKeyChanges, SigningCertificates],
  exports: [SigningKeyStore, SigningCertificates],
})
export class SigningKeysModule {}
