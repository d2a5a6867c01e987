import { Injectable } from '@nestjs/common';
import type { UploadReaders } from '../../../infrastructure/http/multipart-upload';
import { ContactCsvUpload } from './contact-csv-upload';
import { ContactImportsRepository } from './contact-imports.repository';

/** The reader of the operations whose upload names `contacts-csv`: the file streamed into PostgreSQL. */
@Injectable()
export class ContactImportUploads {
  constructor(private readonly imports: ContactImportsRepository) {}

  readers(): Pick<UploadReaders, 'contacts-csv'> {
    return { 'contacts-csv': () => new ContactCsvUpload(this.imports) };
  }
}
