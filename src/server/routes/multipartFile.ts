/**
 * Reading the one file of an upload (a multipart body), the same way for every upload route: the size limit is
 * enforced while reading, not after; a body that is not multipart is 415, one cut short or malformed is 400, a
 * missing field is 400 naming it, and a file over the limit is 413 — each with a field error the upload widget
 * shows. Register `@fastify/multipart` in the route's plugin with `limits.fileSize` at the limit's bytes.
 */
import type { FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../errors';

/**
 * @param field - the multipart field that holds the file (`file`, `asset`)
 * @param limit - the largest file taken, in bytes, and as the message says it (`10000 KB`, `5 MB`)
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  limit: { bytes: number; size: string },
): Promise<{ name: string; bytes: Buffer }> {
  const pointer = `/${field}`;
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported content type', { [pointer]: fieldError('widgets:upload.failed') });
  // A body cut short or not well formed (no boundary, a broken part header) is the client's fault: 400.
  const broken = (error: unknown): never => {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new HttpError(400, 'the upload was not a complete multipart body', {
      [pointer]: fieldError('widgets:upload.failed'),
    });
  };
  const part = await request.file().catch(broken);
  if (!part || part.fieldname !== field)
    throw new HttpError(400, 'bad_request', { [pointer]: fieldError('validation:error.required') });
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(
        413,
        'file is too large',
        { [pointer]: fieldError('widgets:upload.tooLarge', { size: limit.size }) },
        { max_size_kb: limit.bytes / 1000 },
      );
    return broken(error);
  }
}
