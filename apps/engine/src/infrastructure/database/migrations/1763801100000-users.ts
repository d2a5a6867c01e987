import { MigrationInterface, QueryRunner } from 'typeorm';

export class Users1763801100000 implements MigrationInterface {
  name = 'Users1763801100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // People who sign in to the console. An account role only with an account; the password hash (argon2id,
    // PHC string) stays null until the invite is accepted.
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NULL REFERENCES accounts (id) ON DELETE CASCADE,
        email text NOT NULL UNIQUE CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254),
        name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 100),
        role text NULL CHECK (role IN ('owner', 'member')),
        operator boolean NOT NULL DEFAULT false,
        password_hash text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NULL,
        CONSTRAINT users_role_with_account CHECK ((account_id IS NULL) = (role IS NULL))
      )`);
    await queryRunner.query('CREATE INDEX users_account ON users (account_id) WHERE account_id IS NOT NULL');
    // A session is found by the sha256 of its cookie's token; the token itself is never stored.
    await queryRunner.query(`
      CREATE TABLE user_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        address text NULL,
        user_agent text NULL CHECK (char_length(user_agent) <= 512)
      )`);
    await queryRunner.query('CREATE INDEX user_sessions_user ON user_sessions (user_id, created_at DESC)');
    // One-time links: an invite (name and password) or a password reset, found by the sha256 of their token.
    await queryRunner.query(`
      CREATE TABLE user_invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
    await queryRunner.query('CREATE INDEX user_invites_user ON user_invites (user_id) WHERE used_at IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE user_invites');
    await queryRunner.query('DROP TABLE user_sessions');
    await queryRunner.query('DROP TABLE users');
  }
}
