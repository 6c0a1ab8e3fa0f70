/**
 * Upload limits (spec §5, §9), one place for the server's checks and the web's choice of call: a plain upload takes
 * up to 10000 KB (decimal, as the widget shows "10 MB"); a bank statement takes up to 150000 KB (capital §5, §9) and
 * goes as a resumable upload (docs/uploads.md).
 */
export const PLAIN_UPLOAD_BYTES = 10_000 * 1000;
export const RESUMABLE_UPLOAD_BYTES = 150_000 * 1000;
