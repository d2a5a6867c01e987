import { z } from 'zod';
import { queryBoolean } from './common.schemas';

/** What every CSV download takes besides its selection. */
export const csvFlavourShape = {
  excel: queryBoolean(
    false,
    'true: the file starts with the UTF-8 byte order mark, so that Excel on Windows reads accents and non-Latin letters right',
  ),
};

/** The query of a CSV download that selects nothing (its path names the file); other parameters are ignored. */
export const csvDownloadQuerySchema = z.object(csvFlavourShape).meta({ id: 'CsvDownloadQuery' });
export type CsvDownloadQuery = z.infer<typeof csvDownloadQuerySchema>;
