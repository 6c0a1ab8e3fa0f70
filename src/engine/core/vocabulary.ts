/** Puts the catalogue's formats and annotation keywords into an ajv instance. */
import type Ajv from 'ajv';
import { ANNOTATION_KEYWORDS, formats } from './formats';

/**
 * Registers the custom formats and annotation keywords (idempotent per instance).
 * @param ajv - an ajv (2020) instance
 */
export function registerVocabulary(ajv: Pick<Ajv, 'addFormat' | 'addKeyword' | 'getKeyword'>) {
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, validate);
  for (const keyword of ANNOTATION_KEYWORDS) {
    if (!ajv.getKeyword(keyword))
      ajv.addKeyword({ keyword, schemaType: ['object', 'array', 'string', 'number'] });
  }
}
