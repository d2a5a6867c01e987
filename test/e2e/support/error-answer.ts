import { errorBodySchema } from '@lead-engine/contracts';

/** An error answer as tests compare it: its status, code and message, the body checked against the error envelope. */
export function errorAnswerOf(answer: { status: number; body: unknown }) {
  const body = errorBodySchema.parse(answer.body);
  return { status: answer.status, code: body.code, message: body.message };
}

/** The same, read from a fetch Response. */
export const errorResponseOf = async (response: Response) => errorAnswerOf({ status: response.status, body: await response.json() });
