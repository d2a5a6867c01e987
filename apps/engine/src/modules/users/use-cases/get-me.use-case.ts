import { Injectable } from '@nestjs/common';
import type { MeResponse } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import { UsersRepository } from '../users.repository';

@Injectable()
export class GetMeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly getCreditBalance: GetCreditBalanceUseCase,
  ) {}

  async execute(userId: string): Promise<MeResponse> {
    const manager = this.dataSource.manager;
    const user = await this.users.findUser(manager, userId);
    if (!user) throw new DomainError('SESSION_REQUIRED', 'The signed-in user no longer exists.');
    const account = user.accountId
      ? {
          id: user.accountId,
          name: (await this.users.accountName(manager, user.accountId)) ?? '',
          balance: (await this.getCreditBalance.execute(user.accountId)).balance,
        }
      : null;
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role, operator: user.operator },
      account,
    };
  }
}
