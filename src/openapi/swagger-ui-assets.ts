import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Swagger UI ships inside @nestjs/swagger's own dependency (swagger-ui-dist); it is resolved
// from there so the docs page needs no extra package, no @fastify/static and no CDN.
const swaggerRequire = createRequire(import.meta.resolve('@nestjs/swagger'));
const ASSET_DIR = dirname(swaggerRequire.resolve('swagger-ui-dist/package.json'));

export const SWAGGER_UI_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
} as const;
type SwaggerUiAsset = keyof typeof SWAGGER_UI_ASSETS;

const cache = new Map<SwaggerUiAsset, Promise<Buffer>>();

/** Read once, then served from memory. */
export function swaggerUiAsset(name: SwaggerUiAsset): Promise<Buffer> {
  let content = cache.get(name);
  if (!content) {
    content = readFile(join(ASSET_DIR, name));
    cache.set(name, content);
  }
  return content;
}

export function docsPage(prefix: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Management API v2</title>
<link rel="stylesheet" href="/${prefix}/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/${prefix}/docs/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: '/${prefix}/openapi.json', dom_id: '#swagger-ui' });</script>
</body>
</html>
`;
}
