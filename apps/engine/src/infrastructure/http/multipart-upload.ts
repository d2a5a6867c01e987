import multipart from '@fastify/multipart';
import { ENRICHMENT_MAX_BYTES } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import { canonicalJson } from './idempotency.interceptor';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a multipart upload route, read before the handler runs. */
    upload: UploadedFile | null;
    /** What makes two uploads "the same request" for Idempotency-Key: the file bytes and the form values. */
    idempotencyFingerprint?: string;
  }
}

interface UploadRoute {
  fileField: string;
  maxFileBytes: number;
}

// The routes that take multipart/form-data; every other route refuses it.
const UPLOAD_ROUTES: Record<string, UploadRoute> = {
  'POST /api/v1/enrich-csv': { fileField: 'file', maxFileBytes: ENRICHMENT_MAX_BYTES },
};

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

function uploadError(error: unknown, route: UploadRoute): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError('PAYLOAD_TOO_LARGE', `The file is larger than ${route.maxFileBytes / (1024 * 1024)} MB.`);
  }
  if (code === 'FST_FILES_LIMIT') return new DomainError('VALIDATION_ERROR', `Send one file, as the form field "${route.fileField}".`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new DomainError('PAYLOAD_TOO_LARGE', `The form has more than ${MAX_FIELDS} fields.`);
  }
  return new DomainError('VALIDATION_ERROR', `The multipart body could not be read: ${(error as Error).message}`);
}

/** Reads the whole form before the handler: text fields become the body, the file `request.upload`. */
function readUpload(route: UploadRoute): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) {
      throw new DomainError('VALIDATION_ERROR', `Send multipart/form-data with the CSV as the form field "${route.fileField}".`);
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    try {
      const parts = request.parts({
        limits: { fileSize: route.maxFileBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname !== route.fileField) {
            throw new DomainError('VALIDATION_ERROR', `Unknown file field "${part.fieldname}"; send the CSV as "${route.fileField}".`);
          }
          file = { filename: part.filename, data };
        } else {
          if (part.valueTruncated) throw new DomainError('PAYLOAD_TOO_LARGE', `The form field "${part.fieldname}" is longer than 64 KB.`);
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      throw uploadError(error, route);
    }
    request.body = fields;
    request.upload = file;
    request.idempotencyFingerprint = createHash('sha256')
      .update(file?.data ?? Buffer.alloc(0))
      .update('\n')
      .update(canonicalJson(fields))
      .digest('hex');
  };
}

const refuseMultipart: preValidationHookHandler = async (request) => {
  if (request.isMultipart()) throw new DomainError('VALIDATION_ERROR', 'This endpoint takes JSON, not multipart/form-data.');
};

/**
 * Multipart uploads for the routes of UPLOAD_ROUTES (their form is read in a preValidation hook, so
 * the Idempotency-Key check and the handler see the finished form); must run before routes are registered.
 */
export async function installMultipartUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { limits: { files: 0, fields: 0, parts: 0 } });
  fastify.decorateRequest('upload', null);
  fastify.addHook('onRoute', (route) => {
    const upload = [route.method]
      .flat()
      .map((method) => UPLOAD_ROUTES[`${method} ${route.url}`])
      .find(Boolean);
    route.preValidation = [...[route.preValidation ?? []].flat(), upload ? readUpload(upload) : refuseMultipart];
  });
}
