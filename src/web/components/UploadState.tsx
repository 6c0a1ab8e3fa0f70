/**
 * Where one file's upload stands, under its name (a listing's photo, a renewed licence): a bar while it goes up,
 * then its error if it was refused. Nothing once it is stored.
 */
import { Progress, Text } from '@mantine/core';

export function UploadState(props: {
  /** From 0 to 1. */
  progress: number;
  uploading: boolean;
  error?: string;
  /** The bar's name for a screen reader ("Uploading licence.pdf"). */
  label: string;
}) {
  return (
    <>
      {props.uploading && <Progress value={props.progress * 100} size="sm" aria-label={props.label} />}
      {props.error && (
        <Text size="xs" c="red" role="alert">
          {props.error}
        </Text>
      )}
    </>
  );
}
