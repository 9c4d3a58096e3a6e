import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZContentList } from '@screenline/shared/content';
import {
  type TDeviceCommandList,
  type TSendDeviceCommand,
  type TStartTakeover,
  ZDeviceCommandList,
  ZScreenshotList,
  ZTakeover,
  ZTakeoverList,
} from '@screenline/shared/fleet';
import { API, apiPath } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/list-all';
import { AD_SPACES_QUERY_KEY } from '@/lib/api/ad-spaces';

/**
 * Running many screens (issue 23): remote commands, "on screen now" and emergency takeovers.
 * Commands and screenshots move while a dialog is open (the TV answers within seconds): they are
 * asked again every few seconds while a command is still on its way.
 */

const FLEET_KEY = [...AD_SPACES_QUERY_KEY, 'fleet'] as const;
export const TAKEOVERS_KEY = ['takeovers'] as const;
/** How often open commands and screenshots are asked again while a command is on its way. */
export const COMMAND_POLL_MS = 2_000;

const isOnItsWay = (list: TDeviceCommandList | undefined) =>
  !!list?.items.some((command) => command.state === 'sent' || command.state === 'delivered');

/** GET /api/v1/device-commands?adSpaceId= */
export function useDeviceCommands(adSpaceId: string | null) {
  return useQuery({
    queryKey: [...FLEET_KEY, 'commands', adSpaceId],
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath(API.deviceCommands, {}, { adSpaceId: adSpaceId ?? '' }),
        ZDeviceCommandList,
        { signal },
      ),
    enabled: adSpaceId !== null,
    refetchInterval: (query) => (isOnItsWay(query.state.data) ? COMMAND_POLL_MS : false),
  });
}

/** GET /api/v1/ad-spaces/{id}/screenshots; asked again while a command is on its way. */
export function useScreenshots(adSpaceId: string | null, isWaiting: boolean) {
  return useQuery({
    queryKey: [...FLEET_KEY, 'screenshots', adSpaceId],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(API.adSpaceScreenshots, { id: adSpaceId ?? '' }), ZScreenshotList, {
        signal,
      }),
    enabled: adSpaceId !== null,
    refetchInterval: isWaiting ? COMMAND_POLL_MS : false,
  });
}

/** POST /api/v1/device-commands */
export function useSendCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSendDeviceCommand) =>
      apiRequest(API.deviceCommands, ZDeviceCommandList, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLEET_KEY }),
  });
}

/** GET /api/v1/takeovers: active ones are asked again (where they showed grows). */
export function useTakeovers() {
  return useQuery({
    queryKey: TAKEOVERS_KEY,
    queryFn: ({ signal }) => apiRequest(API.takeovers, ZTakeoverList, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((takeover) => takeover.isActive) ? 5_000 : false,
  });
}

export function useStartTakeover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TStartTakeover) =>
      apiRequest(API.takeovers, ZTakeover, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAKEOVERS_KEY }),
  });
}

export function useEndTakeover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPath(API.takeoverEnd, { id }), ZTakeover, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAKEOVERS_KEY }),
  });
}

/** The owner's ready images, for a takeover's image (every page). */
export function useImageOptions(isWanted: boolean) {
  return useQuery({
    queryKey: ['content', 'images', 'options'],
    queryFn: ({ signal }) =>
      fetchAllPages(apiPath(API.content, {}, { kind: 'image', limit: 100 }), ZContentList, signal),
    select: (items) =>
      items
        .filter((item) => item.processingState === 'ready')
        .map(({ id, name }) => ({ id, name })),
    enabled: isWanted,
  });
}
