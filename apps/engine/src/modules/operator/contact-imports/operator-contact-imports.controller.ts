import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { contactImportParamsSchema, contactImportTextFieldsSchema, generateContactsRequestSchema } from '@lead-engine/contracts';
import type { ContactImportDetail, ContactImportList, ContactImportParams, GenerateContactsRequest } from '@lead-engine/contracts';
import type { UploadedFile } from '../../../infrastructure/http/multipart-upload';
import { ContractPipe } from '../../../infrastructure/http/parse-input';
import { Upload } from '../../../infrastructure/http/upload.decorator';
import { CurrentSession } from '../../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../../identity/session-authentication';
import type { StoredContactCsv } from './contact-csv-upload';
import { GetContactImportUseCase } from './use-cases/get-contact-import.use-case';
import { ListContactImportsUseCase } from './use-cases/list-contact-imports.use-case';
import { StartContactGenerationUseCase } from './use-cases/start-contact-generation.use-case';
import { StartContactImportUseCase } from './use-cases/start-contact-import.use-case';

/** The Contacts page's imports, for the server's operator (the operations' access refuses everyone else). */
@Controller('console/api/operator/contact-imports')
export class OperatorContactImportsController {
  constructor(
    private readonly startImport: StartContactImportUseCase,
    private readonly startGeneration: StartContactGenerationUseCase,
    private readonly listImports: ListContactImportsUseCase,
    private readonly getImport: GetContactImportUseCase,
  ) {}

  @Post()
  @HttpCode(202)
  upload(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(contactImportTextFieldsSchema)) _fields: unknown,
    @Upload() file: UploadedFile<StoredContactCsv> | null,
  ): Promise<ContactImportDetail> {
    return this.startImport.execute(session.userId, file);
  }

  @Post('generated')
  @HttpCode(202)
  generate(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(generateContactsRequestSchema)) body: GenerateContactsRequest,
  ): Promise<ContactImportDetail> {
    return this.startGeneration.execute(session.userId, body);
  }

  @Get()
  list(): Promise<ContactImportList> {
    return this.listImports.execute();
  }

  @Get(':id')
  get(@Param(new ContractPipe(contactImportParamsSchema)) params: ContactImportParams): Promise<ContactImportDetail> {
    return this.getImport.execute(params.id);
  }
}
