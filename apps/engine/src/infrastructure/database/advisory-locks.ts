/**
 * Every PostgreSQL advisory lock the engine takes, each under a key of its own: two kinds of work that
 * shared a key would wait for each other for nothing (a demo owner's set-up behind a demo data load).
 */
export const ADVISORY_LOCKS = {
  migrations: 7_114_221,
  demoAccount: 7_114_222,
  demoOwner: 7_114_223,
  expiredRowsSweep: 7_114_224,
  demoContacts: 7_114_225,
} as const;
