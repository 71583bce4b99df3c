import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { ConnectionDrain } from './connection-drain.js';
import { JsonLogger } from './json-logger.js';
import { SealedSecrets } from './sealed-secrets.js';

@Global()
@Module({
  providers: [
    { provide: JsonLogger, useFactory: (config: AppConfig) => new JsonLogger(config.logLevel), inject: [AppConfig] },
    ConnectionDrain,
    SealedSecrets,
  ],
  exports: [JsonLogger, ConnectionDrain, SealedSecrets],
})
export class CommonModule {}
