/** Uploading a file through the real upload call in server tests, as an account. */
import type { FastifyInstance } from 'fastify';
import type { Caller } from './signIn';

/** The smallest PDF the upload's type check accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Uploads a PDF as the account and gives its address (throws unless the upload answers 201). */
export async function uploadPdf(app: FastifyInstance, who: Caller, filename = 'licence.pdf') {
  const boundary = '----mbo-test-upload';
  const res = await app.inject({
    method: 'POST',
    url: '/merchant/api/v2/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      'x-mbo-client': 'test',
    },
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}
