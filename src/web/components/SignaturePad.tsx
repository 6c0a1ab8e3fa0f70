/**
 * A box to draw a signature in, with a finger, a pen or a mouse (signature_pad: smooth strokes, pointer events,
 * sharp on high-density screens). It says when something is drawn and hands over a PNG.
 */
import { Button, Group, Input, Paper } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignatureCanvas from 'signature_pad';

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  png(): string | null;
}

const HEIGHT = 180;

export const SignaturePad = forwardRef<
  SignaturePadHandle,
  { label: string; hint: string; error?: string; onChange: (drawn: boolean) => void }
>(function SignaturePad(props, ref) {
  const { t } = useTranslation('contracts');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignatureCanvas | null>(null);
  const { onChange } = props;

  useEffect(() => {
    const element = canvas.current!;
    const instance = new SignatureCanvas(element, { penColor: '#111827', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = instance;
    // The canvas's pixels match the box's size and the screen's density, or strokes land off the pointer.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = instance.toData();
      element.width = element.offsetWidth * ratio;
      element.height = HEIGHT * ratio;
      element.getContext('2d')!.scale(ratio, ratio);
      instance.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    const changed = () => onChange(!instance.isEmpty());
    instance.addEventListener('endStroke', changed);
    return () => {
      observer.disconnect();
      instance.removeEventListener('endStroke', changed);
      instance.off();
    };
  }, [onChange]);

  useImperativeHandle(ref, () => ({
    png: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null),
  }));

  return (
    <Input.Wrapper label={props.label} description={props.hint} error={props.error} required>
      <Paper
        withBorder
        radius="md"
        mt={6}
        style={{ borderColor: props.error ? 'var(--mantine-color-error)' : undefined }}
      >
        <canvas
          ref={canvas}
          data-testid="signature-pad"
          aria-label={props.label}
          role="img"
          style={{
            width: '100%',
            height: HEIGHT,
            display: 'block',
            touchAction: 'none',
            cursor: 'crosshair',
          }}
        />
      </Paper>
      <Group justify="flex-end" mt={4}>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            pad.current?.clear();
            onChange(false);
          }}
        >
          {t('signing.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
});
