import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';

// NestJS with nothing but one controller, on the adapter named in argv, to compare the adapters themselves.
@Controller('credits')
class CreditsController {
  @Get()
  get() {
    return { balance: 300, total_earned: 300, total_spent: 0 };
  }
}

@Module({ controllers: [CreditsController] })
class MinimalModule {}

async function main() {
  const adapter = process.argv[2] === 'express' ? new ExpressAdapter() : new FastifyAdapter();
  const app = await NestFactory.create(MinimalModule, adapter, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
void main();
