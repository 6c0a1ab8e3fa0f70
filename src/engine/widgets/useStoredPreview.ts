/**
 * The thumbnail of a stored image (issue 56: an uploaded logo or cover showed only its name): asked of the
 * widget services' `preview` only when the stored file's name says it is a PNG or JPEG — a PDF of several
 * megabytes is never read just to learn it is not an image. The object URL is revoked when the value changes or
 * the field goes; a preview that cannot be read leaves the name alone, as before.
 */
import { useEffect, useState } from 'react';
import { fileNameOf, type WidgetServices } from './services';

const IMAGE_NAME = /\.(png|jpe?g)$/i;

export function useStoredPreview(
  value: string | undefined,
  preview: WidgetServices['preview'],
): string | null {
  const [shown, setShown] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    if (!value || !preview || !IMAGE_NAME.test(fileNameOf(value))) return;
    let live = true;
    let src: string | null = null;
    preview(value).then(
      (address) => {
        src = address;
        if (!live && address) URL.revokeObjectURL(address);
        else if (address) setShown({ value, src: address });
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (src) URL.revokeObjectURL(src);
    };
  }, [value, preview]);
  // What was shown for an earlier value is never drawn for the next one.
  return shown && shown.value === value ? shown.src : null;
}
