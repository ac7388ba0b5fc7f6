import { Anchor, Badge, Center, Group, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ListRecord } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { ListPane, type PaneState } from './list-pane';

type RecordsPaneProps = PaneState & { type: 'contact' | 'company'; records: ListRecord[] | undefined };

const WORDS = {
  contact: { title: 'Contacts', plural: 'contacts', Icon: IconUser },
  company: { title: 'Companies', plural: 'companies', Icon: IconBuildingSkyscraper },
} as const;

const shown = (value: string) => (value.startsWith('+') ? formatPhone(value) : value);

/**
 * A list's contacts or companies, 25 a page (issue 30: a list without properties showed 'No properties
 * in this list'). Each row opens its record over the page.
 */
export function RecordsPane({ type, records, ...pane }: RecordsPaneProps) {
  const { title, plural, Icon } = WORDS[type];
  return (
    <ListPane title={title} plural={plural} rows={records} loadingLabel={`Loading ${plural}`} {...pane}>
      {(rows) => (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((r) => (
            <Group
              key={r._id}
              component="li"
              wrap="nowrap"
              gap="md"
              px="lg"
              py="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
            >
              <Center w={32} h={32} bg="gray.1" style={{ borderRadius: 8, flexShrink: 0 }}>
                <Icon size={16} color="var(--mantine-color-gray-6)" />
              </Center>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={`?record=${r._id}`} fw={600} size="sm" truncate>
                  {r.title}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {r.identifiers.length > 0 ? r.identifiers.map(shown).join(' · ') : 'No phone or e-mail'}
                </Text>
              </Stack>
              {r.status && (
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {r.status}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </ListPane>
  );
}
