import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconListDetails, IconSearch, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '@prospector/core';

/** No lists at all (with the way to import one), or none matching the search. */
export function ListsEmpty({ search, canImport }: { search: string; canImport: boolean }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={52} radius="xl" variant="light" color="brand">
          {search ? <IconSearch size={26} /> : <IconListDetails size={26} />}
        </ThemeIcon>
        {search ? (
          <Text fw={600}>No lists match “{search}”.</Text>
        ) : (
          <>
            <Text fw={600}>{messages.lists.noLists}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={380}>
              {canImport
                ? 'Import a spreadsheet of contacts, properties and companies to start a list.'
                : "Your team's lists will show here once someone with the import permission adds one."}
            </Text>
            {canImport && (
              <Button component={Link} to="/import" leftSection={<IconUpload size={16} />} mt="xs">
                Import list
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
