import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { JsonLogger } from './json-logger.js';

/** The JSON logger as an injectable, at the configured level. */
@Injectable()
export class AppLogger extends JsonLogger {
  constructor(config: AppConfig) {
    super(config.logLevel);
  }
}
