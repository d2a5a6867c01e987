import type { z } from 'zod';
import type { ApiOperation, OperationUpload } from '../operations/api-operation';

/** What a client may call: every operation of the table but the retired ones, which only answer 410. */
export type CallableOperation<Operations extends readonly ApiOperation[]> = Exclude<Operations[number], { retired: true }>;

export type OperationId<Operations extends readonly ApiOperation[]> = CallableOperation<Operations>['operationId'];

export type OperationById<Operations extends readonly ApiOperation[], Id> = Extract<CallableOperation<Operations>, { operationId: Id }>;

/** One part of a request, required when its schema requires something. */
type Part<Key extends string, Schema> = [Schema] extends [never]
  ? {}
  : Schema extends z.ZodType
    ? {} extends z.input<Schema>
      ? { [K in Key]?: z.input<Schema> }
      : { [K in Key]: z.input<Schema> }
    : {};

type SchemaOf<Operation, Key extends string> = Operation extends { readonly [K in Key]: infer Schema } ? Schema : never;

/** The path parameters, query and body (or, for an upload, the multipart form) an operation takes. */
export type OperationInput<Operation> = Part<'params', SchemaOf<Operation, 'params'>> &
  Part<'query', SchemaOf<Operation, 'query'>> &
  (Operation extends { upload: OperationUpload } ? { form: FormData } : Part<'body', SchemaOf<Operation, 'body'>>);

/** The input is optional when nothing in it is required. */
export type OperationInputArgs<Operation> =
  {} extends OperationInput<Operation> ? [input?: OperationInput<Operation>] : [input: OperationInput<Operation>];

/** What a success answers: its schema's output, the text of a CSV or HTML answer, nothing for 204. */
export type OperationOutput<Operation> = Operation extends { success: { contentType: 'text/csv' | 'text/html' } }
  ? string
  : Operation extends { success: { schema: infer Schema extends z.ZodType } }
    ? z.output<Schema>
    : void;
