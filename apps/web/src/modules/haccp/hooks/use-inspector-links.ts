import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInspectionView, TInspectorLinkRequest } from '@washboard/contracts';
import { saveFile } from '../../../ui/save-file';
import { browserTimeZone } from '../../../ui/browser-time-zone';
import { deviceKeys } from '../../devices/hooks/device-keys';
import {
  createInspectorLink,
  fetchInspection,
  fetchInspectionExport,
  fetchInspectorLinkOpenings,
  fetchInspectorLinks,
  revokeInspectorLink,
  type TInspectionReport,
} from '../api/inspector-link-api';

/** Query keys of a machine's inspector links, under the device keys so a reconnect reloads them too. */
const linkKeys = {
  all: (serialNumber: string) => [...deviceKeys.all, 'haccp', 'inspectorLinks', serialNumber] as const,
  openings: (serialNumber: string, id: string) => [...deviceKeys.all, 'haccp', 'inspectorLinks', serialNumber, id] as const,
};

/** The machine's inspector links, newest first. */
export function useInspectorLinks(serialNumber: string) {
  return useQuery({ queryKey: linkKeys.all(serialNumber), queryFn: () => fetchInspectorLinks(serialNumber) });
}

/** Who opened one link. */
export function useInspectorLinkOpenings(serialNumber: string, id: string) {
  return useQuery({ queryKey: linkKeys.openings(serialNumber, id), queryFn: () => fetchInspectorLinkOpenings(serialNumber, id) });
}

/** Creates or revokes a link, then reads the machine's links again. */
export function useInspectorLinkChange(serialNumber: string) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: linkKeys.all(serialNumber) });
  return {
    create: useMutation({
      mutationFn: (request: TInspectorLinkRequest) => createInspectorLink(serialNumber, request),
      onSuccess,
    }),
    revoke: useMutation({ mutationFn: (id: string) => revokeInspectorLink(serialNumber, id), onSuccess }),
  };
}

/** What an inspector link shows; a refused link (404, 410) is not asked again. */
export function useInspection(token: string) {
  return useQuery({ queryKey: ['inspection', token], queryFn: () => fetchInspection(token), retry: false });
}

/** Downloads one file of what the link shares, with times in the browser's time zone. */
export function useInspectionExport(token: string, view: TInspectionView) {
  return useMutation({
    mutationFn: async (report: TInspectionReport) => {
      const { blob, fileName } = await fetchInspectionExport(token, view, report, browserTimeZone());
      saveFile(blob, fileName);
    },
  });
}
