import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeContactHours, getContactHours } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const contactHoursKey = ['team-settings', 'contact-hours'] as const;
export type ContactHours = { startHour: number | null; endHour: number | null };

export function useContactHours() {
  return useQuery({ queryKey: contactHoursKey, queryFn: () => call(getContactHours) });
}

/** Saves the team's own hours; the server refuses looser-than-law hours with the reason. */
export function useChangeContactHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hours: ContactHours) => call(changeContactHours, hours),
    onSuccess: (saved) => {
      client.setQueryData(contactHoursKey, saved);
      notifySuccess('Calling and texting hours saved.');
    },
  });
}
