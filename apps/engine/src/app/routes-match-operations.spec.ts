import 'reflect-metadata';
import { API_OPERATIONS } from '@lead-engine/contracts';
import { DynamicModule, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { loadEngineConfig } from '../config/load-engine-config';
import { EngineModule } from './engine.module';

/** Routes served beside the API on purpose, with no operation: the docs page's files, and the signed download link MCP's get_export hands out (README, "Export downloads"). */
const NOT_OPERATIONS = [
  'GET /docs/assets/swagger-ui.css',
  'GET /docs/assets/swagger-ui-bundle.js',
  'GET /docs/init.js',
  'GET /downloads/exports/{id}',
];

/** The controllers of a module and of every module it imports. */
function controllersOf(module: DynamicModule | Type, seen = new Set<unknown>()): Type[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const dynamic = 'module' in module ? module : null;
  const type = dynamic ? dynamic.module : (module as Type);
  const imports: Array<DynamicModule | Type> = [...(dynamic?.imports ?? []), ...(Reflect.getMetadata('imports', type) ?? [])] as never;
  return [
    ...(dynamic?.controllers ?? []),
    ...(Reflect.getMetadata('controllers', type) ?? []),
    ...imports.filter(Boolean).flatMap((imported) => controllersOf(imported, seen)),
  ];
}

/** Every route the engine's controllers declare, as `METHOD /path/{param}`. */
function controllerRoutes(): string[] {
  const controllers = [...new Set(controllersOf(EngineModule.register(loadEngineConfig({ ENGINE_ROLE: 'api' }))))];
  return controllers.flatMap((controller) => {
    const prefix: string = Reflect.getMetadata(PATH_METADATA, controller) ?? '';
    return Object.getOwnPropertyNames(controller.prototype).flatMap((name) => {
      const handler = controller.prototype[name];
      const path: string | undefined = Reflect.getMetadata(PATH_METADATA, handler);
      if (name === 'constructor' || path === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const full = `/${[prefix, path]
        .map((part) => part.replace(/^\/|\/$/g, ''))
        .filter(Boolean)
        .join('/')}`;
      return [`${method} ${full.replace(/:(\w+)/g, '{$1}')}`];
    });
  });
}

const operationRoutes = (retired: boolean) =>
  API_OPERATIONS.filter((operation) => Boolean(operation.retired) === retired).map(
    (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
  );

describe('routes and operations', () => {
  const routes = controllerRoutes();

  it('finds the controllers’ routes', () => {
    expect(routes).toContain('POST /api/v1/leads/search');
  });

  const serves = (route: string, operation: string) => route === operation;

  it('gives every controller route an operation of the table, but the few served beside the API', () => {
    const operations = [...operationRoutes(false), ...operationRoutes(true)];
    const without = routes.filter((route) => !operations.some((operation) => serves(route, operation)));
    expect(without).toEqual(NOT_OPERATIONS);
  });

  it('gives every operation, retired ones included, a controller route', () => {
    const operations = [...operationRoutes(false), ...operationRoutes(true)];
    expect(operations.filter((operation) => !routes.some((route) => serves(route, operation)))).toEqual([]);
  });
});
