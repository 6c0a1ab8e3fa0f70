/**
 * A dialog's form sent (a campaign, a location): the problems found before sending shown on their fields, else
 * the save; the server's refusals on their fields, or one line saying it failed when none names a field. What was
 * typed stays in the form either way.
 */
import { useState } from 'react';
import { fieldMessages } from '../api/client';

export function useFormSubmit(
  /** A `t` of the area's namespace, which holds `form.failed`. */
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const submit = async (found: Record<string, string>, save: () => Promise<void>) => {
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length > 0) return;
    try {
      await save();
    } catch (e) {
      const messages = fieldMessages(e, (key, params) => t(key, params));
      setErrors(messages);
      if (Object.keys(messages).length === 0) setFailed(t('form.failed'));
    }
  };
  return { errors, failed, submit };
}
