import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { infoFilledMessage, messages, type ItemDto } from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { usePropertyInfo } from '../api/get-property-info';

const NOT_CONFIGURED = 501;

/**
 * The property information look-up (spec part 1 §7 POST /properties/getInfo): fills the property's
 * EMPTY fields (owner, beds, baths, lot, year built, use; city, state and zip from the maps service),
 * never one already filled; 'Something went wrong.' when the look-up fails (spec §8), and a plain
 * 'not configured' when the server has no provider.
 */
export function PropertyInfoLookup({ item, address }: { item: ItemDto; address: string }) {
  const lookup = usePropertyInfo(item._id);
  const error = lookup.error;
  const notConfigured = error instanceof ApiError && error.status === NOT_CONFIGURED;
  // The server's own words for what it refused (no place at that address, not configured); any
  // failure of the look-up itself is the spec's 'Something went wrong.' (§8).
  const refused = error instanceof ApiError && ((error.status >= 400 && error.status < 500) || notConfigured);
  const errorText = refused ? error.message : messages.records.propertyInfoFailed;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSearch size={14} />}
          loading={lookup.isPending}
          disabled={address.trim().length < 3}
          onClick={() => lookup.mutate(address)}
        >
          Look up property info
        </Button>
        <Text size="xs" c="dimmed">
          Fills empty fields only
        </Text>
      </Group>
      {lookup.isSuccess && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} role="status" p="xs">
          <Text size="sm">{infoFilledMessage(lookup.data.filled)}</Text>
          {lookup.data.facts === null && (
            <Text size="xs" c="dimmed" mt={4}>
              {messages.recordDetail.propertyInfoNotConfigured}
            </Text>
          )}
        </Alert>
      )}
      {error && (
        <Alert
          color={notConfigured ? 'gray' : 'red'}
          variant="light"
          icon={<IconAlertCircle size={16} />}
          role="alert"
          p="xs"
        >
          <Text size="sm">{errorText}</Text>
        </Alert>
      )}
    </Stack>
  );
}
