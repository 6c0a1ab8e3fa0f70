/**
 * The API contract's building blocks (issue 33): every request and answer is a TypeBox schema, defined once in
 * `src/contract/`. The server validates and documents (OpenAPI) with the schema itself; the web app types its
 * calls with `Static<typeof Schema>` — so a field renamed on one side fails the type check on the other.
 * TypeBox rather than json-schema-to-ts: its schemas are plain JSON Schema objects (what Fastify, ajv and the
 * OpenAPI generator take as they are), and `Static` infers quickly where deep `as const` inference slows tsc.
 * Pure: no Node, no browser, no server code — both sides import it.
 */
import Type, { type Static, type TArray, type TProperties, type TSchema } from 'typebox';

export { Type, type Static, type TSchema };

/** A value or null (`{ type: [..., 'null'] }` for scalars: one type list, which the serialiser writes fast). */
export const NullableString = (options: { description?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
export const NullableInteger = (options: { description?: string } = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
export const NullableNumber = (options: { description?: string } = {}) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });
/** An object (or other schema) or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A value whose shape another module defines and checks (a catalogue flow's content, a classified change): the
 * answer carries it whole; its type is that module's.
 */
export const Opaque = <T>(description: string) =>
  Type.Unsafe<T>({ type: 'object', additionalProperties: true, description });

/** One of some words (`enum` in the OpenAPI document, a union of literals in TypeScript). */
export const OneOf = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A flow's id (its folder's name). */
export const FlowId = Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' });
/** A flow version's id: the SHA-256 of its content, in hex. */
export const VersionId = Type.String({ pattern: '^[0-9a-f]{64}$' });
/** An instant, ISO 8601 in UTC. */
export const Instant = Type.String({ description: 'ISO 8601, UTC' });

/** A filter's values: a list (or, in a query string, comma-separated words), each up to 200 characters. */
export const ValueList = (description: string) =>
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50, description });

/** A filter of a few known values (statuses, roles): up to ten, as a list or comma-separated. */
export const ChoiceList = (values: readonly string[]) =>
  Type.Array(Type.String({ maxLength: 50 }), {
    maxItems: 10,
    description: `any of ${values.join(', ')}; a list or comma-separated`,
  });

/**
 * The filters every merchant list shares (support, disputes; orders and payouts next): days opened, some of the
 * caller's merchants, and the caller's time zone, which makes a day the merchant's day (without it, UTC).
 */
export const LIST_FILTERS = {
  created_at_gte: Type.Optional(
    Type.String({ maxLength: 40, description: 'a day (yyyy-mm-dd) or an instant' }),
  ),
  created_at_lte: Type.Optional(
    Type.String({ maxLength: 40, description: 'a day (its end, 23:59:59.999) or an instant' }),
  ),
  merchant_ids: Type.Optional(ValueList('some of the caller’s merchants (default: all of them)')),
  tz_offset: Type.Optional(Type.Integer({ minimum: -840, maximum: 840, description: 'minutes east of UTC' })),
};

/** Whose a row is: the merchant's id and its name as the caller's lists show it (spread into a row's fields). */
export const OF_MERCHANT = { merchant_id: Type.String(), merchant_name: Type.String() };

/** A list read a page at a time: the query's fields (new lists use these; issue 57 moves the older ones here). */
export const PAGE_QUERY = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/**
 * A list read page by page with the server's tokens (docs/api.md: orders, payouts, disputes): its filters, then
 * the page's size within the list's bounds, the token of the page after the last, and the caller's request id;
 * nothing else.
 */
export const TokenPageQuery = <Filters extends TProperties>(
  filters: Filters,
  size: { default: number; max: number },
) =>
  Type.Object(
    {
      ...filters,
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: size.max, default: size.default })),
      page_token: Type.Optional(Type.String({ maxLength: 500 })),
      request_id: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  );

/** …and its answer: the page's rows under the list's name, and the next page's token while there are more. */
export const TokenPage = <Name extends string, Row extends TSchema>(name: Name, row: Row) =>
  Type.Object({
    [name]: Type.Array(row),
    next_page_token: NullableString(),
  } as { [K in Name]: TArray<Row> } & { next_page_token: ReturnType<typeof NullableString> });

/** A filter's totals (orders, payouts), one row a currency: how many, and the area's sums. */
export const CurrencyTotals = <Sums extends TProperties>(sums: Sums) =>
  Type.Object({
    totals: Type.Array(Type.Object({ currency: Type.String(), count: Type.Integer(), ...sums })),
  });

/** …and its answer's, beside the rows. */
export const PAGE_ANSWER = { total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() };

/**
 * Compile-time checks that a contract shape and a lower layer's own type agree (the engine and the domain may not
 * import the contract, so they keep theirs): `Assignable` one way, `Same` both ways. Used as type arguments of an
 * exported `Checks` type; a rename on either side fails the type check.
 */
export type Assignable<T extends U, U> = T;
export type Same<A extends B, B extends C, C = A> = [A, B];
