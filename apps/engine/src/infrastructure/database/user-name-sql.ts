/** A user's name where it says who did something (users `alias`): a removed user's still names them, and says so. */
export const userNameSql = (alias: string): string =>
  `CASE WHEN ${alias}.removed_at IS NULL THEN ${alias}.name ELSE btrim(${alias}.name || ' (removed)') END`;
