import { useState } from 'react';
import { Accordion } from '@mantine/core';
import type { ListProperty } from '@prospector/core';
import { ListPane, type PaneState } from './list-pane';
import { PropertyRow } from './property-row';

type PropertiesPaneProps = PaneState & { listId: string; properties: ListProperty[] | undefined };

/** The list's properties, 25 a page with previous and next arrows; each opens into its details. */
export function PropertiesPane({ listId, properties, ...pane }: PropertiesPaneProps) {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <ListPane
      title="Properties"
      plural="properties"
      rows={properties}
      loadingLabel="Loading the list"
      {...pane}
    >
      {(rows) => (
        <Accordion
          value={opened}
          onChange={setOpened}
          variant="default"
          chevronPosition="right"
          styles={{
            control: { paddingInline: 'var(--mantine-spacing-lg)' },
            // Details line up with the row's title, past its icon.
            content: {
              paddingLeft: 'calc(var(--mantine-spacing-lg) + 44px)',
              paddingRight: 'var(--mantine-spacing-lg)',
              paddingBottom: 'var(--mantine-spacing-lg)',
            },
          }}
        >
          {rows.map((property) => (
            <PropertyRow
              key={property._id}
              listId={listId}
              property={property}
              open={opened === property._id}
            />
          ))}
        </Accordion>
      )}
    </ListPane>
  );
}
