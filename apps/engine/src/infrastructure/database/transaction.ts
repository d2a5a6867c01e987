import { DataSource, EntityManager } from 'typeorm';

/** Runs `work` inside the caller's transaction when one is given, else in a new one. */
export function inTransaction<T>(
  dataSource: DataSource,
  manager: EntityManager | undefined,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  if (manager?.queryRunner?.isTransactionActive) return work(manager);
  return dataSource.transaction(work);
}
