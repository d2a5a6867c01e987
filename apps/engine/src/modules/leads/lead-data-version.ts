/** The database's lead data version, `dataset:version`: PostgreSQL moves it with every statement on contacts or companies. */
export const LEAD_DATA_VERSION_SQL = `SELECT dataset || ':' || version AS data_version FROM lead_data_version`;
