/**
 * rjsf's own texts (the list buttons, yes/no, optional groups) in the merchant's language. Only what a catalogue
 * form can show is translated; the rest are messages for the catalogue's authors ("unsupported field") and stay
 * in rjsf's English.
 */
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';

/** rjsf text → translation key (common:rjsf.*). */
export const RJSF_STRING_KEYS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddItemButton]: 'common:rjsf.addItem',
  [TranslatableString.AddButton]: 'common:rjsf.add',
  [TranslatableString.RemoveButton]: 'common:rjsf.remove',
  [TranslatableString.MoveUpButton]: 'common:rjsf.moveUp',
  [TranslatableString.MoveDownButton]: 'common:rjsf.moveDown',
  [TranslatableString.CopyButton]: 'common:rjsf.copy',
  [TranslatableString.ClearButton]: 'common:rjsf.clear',
  [TranslatableString.ClearLabel]: 'common:rjsf.clear',
  [TranslatableString.YesLabel]: 'common:yes',
  [TranslatableString.NoLabel]: 'common:no',
  [TranslatableString.ArrayItemTitle]: 'common:rjsf.item',
  [TranslatableString.OptionalObjectAdd]: 'common:rjsf.optionalAdd',
  [TranslatableString.OptionalObjectRemove]: 'common:rjsf.optionalRemove',
  [TranslatableString.OptionalObjectEmptyMsg]: 'common:rjsf.optionalEmpty',
};

/** A `translateString` for rjsf's Form, given i18next's `t`. */
export function rjsfTranslator(t: (key: string) => string) {
  return (text: TranslatableString, params?: string[]) => {
    const key = RJSF_STRING_KEYS[text];
    return key ? t(key) : englishStringTranslator(text, params);
  };
}
