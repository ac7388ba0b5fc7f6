import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { listWithoutContactsNote, type ListDto } from '@prospector/core';

/** Why a list of properties alone gives a campaign no one to text (beside its campaign button, and in the builder). */
export function ListWithoutContactsNote({
  list,
}: {
  list: Pick<ListDto, 'name' | 'itemCount' | 'propCount'>;
}) {
  const note = listWithoutContactsNote(list);
  if (!note) return null;
  return (
    <Alert role="note" color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
      <Text size="sm">{note}</Text>
    </Alert>
  );
}
