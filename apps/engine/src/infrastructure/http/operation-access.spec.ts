import type { ApiOperation, OperationAccess } from '@lead-engine/contracts';
import Fastify, { FastifyRequest } from 'fastify';
import { installOperationAccess } from './operation-access';

const operation = (method: ApiOperation['method'], path: string, access: OperationAccess): ApiOperation => ({
  operationId: `${method} ${path}`,
  method,
  path,
  summary: 'test',
  tag: 'Test',
  access,
  startsJobOrSpends: false,
  success: { status: 200, description: 'ok' },
  errors: [],
});

const OPERATIONS = [
  operation('get', '/console/api/me', 'session'),
  operation('post', '/console/api/team/{id}', 'owner'),
  operation('get', '/api/v1/credits', 'api-key'),
  operation('post', '/console/api/session', 'none'),
];

describe('the callers each route admits, read from the operation table', () => {
  /** A real Fastify whose routes record what ran; the check refuses every caller without an `x-caller` header. */
  async function serve() {
    const ran: string[] = [];
    const fastify = Fastify();
    installOperationAccess(fastify, OPERATIONS, async (request: FastifyRequest, access) => {
      ran.push(`check ${access}`);
      if (!request.headers['x-caller']) throw Object.assign(new Error('refused'), { statusCode: 403 });
    });
    const readInput = async () => void ran.push('read input');
    const handler = async () => {
      ran.push('handler');
      return { ok: true };
    };
    fastify.get('/console/api/me', { preValidation: readInput }, handler);
    fastify.post('/console/api/team/:id', { preValidation: [readInput] }, handler);
    fastify.get('/api/v1/credits', handler);
    fastify.post('/console/api/session', handler);
    await fastify.ready();
    return { fastify, ran };
  }

  it("checks a console route's caller before anything of the route reads its input, as its operation's access says", async () => {
    const { fastify, ran } = await serve();
    expect((await fastify.inject({ method: 'POST', url: '/console/api/team/7', headers: { 'x-caller': 'owner' } })).statusCode).toBe(200);
    expect(ran.splice(0)).toEqual(['check owner', 'read input', 'handler']);
    expect((await fastify.inject({ method: 'POST', url: '/console/api/team/7' })).statusCode).toBe(403);
    expect(ran.splice(0)).toEqual(['check owner']);
    await fastify.close();
  });

  it("checks a HEAD request as its GET's, and leaves alone the routes no session guards (an API key's, the open ones)", async () => {
    const { fastify, ran } = await serve();
    expect((await fastify.inject({ method: 'HEAD', url: '/console/api/me' })).statusCode).toBe(403);
    expect(ran.splice(0)).toEqual(['check session']);
    expect((await fastify.inject({ method: 'GET', url: '/api/v1/credits' })).statusCode).toBe(200);
    expect((await fastify.inject({ method: 'POST', url: '/console/api/session' })).statusCode).toBe(200);
    expect(ran.splice(0)).toEqual(['handler', 'handler']);
    await fastify.close();
  });
});
