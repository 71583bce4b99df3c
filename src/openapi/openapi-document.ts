import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Holds how to build the document (it needs the finished route table, so it cannot be a plain
 * provider). Built and serialized on the first request for it, not at startup: scanning every
 * controller takes ~0.2 s, a tenth of a start, and most starts never serve the document.
 */
@Injectable()
export class OpenApiDocument {
  private build?: () => OpenAPIObject;
  private json?: string;

  set(build: () => OpenAPIObject): void {
    this.build = build;
    this.json = undefined;
  }

  /** Serialized once: the document does not change while the process runs. */
  asJson(): string {
    if (!this.build) throw new Error('OpenAPI document requested before setupOpenApi() ran');
    this.json ??= JSON.stringify(this.build());
    return this.json;
  }
}
