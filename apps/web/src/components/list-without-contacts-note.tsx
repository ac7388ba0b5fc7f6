import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { listWithoutContactsNote, type ListDto } from '@prospector/core';

/** Why a list of properties alone gives a campaign no one to text (beside its campaign button, and in the builder). */
export function ListWithoutContactsNote({
  list,
  skiptrace = 'below',
}: {
  list: Pick<ListDto, 'name' | 'itemCount' | 'propCount'>;
  /** Where this screen offers Skiptrace: below the note, or only on the list's own page. */
  skiptrace?: 'below' | 'list page';
}) {
  const note = listWithoutContactsNote(list, skiptrace);
  if (!note) return null;
  return (
    <Alert role="note" color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
      <Text size="sm">{note}</Text>
    </Alert>
  );
}
