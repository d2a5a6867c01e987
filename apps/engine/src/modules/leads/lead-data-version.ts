/**
 * The database's lead data version, `dataset:version`, which PostgreSQL moves with every statement on
 * contacts or companies, and its reload version, which moves only with what no delta of changed
 * contacts can express (see readLeadChanges).
 */
export const LEAD_DATA_VERSION_SQL = `SELECT dataset || ':' || version AS data_version, reload_version::text AS reload_version FROM lead_data_version`;

export interface LeadDataVersions {
  dataVersion: string;
  reloadVersion: string;
}

/** The number after the colon of a lead data version: what changes are read since. */
export const versionNumber = (dataVersion: string) => Number(dataVersion.slice(dataVersion.lastIndexOf(':') + 1));

/** The dataset before the colon: another dataset means another database's contacts altogether. */
export const datasetOf = (dataVersion: string) => dataVersion.slice(0, dataVersion.lastIndexOf(':'));
