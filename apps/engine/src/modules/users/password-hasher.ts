import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with @node-rs/argon2's defaults (19 MiB, t=2, p=1: OWASP's minimum). An unknown user is
 * verified against a dummy hash, so an unknown email costs the same time as a wrong password.
 */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const against = passwordHash ?? (await this.dummy());
    const matches = await verify(against, password).catch(() => false);
    return matches && passwordHash !== null;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hash(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }
}
