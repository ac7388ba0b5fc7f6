import { Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@prospector/core';
import { CompanyNameField } from './company-name-field';
import { CountryField } from './country-field';
import { ContactHoursField } from './contact-hours-field';
import { PpglField } from './ppgl-field';
import { SubUsersField } from './sub-users-field';
import { TimezoneField } from './timezone-field';
import type { TeamSettings } from './types';

type Props = {
  team: TeamSettings;
  /** Admins change these; others see them read-only. */
  canEdit: boolean;
  /** Called with what was saved, so the app can refresh the current user's team at once. */
  onSaved: (patch: Partial<TeamSettings>) => void;
};

/** Settings > Other: company name, time zone, home country, daily texting limit, calling hours and sub-users of the team. */
export function TeamSettingsPanel({ team, canEdit, onSaved }: Props) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Company">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Company
          </Title>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              {messages.settings.adminOnly}
            </Text>
          )}
        </Stack>
        <CompanyNameField value={team.name} canEdit={canEdit} onSaved={onSaved} />
        <TimezoneField value={team.timezone} canEdit={canEdit} onSaved={onSaved} />
        <CountryField value={team.country} canEdit={canEdit} onSaved={onSaved} />
        <PpglField value={team.ppgl} canEdit={canEdit} onSaved={onSaved} />
        <ContactHoursField canEdit={canEdit} />
        <SubUsersField value={team.subUsers} canEdit={canEdit} onSaved={onSaved} />
      </Stack>
    </Paper>
  );
}
