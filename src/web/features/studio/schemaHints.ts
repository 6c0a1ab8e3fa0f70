/**
 * What the studio's code editor checks and completes a file against (codemirror-json-schema). The flow file
 * and UI schemas have the catalogue's own meta-schemas; a step schema gets this description of the keywords the
 * catalogue takes (JSON Schema's validation keywords and ours, `x-…`), with `additionalProperties: false` so a
 * misspelt keyword is underlined as it is typed. The server's checks (strict ajv and the named checks) remain
 * what decides: these are hints.
 */
import flowMeta from '../../../../schemas/_meta/flow.schema.json';
import uiMeta from '../../../../schemas/_meta/ui.schema.json';

const node = { $ref: '#/definitions/schema' };
const nodes = { type: 'array', items: node };
const text = (description: string) => ({ type: 'string', description });
const count = (description: string) => ({ type: 'integer', minimum: 0, description });

export const STEP_SCHEMA_HINTS = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $ref: '#/definitions/schema',
  definitions: {
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        $schema: { type: 'string' },
        $id: { type: 'string' },
        $ref: text('a shared definition: ../../_defs/common.schema.json#/$defs/<name>'),
        $defs: { type: 'object', additionalProperties: node },
        $comment: text('a note for the people who edit this file'),
        title: text('the text key of the label (namespace:path)'),
        description: text('the text key of the help text'),
        type: {
          description: 'the kind of answer',
          anyOf: [
            { enum: ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] },
            {
              type: 'array',
              items: { enum: ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] },
            },
          ],
        },
        properties: { type: 'object', additionalProperties: node, description: 'the fields of an object' },
        required: {
          type: 'array',
          items: { type: 'string' },
          description: 'the fields that must be answered',
        },
        items: node,
        enum: { type: 'array', description: 'the only values allowed (the options)' },
        const: { description: 'the one value allowed' },
        default: { description: 'the value a new form starts with' },
        minLength: count('fewest characters'),
        maxLength: count('most characters (every text needs one)'),
        pattern: text('a regular expression the whole answer must match (no nested repetition)'),
        format: text('a named format: email, date, iban, phone …'),
        minimum: { type: 'number' },
        maximum: { type: 'number' },
        exclusiveMinimum: { type: 'number' },
        exclusiveMaximum: { type: 'number' },
        multipleOf: { type: 'number' },
        minItems: count('fewest items of a list'),
        maxItems: count('most items of a list (every list needs one)'),
        uniqueItems: { type: 'boolean' },
        contains: node,
        minContains: count('fewest items matching contains'),
        maxContains: count('most items matching contains'),
        additionalProperties: { anyOf: [{ type: 'boolean' }, node] },
        minProperties: count('fewest fields'),
        maxProperties: count('most fields'),
        if: node,
        then: node,
        else: node,
        allOf: nodes,
        anyOf: nodes,
        oneOf: nodes,
        not: node,
        dependentRequired: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
        readOnly: { type: 'boolean' },
        examples: { type: 'array' },
        'x-messages': {
          type: 'object',
          description: 'message text keys by rule: { "required": "ns:errors.x.required" }',
          additionalProperties: { type: 'string' },
        },
        'x-accept': { type: 'array', items: { type: 'string' }, description: 'upload: allowed file types' },
        'x-maxSizeKb': count('upload: largest file in KB'),
        'x-ibanMode': { enum: ['confirm', 'edit'] },
        'x-resendSeconds': count('code: seconds before it may be sent again'),
        'x-resendLockSeconds': count('code: seconds resend stays locked after too many'),
        'x-example': { description: 'one valid value, for QA examples' },
        'x-sum': {
          type: 'object',
          description: 'the numbers at property of the items add up to equals',
          properties: {
            property: { type: 'string' },
            where: { type: 'string' },
            equals: { type: 'number' },
            decimals: { type: 'integer' },
          },
        },
      },
    },
  },
} as const;

export const FLOW_HINTS = flowMeta as object;
export const UI_HINTS = uiMeta as object;
