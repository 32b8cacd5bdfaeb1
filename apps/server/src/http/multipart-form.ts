// Forms that carry a JSON `data` field and at most one image file (member summaries with a
// `cover`, profiles with an `avatar`): reading the multipart body within limits, turning
// multipart failures into clear 4xx answers, and checking the JSON against its schema.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '#server/kernel/app-error.ts';

export interface MultipartFormSpec {
  /** What the form holds, for messages: 'summary', 'profile'. */
  subject: string;
  /** The file field's name: 'cover', 'avatar'. */
  fileField: string;
  maxFileBytes: number;
  /** Size of the `data` field, in bytes; beyond it the answer is 413. */
  maxDataBytes: number;
}

export interface MultipartForm {
  /** The `data` field: JSON text (or an object, when the part was sent as application/json). */
  data: unknown;
  /** The file's bytes, unchecked (null when none was sent). */
  file: Buffer | null;
}

/** Busboy limits for such a form (also the defaults given to @fastify/multipart). */
export function multipartLimits(spec: MultipartFormSpec) {
  return {
    fileSize: spec.maxFileBytes,
    files: 1,
    fields: 5,
    parts: 6,
    fieldSize: spec.maxDataBytes,
    fieldNameSize: 100,
    headerPairs: 50,
  };
}

const badForm = (message: string) => new AppError(400, 'BAD_REQUEST', message);

function multipartError(error: unknown, spec: MultipartFormSpec): unknown {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The image is too large: at most ${spec.maxFileBytes / 1024 / 1024} MB.`,
      );
    case 'FST_FILES_LIMIT':
      return badForm(`Send at most one ${spec.fileField} image.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badForm(`The form has too many fields: send \`data\` and, optionally, \`${spec.fileField}\`.`);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badForm('The `data` form field is not valid JSON.');
    case 'FST_PROTO_VIOLATION':
      return badForm('The form has a field name that is not allowed.');
    default:
      if (error instanceof AppError) return error;
      // busboy: malformed multipart (truncated body, bad headers, …).
      if (error instanceof Error && !(error as { statusCode?: number }).statusCode) {
        return badForm('The form data could not be read.');
      }
      return error;
  }
}

/** Reads the `data` field and at most one file (held in memory, bounded by the limits). */
export async function readMultipartForm(
  request: FastifyRequest,
  spec: MultipartFormSpec,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the ${spec.subject} as multipart/form-data: a \`data\` field and an optional \`${spec.fileField}\` file.`,
    );
  }
  const form: MultipartForm = { data: undefined, file: null };
  let strayFile: string | null = null;
  try {
    for await (const part of request.parts({ limits: multipartLimits(spec) })) {
      if (part.type === 'file') {
        // Read even a stray file (bounded by fileSize), so the request is consumed cleanly.
        const bytes = await part.toBuffer();
        if (part.fieldname === spec.fileField) form.file = bytes.length > 0 ? bytes : null;
        else strayFile = part.fieldname;
      } else if (part.fieldname === 'data') {
        if (part.valueTruncated) {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The ${spec.subject} is too large to save.`);
        }
        form.data = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, spec);
  }
  if (strayFile !== null) {
    throw badForm(`Unexpected file field "${strayFile}": send the image as \`${spec.fileField}\`.`);
  }
  return form;
}

/**
 * Checks the `data` field against its schema: JSON text is parsed first; an absent field is
 * `fallback` (or a 400 when there is none). Messages name the first few problems.
 */
export function parseFormData<S extends z.ZodType>(
  schema: S,
  data: unknown,
  spec: { subject: string; fallback?: unknown },
): z.infer<S> {
  const invalid = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);
  let value = data;
  if (data === undefined || data === null || (typeof data === 'string' && data.trim() === '')) {
    if (spec.fallback === undefined) {
      throw invalid(`The ${spec.subject} is missing: send it as JSON in the \`data\` form field.`);
    }
    value = spec.fallback;
  } else if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      throw invalid('The `data` form field is not valid JSON.');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues
      .slice(0, 3)
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    throw invalid(message || `The ${spec.subject} is not valid.`);
  }
  return parsed.data;
}
