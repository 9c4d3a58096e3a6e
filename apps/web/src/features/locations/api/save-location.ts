import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLocation, type TCreateLocation } from '@screenline/shared/location';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';
import { LOCATIONS_QUERY_KEY } from '@/lib/api/locations';

/** POST /api/v1/locations → 201 with the location. */
export function createLocation(body: TCreateLocation) {
  return apiRequest(API.locations, ZLocation, { method: 'POST', body });
}

/** PATCH /api/v1/locations/{id}: the form sends every field (the address is replaced whole). */
export function updateLocation(id: string, body: TCreateLocation) {
  return apiRequest(apiPath(API.location, { id }), ZLocation, {
    method: 'PATCH',
    body,
  });
}

/** Creates a location, or updates the one with `id`. */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TCreateLocation }) =>
      id === null ? createLocation(body) : updateLocation(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AD_SPACES_QUERY_KEY }),
      ]),
  });
}
