/**
 * The database's lead data version, `dataset:version`, which PostgreSQL moves with every statement on
 * contacts or companies, and its reload version, which moves only with what no delta of changed
 * contacts can express (read by LeadTableRepository).
 */
export interface LeadDataVersions {
  /** The lead data version (dataset:version) the rows are read at or the changes bring a table to. */
  dataVersion: string;
  /** Moves with what no delta of contacts expresses: a table whose reload version differs is read again whole. */
  reloadVersion: string;
}

/** The number after the colon of a lead data version: what changes are read since. */
export const versionNumber = (dataVersion: string) => Number(dataVersion.slice(dataVersion.lastIndexOf(':') + 1));

/** The dataset before the colon: another dataset means another database's contacts altogether. */
export const datasetOf = (dataVersion: string) => dataVersion.slice(0, dataVersion.lastIndexOf(':'));
