/** A type guard for one of a list's values: `isOneOf(DISPUTE_STATUSES)(value)` narrows `value` to a status. Pure. */
export const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    (values as readonly unknown[]).includes(value);
