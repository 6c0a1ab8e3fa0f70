/**
 * A page's "Download CSV" action (the lists' exports, a payout's transactions): its label says it is working while
 * the file is made, a second click meanwhile does nothing, and a failure is a notification — the page stays as it was.
 */
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from './notificationStore';
import type { PageAction } from './PageHeader';

export function useDownloadAction(props: {
  label: string;
  failed: string;
  save: () => Promise<unknown>;
}): PageAction {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await props.save();
    } catch {
      notify({ variant: 'error', title: props.label, message: props.failed });
    } finally {
      setBusy(false);
    }
  };
  return {
    label: busy ? `${props.label}…` : props.label,
    onClick: () => void (busy ? undefined : run()),
    icon: <IconDownload size={16} />,
  };
}
