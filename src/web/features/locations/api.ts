/**
 * Locations' calls (docs/locations.md) as react-query hooks; adding, editing and removing read the list again. Each
 * change is also an analytics event (onboarding spec §1 names the locations screen among those its events imply):
 * location added, edited, removed — with the location's id and store, never its address.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, retryUnless4xx } from '../../api/client';
import { analytics } from '../../analytics';
import type { Location, LocationAnswer, LocationBody, LocationsPage } from '../../../contract/locations';

export type { Location, LocationBody };

const L = '/merchant/api/v1/locations';
export const PAGE_SIZE = 20;

export const useLocations = (page: number) =>
  useQuery({
    queryKey: ['locations', page],
    queryFn: ({ signal }) =>
      api<LocationsPage>('GET', `${L}?page=${page}&page_size=${PAGE_SIZE}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

/** Adds a location (no id) or saves an edited one. */
export const useSaveLocation = () =>
  useChange({
    send: async ({ id, body }: { id: string | null; body: LocationBody }) => {
      const { location } = id
        ? await api<LocationAnswer>('PUT', `${L}/${encodeURIComponent(id)}`, body)
        : await api<LocationAnswer>('POST', L, body);
      analytics.track(id ? 'location_edited' : 'location_added', {
        location_id: location.id,
        store_id: location.store_id,
      });
      return location;
    },
    refresh: [['locations']],
  });

export const useRemoveLocation = () =>
  useChange({
    send: async (location: Location) => {
      await api('DELETE', `${L}/${encodeURIComponent(location.id)}`);
      analytics.track('location_removed', { location_id: location.id, store_id: location.store_id });
    },
    refresh: [['locations']],
  });
