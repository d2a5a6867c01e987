import { Controller, Get, Header } from '@nestjs/common';
import { buildOpenApiDocument } from '@lead-engine/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Lead Engine API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

// The package's own entry point would load its 1.5 MB browser bundle into the engine at start.
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerAsset = (name: string) => readFileSync(path.join(SWAGGER_UI_DIR, name), 'utf8');

@Controller()
export class DocsController {
  private readonly document = JSON.stringify(buildOpenApiDocument());
  private readonly stylesheet = swaggerAsset('swagger-ui.css');
  private readonly bundle = swaggerAsset('swagger-ui-bundle.js');

  @Get('api/v1/openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  openApi(): string {
    return this.document;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return DOCS_PAGE;
  }

  @Get('docs/assets/swagger-ui.css')
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=86400')
  css(): string {
    return this.stylesheet;
  }

  @Get('docs/assets/swagger-ui-bundle.js')
  @Header('content-type', 'application/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=86400')
  script(): string {
    return this.bundle;
  }

  @Get('docs/init.js')
  @Header('content-type', 'application/javascript; charset=utf-8')
  init(): string {
    return DOCS_INIT;
  }
}
