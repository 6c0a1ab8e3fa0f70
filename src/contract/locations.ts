/**
 * Locations' requests and answers (shell spec §2.3 "locations"; issue 36; docs/locations.md;
 * src/server/routes/locations.ts), for the server and the web app alike.
 */
import { WEEKDAYS } from '../domain/locations';
import { Instant, Nullable, Type, type Static } from './common';

const DayHours = Nullable(
  Type.Object(
    {
      from: Type.String({ maxLength: 5, description: 'HH:MM, 24-hour' }),
      to: Type.String({ maxLength: 5, description: 'HH:MM; earlier than `from`: closes after midnight' }),
    },
    { additionalProperties: false },
  ),
);
export const OpeningHours = Type.Object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, DayHours])) as Record<
    (typeof WEEKDAYS)[number],
    typeof DayHours
  >,
  { additionalProperties: false, description: 'a weekday each: null when closed' },
);

export const LocationBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    address: Type.String({ maxLength: 1000 }),
    maps_link: Type.String({ maxLength: 500, description: 'a Google Maps link, or empty' }),
    store_id: Type.String({ maxLength: 100 }),
    hours: OpeningHours,
  },
  { additionalProperties: false },
);
export type LocationBody = Static<typeof LocationBody>;

export const Location = Type.Object({
  id: Type.String(),
  merchant_id: Type.String(),
  store_id: Type.String(),
  store_name: Type.String(),
  name: Type.String(),
  address: Type.String(),
  maps_link: Type.String(),
  hours: OpeningHours,
  created_at: Instant,
  updated_at: Instant,
});
export type Location = Static<typeof Location>;

export const LocationsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type LocationsQuery = Static<typeof LocationsQuery>;
export const LocationsPage = Type.Object({
  locations: Type.Array(Location),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type LocationsPage = Static<typeof LocationsPage>;
export const LocationAnswer = Type.Object({ location: Location });
export type LocationAnswer = Static<typeof LocationAnswer>;
