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
