import { Injectable } from '@nestjs/common';
import type { OperatorPasswordReset } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { ResetPasswordUseCase } from '../../../users/use-cases/reset-password.use-case';
import { operatorAccountId } from '../operator-account-id';
import { OperatorActionsRepository } from '../operator-actions.repository';

/** users:reset-password from the console, for a user of this account; the record says for whom, never the link. */
@Injectable()
export class ResetOperatorUserPasswordUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly resetPassword: ResetPasswordUseCase,
    private readonly actions: OperatorActionsRepository,
  ) {}

  async execute(operatorUserId: string, id: string, userId: string): Promise<OperatorPasswordReset> {
    const accountId = operatorAccountId(id);
    return this.dataSource.transaction(async (manager) => {
      const reset = await this.resetPassword.executeWithin(accountId, userId, manager);
      await this.actions.record(manager, {
        operatorUserId,
        accountId,
        action: 'password.reset',
        details: { user_id: reset.userId, email: reset.email },
      });
      return { user_id: reset.userId, reset_url: reset.resetUrl, expires_at: reset.expiresAt };
    });
  }
}
