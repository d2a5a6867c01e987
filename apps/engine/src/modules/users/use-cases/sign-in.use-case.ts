import { Injectable } from '@nestjs/common';
import type { MeResponse } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../password-hasher';
import { SessionClient, SessionStarter } from '../session-starter';
import { AttemptOutcome, SignInThrottle } from '../sign-in-throttle';
import { UsersRepository } from '../users.repository';
import { GetMeUseCase } from './get-me.use-case';

export interface SignInCommand {
  email: string;
  password: string;
  client: SessionClient & { address: string };
}

export interface SignedIn {
  token: string;
  me: MeResponse;
}

@Injectable()
export class SignInUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly sessions: SessionStarter,
    private readonly getMe: GetMeUseCase,
  ) {}

  async execute(command: SignInCommand): Promise<SignedIn> {
    const { email, client } = command;
    await this.throttle.reserve(email, client.address);
    let outcome: AttemptOutcome = 'unfinished';
    try {
      const user = await this.users.findUserByEmail(this.dataSource.manager, email);
      // An unknown email is verified against a dummy hash: the same answer in the same time as a wrong password.
      if (!(await this.passwords.verify(user?.passwordHash ?? null, command.password)) || !user) {
        outcome = 'failed';
        throw new DomainError('INVALID_CREDENTIALS');
      }
      outcome = 'succeeded';
      const token = await this.dataSource.transaction((manager) => this.sessions.start(manager, user.id, client));
      return { token, me: await this.getMe.execute(user.id) };
    } finally {
      await this.throttle.end(email, client.address, outcome);
    }
  }
}
