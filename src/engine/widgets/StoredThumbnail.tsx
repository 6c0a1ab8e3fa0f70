/**
 * A stored image's thumbnail (useStoredPreview): drawn only once the image has been read, named "Preview of
 * <file>"; nothing for a file that is not an image. The upload field and a form's summary both show it.
 */
import { Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileNameOf, type WidgetServices } from './services';
import { useStoredPreview } from './useStoredPreview';

export function StoredThumbnail(props: {
  file: string | undefined;
  preview: WidgetServices['preview'];
  height: number;
  maxWidth: number;
}) {
  const { t } = useTranslation('widgets');
  const src = useStoredPreview(props.file, props.preview);
  if (!src || !props.file) return null;
  return (
    <Image
      src={src}
      alt={t('upload.preview', { name: fileNameOf(props.file) })}
      h={props.height}
      w="auto"
      maw={props.maxWidth}
      fit="contain"
      radius="sm"
      data-upload-preview
    />
  );
}
