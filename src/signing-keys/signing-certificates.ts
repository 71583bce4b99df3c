import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { certificateOf, type SigningCertificate } from './signing-certificate.js';
import { SigningKeyStore } from './signing-key.store.js';

/** The current signing key's certificate, made once per key and process (it is the same on every instance). */
@Injectable()
export class SigningCertificates {
  private made?: { kid: string; certificate: Promise<SigningCertificate> };

  constructor(
    private readonly keys: SigningKeyStore,
    private readonly config: AppConfig,
  ) {}

  async current(): Promise<SigningCertificate> {
    const { kid, key, publicKey, createdAt } = await this.keys.current();
    if (this.made?.kid !== kid) {
      const certificate = certificateOf({ kid, privateKey: key, publicKey, createdAt }, this.config.tenantDomain);
      this.made = { kid, certificate };
      // A failed make is retried by the next call, not kept.
      certificate.catch(() => {
        if (this.made?.certificate === certificate) this.made = undefined;
      });
    }
    return this.made.certificate;
  }
}
