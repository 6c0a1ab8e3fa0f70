import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME, safeFileName } from '../../src/domain/fileName';

describe('safeFileName', () => {
  it.each([
    ['bidi override is dropped', 'invoice\u202Efdp.exe', undefined, 'invoicefdp.exe'],
    ['isolates and marks too', 'a\u2066b\u2069c\u200Fd\u061C.pdf', 'application/pdf', 'abcd.pdf'],
    [
      'markup cannot be markup',
      '<img src=x onerror=alert(1)>.png',
      'image/png',
      '_img src=x onerror=alert(1)_.png',
    ],
    ['a path keeps its last part', '../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['windows path', 'C:\\Users\\sara\\licence.pdf', 'application/pdf', 'licence.pdf'],
    ['control characters and new lines', 'lic\u0000en\nce\t.pdf', 'application/pdf', 'licence.pdf'],
    ['an HTML name on a PNG gets the PNG extension', 'page.html', 'image/png', 'page.html.png'],
    ['jpg counts for jpeg', 'photo.JPG', 'image/jpeg', 'photo.JPG'],
    ['no name', '', 'application/pdf', 'file.pdf'],
    ['dots only', '..', 'image/png', 'file.png'],
    ['Arabic is kept', 'رخصة تجارية.pdf', 'application/pdf', 'رخصة تجارية.pdf'],
  ])('%s', (_what, name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });

  it('a long name keeps its end and the extension, within the limit', () => {
    const name = safeFileName(`${'a'.repeat(300)}-final`, 'application/pdf');
    expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME);
    expect(name.endsWith('-final.pdf')).toBe(true);
  });
});
