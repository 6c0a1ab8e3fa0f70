/** Puts the catalogue's formats and keywords into an ajv instance. */
import type Ajv from 'ajv';
import { _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import type { KeywordErrorCxt } from 'ajv/dist/types';
import { ANNOTATION_KEYWORDS, formats } from './formats';
import { sumMatches, SUM_HELPER } from './runtime';

export { SUM_HELPER };

/**
 * `x-sum` (on an array of objects): the numbers at `property` of the items — only the items whose
 * `where` flag is true, when given — add up to `equals`, compared after rounding to `decimals`
 * (spec: owners' shares total exactly 100, rounded to 4 decimals). JSON Schema cannot add; this is
 * the one validating keyword of our own. Code-generated, so precompiled browser validators have it too.
 */
const X_SUM_KEYWORD = 'x-sum';
const X_SUM: CodeKeywordDefinition = {
  keyword: X_SUM_KEYWORD,
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['property', 'equals'],
    properties: {
      property: { type: 'string', minLength: 1 },
      where: { type: 'string', minLength: 1 },
      equals: { type: 'number' },
      decimals: { type: 'integer', minimum: 0, maximum: 10 },
    },
  },
  error: {
    message: 'the values must add up to the expected total',
    params: ({ schema }: KeywordErrorCxt) => _`{equals: ${(schema as { equals: number }).equals}}`,
  },
  code(cxt: KeywordCxt) {
    const schema = cxt.schema as { property: string; where?: string; equals: number; decimals?: number };
    const helper = cxt.gen.scopeValue('func', { ref: sumMatches, code: _`require(${SUM_HELPER}).default` });
    cxt.fail(
      _`!${helper}(${cxt.data}, ${schema.property}, ${schema.where ?? null}, ${schema.equals}, ${schema.decimals ?? 4})`,
    );
  },
};

/**
 * Registers the custom formats and keywords (idempotent per instance).
 * @param ajv - an ajv (2020) instance
 */
export function registerVocabulary(ajv: Pick<Ajv, 'addFormat' | 'addKeyword' | 'getKeyword'>) {
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, validate);
  for (const keyword of ANNOTATION_KEYWORDS) {
    if (!ajv.getKeyword(keyword))
      ajv.addKeyword({ keyword, schemaType: ['object', 'array', 'string', 'number', 'boolean'] });
  }
  if (!ajv.getKeyword(X_SUM_KEYWORD)) ajv.addKeyword(X_SUM);
}
