import type { ErrorSchema } from '@rjsf/utils';
import type { FieldMessage } from '../core/messages';
import { parsePointer } from '../core/pointer';

/** rjsf's id of the field at a JSON pointer (`/legal_info/iban` → `root_legal_info_iban`). */
export function fieldId(pointer: string): string {
  return ['root', ...parsePointer(pointer)].join('_');
}

/** Field messages as rjsf's error schema, translated with `t`. */
export function toErrorSchema(
  messages: FieldMessage[],
  t: (key: string, params: Record<string, unknown>) => string,
): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const message of messages) {
    let node = root;
    for (const token of parsePointer(message.pointer)) node = (node[token] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), t(message.key, message.params)];
  }
  return root as ErrorSchema;
}
