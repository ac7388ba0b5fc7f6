import { ActionIcon, Anchor, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconChevronLeft, IconChevronRight, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LIST_DETAIL_PAGE_SIZE, type ListRecord } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { formatCount } from '../utils/list-format';

type RecordsPaneProps = {
  type: 'contact' | 'company';
  records: ListRecord[] | undefined;
  total: number | undefined;
  skip: number;
  searching: boolean;
  fetching: boolean;
  onSkip: (skip: number) => void;
};

const WORDS = {
  contact: { title: 'Contacts', plural: 'contacts', Icon: IconUser },
  company: { title: 'Companies', plural: 'companies', Icon: IconBuildingSkyscraper },
} as const;

const shown = (value: string) => (value.startsWith('+') ? formatPhone(value) : value);

/**
 * A list's contacts or companies, 25 a page (issue 30: a list without properties showed 'No properties
 * in this list'). Each row opens its record over the page.
 */
export function RecordsPane({ type, records, total, skip, searching, fetching, onSkip }: RecordsPaneProps) {
  const { title, plural, Icon } = WORDS[type];
  const known = total !== undefined;
  const empty = known && total === 0;
  const hasNext = known && skip + LIST_DETAIL_PAGE_SIZE < total;
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }} component="section" aria-label={title}>
      <Group
        justify="space-between"
        px="lg"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="xs">
          <Title order={2} fz={17}>
            {title}
          </Title>
          {known && (
            <Badge variant="light" color="gray" radius="sm">
              {formatCount(total)}
            </Badge>
          )}
          {fetching && <Loader size={14} aria-label={`Loading ${plural}`} />}
        </Group>
        <Group gap="sm">
          {known && !empty && (
            <Text size="sm" c="dimmed">
              Showing {plural} between {skip + 1} - {Math.min(skip + LIST_DETAIL_PAGE_SIZE, total)}
            </Text>
          )}
          <ActionIcon.Group>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous page"
              disabled={skip === 0}
              onClick={() => onSkip(Math.max(0, skip - LIST_DETAIL_PAGE_SIZE))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next page"
              disabled={!hasNext}
              onClick={() => onSkip(skip + LIST_DETAIL_PAGE_SIZE)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </ActionIcon.Group>
        </Group>
      </Group>
      {!records ? (
        <Center h={200}>
          <Loader aria-label={`Loading ${plural}`} />
        </Center>
      ) : empty ? (
        <Stack align="center" py={48}>
          <Text c="dimmed">
            {searching ? `No ${plural} match this search.` : `No ${plural} in this list.`}
          </Text>
        </Stack>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {records.map((r) => (
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
    </Paper>
  );
}
