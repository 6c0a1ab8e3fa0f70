/** Uploading a file through the real upload call in server tests, as an account. */
import type { FastifyInstance } from 'fastify';
import type { Caller } from './signIn';

/** The smallest PDF the upload's type check accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The smallest PNG the type check takes (its signature and an IHDR chunk). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082',
  'hex',
);

/** Sends one file as a multipart body to an upload route, as the account; answers the raw response. */
export async function uploadTo(
  app: FastifyInstance,
  who: Caller,
  options: { url: string; field: string; filename: string; bytes: Buffer; type: string },
) {
  const boundary = '----mbo-test-upload';
  return app.inject({
    method: 'POST',
    url: options.url,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="${options.filename}"\r\nContent-Type: ${options.type}\r\n\r\n`,
      ),
      options.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      'x-mbo-client': 'test',
    },
  });
}

/** Uploads a PDF as the account and gives its address (throws unless the upload answers 201). */
export async function uploadPdf(app: FastifyInstance, who: Caller, filename = 'licence.pdf') {
  const res = await uploadTo(app, who, {
    url: '/merchant/api/v2/upload',
    field: 'file',
    filename,
    bytes: PDF,
    type: 'application/pdf',
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}
