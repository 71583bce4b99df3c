import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Holds the document built at startup (it needs the finished route table, so it cannot be a plain provider). */
@Injectable()
export class OpenApiDocument {
  private json?: string;

  set(document: OpenAPIObject): void {
    this.json = JSON.stringify(document);
  }

  /** Serialized once: the document does not change while the process runs. */
  asJson(): string {
    if (!this.json) throw new Error('OpenAPI document requested before setupOpenApi() ran');
    return this.json;
  }
}
