import multipart from '@fastify/multipart';
import type { ApiOperation, OperationUpload } from '@lead-engine/contracts';
import { routeOf } from '@lead-engine/contracts';
import { canonicalJson, DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Reads a route's file as it arrives, so no route holds a whole file: `write` takes each chunk (the
 * next waits for a promise it returns) and throws a DomainError to end the upload there (a limit
 * passed); `end` gives what the handler gets; `abort`, after an upload that did not end whole, undoes
 * what the reader stored.
 */
export interface UploadReader<T> {
  write(chunk: Buffer): void | Promise<void>;
  end(): Promise<T>;
  abort?(): Promise<void>;
}

export interface UploadedFile<T = unknown> {
  filename: string;
  /** What the route's reader made of the file. */
  content: T;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a multipart upload route, read before the handler runs. */
    upload: UploadedFile | null;
    /** What makes two uploads "the same request" for Idempotency-Key: the file bytes and the form values. */
    idempotencyFingerprint?: string;
    /** The reader of the request's file, told to undo what it stored when the request is refused after all. */
    uploadReader?: UploadReader<unknown>;
  }
}

export interface UploadRoute {
  fileField: string;
  maxFileBytes: number;
  reader(): UploadReader<unknown>;
}

/** The routes that take multipart/form-data, by method and pattern (`POST /console/api/enrichments`); every other route refuses it. */
export type UploadRoutes = Readonly<Record<string, UploadRoute>>;

/** The engine's streaming reader for each kind of upload an operation names. */
export type UploadReaders = Readonly<Record<OperationUpload['reader'], () => UploadReader<unknown>>>;

/** The upload routes of the operation table: its multipart operations, with the readers for their files. */
export function uploadRoutesOf(operations: readonly ApiOperation[], readers: UploadReaders): UploadRoutes {
  return Object.fromEntries(
    operations.flatMap(({ upload, ...operation }) =>
      upload
        ? [
            [
              routeOf(operation),
              {
                fileField: upload.fileField,
                maxFileBytes: upload.maxFileBytes,
                reader: readers[upload.reader],
              },
            ],
          ]
        : [],
    ),
  );
}

/** Whether a route (method and pattern) takes multipart/form-data. */
export function isUploadRoute(routes: UploadRoutes, method: string, url: string | undefined): boolean {
  return url !== undefined && `${method} ${url}` in routes;
}

// A reader is handed at most this much at once, with waiting requests let run between two slices.
const SLICE_BYTES = 64 * 1024;

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

const tooLarge = (route: UploadRoute) =>
  new DomainError('PAYLOAD_TOO_LARGE', `The file is larger than ${route.maxFileBytes / (1024 * 1024)} MB.`);

function uploadError(error: unknown, route: UploadRoute): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(route);
  if (code === 'FST_FILES_LIMIT') return new DomainError('VALIDATION_ERROR', `Send one file, as the form field "${route.fileField}".`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new DomainError('PAYLOAD_TOO_LARGE', `The form has more than ${MAX_FIELDS} fields.`);
  }
  return new DomainError('VALIDATION_ERROR', `The multipart body could not be read: ${(error as Error).message}`);
}

/**
 * Reads the whole form before the handler: text fields become the body, the file goes through the
 * route's reader as it arrives and its result becomes `request.upload`. A limit ends the read at once.
 */
function readUpload(route: UploadRoute): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) {
      throw new DomainError('VALIDATION_ERROR', `Send multipart/form-data with the CSV as the form field "${route.fileField}".`);
    }
    const fields: Record<string, string> = {};
    // Only a request that may be sent again under an Idempotency-Key needs its file's hash (a sha256 over up to gigabytes).
    const fileHash = request.headers['idempotency-key'] === undefined ? null : createHash('sha256');
    let file: UploadedFile | null = null;
    let reader: UploadReader<unknown> | null = null;
    try {
      const parts = request.parts({
        limits: { fileSize: route.maxFileBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== route.fileField) {
            throw new DomainError('VALIDATION_ERROR', `Unknown file field "${part.fieldname}"; send the CSV as "${route.fileField}".`);
          }
          const fileReader = route.reader();
          reader = fileReader;
          request.uploadReader = fileReader;
          let bytes = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            bytes += chunk.length;
            if (bytes > route.maxFileBytes || part.file.truncated) throw tooLarge(route);
            fileHash?.update(chunk);
            for (let start = 0; start < chunk.length; start += SLICE_BYTES) {
              if (start > 0) await nextTurn();
              await fileReader.write(chunk.subarray(start, start + SLICE_BYTES));
            }
          }
          if (part.file.truncated) throw tooLarge(route);
          file = { filename: part.filename, content: await fileReader.end() };
        } else {
          if (part.valueTruncated) throw new DomainError('PAYLOAD_TOO_LARGE', `The form field "${part.fieldname}" is longer than 64 KB.`);
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      await reader?.abort?.();
      throw uploadError(error, route);
    }
    request.body = fields;
    request.upload = file;
    if (fileHash) request.idempotencyFingerprint = fileHash.update('\n').update(canonicalJson(fields)).digest('hex');
  };
}

const refuseMultipart: preValidationHookHandler = async (request) => {
  if (request.isMultipart()) throw new DomainError('VALIDATION_ERROR', 'This endpoint takes JSON, not multipart/form-data.');
};

/**
 * Multipart uploads for the upload routes (their form is read in a preValidation hook, so the
 * Idempotency-Key check and the handler see the finished form); must run before routes are registered.
 */
export async function installMultipartUploads(fastify: FastifyInstance, routes: UploadRoutes): Promise<void> {
  await fastify.register(multipart, { limits: { files: 0, fields: 0, parts: 0 } });
  fastify.decorateRequest('upload', null);
  fastify.decorateRequest('uploadReader', undefined);
  // A form refused after its file was read (a bad field, a handler's error) keeps nothing of the file.
  fastify.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400) await request.uploadReader?.abort?.();
  });
  fastify.addHook('onRoute', (route) => {
    const upload = [route.method]
      .flat()
      .map((method) => routes[`${method} ${route.url}`])
      .find(Boolean);
    route.preValidation = [...[route.preValidation ?? []].flat(), upload ? readUpload(upload) : refuseMultipart];
  });
}
