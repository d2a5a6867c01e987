import { Injectable } from '@nestjs/common';
import type { MeResponse } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { UsersRepository } from '../users.repository';
import { GetMeUseCase } from './get-me.use-case';

@Injectable()
export class UpdateMeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly getMe: GetMeUseCase,
  ) {}

  async execute(userId: string, name: string): Promise<MeResponse> {
    await this.users.setName(this.dataSource.manager, userId, name);
    return this.getMe.execute(userId);
  }
}
