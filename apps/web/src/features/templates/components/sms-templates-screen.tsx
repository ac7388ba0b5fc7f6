import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { TemplateDto, TemplateGroupDto } from '@prospector/core';
import { useAddToGroup } from '../api/add-to-group';
import type { TemplatesData } from '../api/get-templates';
import { useRemoveGroup } from '../api/remove-group';
import { useRemoveTemplate } from '../api/remove-template';
import { ConfirmModal } from '../../../components/confirm-modal';
import { AddGroupTile, GroupTile, UNUSED, UnusedTile, type GroupDropData } from './group-tiles';
import { TabHeader } from '../../../components/tab-header';
import { TemplateCardOverlay, type TemplateDragData } from './template-card';
import { TemplateEditor } from './template-editor';
import { TemplateList } from './template-list';
import { TemplatesQuery } from './templates-query';

/** A card moves only after the pointer travels a little, so its buttons still take clicks. */
const DRAG_START_DISTANCE_PX = 6;

/** The tile under the pointer; the one the card overlaps most when the pointer is between tiles. */
const tileCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

type Editing = { template: TemplateDto | null } | null;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Templates > SMS (spec part 2 §2): group tiles with their counts, and the templates of the selected one. */
export function SmsTemplatesScreen() {
  return <TemplatesQuery>{(data) => <SmsTemplates data={data} />}</TemplatesQuery>;
}

function SmsTemplates({ data }: { data: TemplatesData }) {
  const { groups, templates } = data;
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [groupToRemove, setGroupToRemove] = useState<TemplateGroupDto | null>(null);
  const [templateToRemove, setTemplateToRemove] = useState<TemplateDto | null>(null);
  const [dragged, setDragged] = useState<TemplateDto | null>(null);
  const move = useAddToGroup();
  const removeGroup = useRemoveGroup();
  const removeTemplate = useRemoveTemplate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(KeyboardSensor),
  );

  // A group removed meanwhile (here or by a teammate) gives way to the first group, else Unused.
  const exists = chosen === UNUSED || groups.some((g) => g._id === chosen);
  const selected = chosen !== null && exists ? chosen : (groups[0]?._id ?? UNUSED);
  const selectedGroup = groups.find((g) => g._id === selected);
  const shown = templates.filter((t) => t.groupId === selected);
  const unusedCount = templates.filter((t) => t.groupId === UNUSED).length;

  function handleDragStart({ active }: DragStartEvent) {
    setDragged((active.data.current as TemplateDragData | undefined)?.template ?? null);
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const template = (active.data.current as TemplateDragData | undefined)?.template;
    const groupId = (over?.data.current as GroupDropData | undefined)?.groupId;
    if (template && groupId !== undefined && groupId !== template.groupId)
      move.mutate({ tempId: template._id, groupId });
  }

  const nameOf = (groupId: unknown) => {
    const id = String(groupId).replace('group:', '');
    return id === UNUSED ? 'Unused' : (groups.find((g) => g._id === id)?.name ?? 'a group');
  };

  return (
    <Stack gap="xl">
      <TabHeader description="A campaign sends the templates of the groups you pick, in turn. Drag a template onto a group to move it there; double-click a group's name to rename it." />
      <DndContext
        sensors={sensors}
        collisionDetection={tileCollision}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{
          announcements: {
            onDragStart: () => 'Picked up a template.',
            onDragOver: ({ over }) => (over ? `Over ${nameOf(over.id)}.` : 'Over no group.'),
            onDragEnd: ({ over }) => (over ? `Dropped on ${nameOf(over.id)}.` : 'Dropped.'),
            onDragCancel: () => 'Moving the template was cancelled.',
          },
        }}
      >
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5, xl: 6 }} spacing="md" verticalSpacing="md">
          {groups.map((group) => (
            <GroupTile
              key={group._id}
              group={group}
              selected={selected === group._id}
              onSelect={() => setChosen(group._id)}
              onRemove={() => setGroupToRemove(group)}
            />
          ))}
          <UnusedTile count={unusedCount} selected={selected === UNUSED} onSelect={() => setChosen(UNUSED)} />
          <AddGroupTile onAdded={setChosen} />
        </SimpleGrid>
        <TemplateList
          title={selectedGroup ? selectedGroup.name : 'Unused'}
          description={
            selectedGroup
              ? 'Campaigns that use this group send its templates in turn.'
              : 'In no group: campaigns never send these. Drag one onto a group to use it.'
          }
          templates={shown}
          onAdd={() => setEditing({ template: null })}
          onEdit={(template) => setEditing({ template })}
          onRemove={setTemplateToRemove}
        />
        {/* No drop animation: the card may land in a group that is not shown, leaving nothing to fly back to. */}
        <DragOverlay dropAnimation={null}>
          {dragged ? <TemplateCardOverlay template={dragged} /> : null}
        </DragOverlay>
      </DndContext>
      {editing && (
        <TemplateEditor
          template={editing.template}
          groupId={editing.template?.groupId ?? selected}
          placeName={nameOf(editing.template?.groupId ?? selected)}
          data={data}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={groupToRemove !== null}
        title="Remove group"
        confirmLabel="Remove group"
        pending={removeGroup.isPending}
        onClose={() => setGroupToRemove(null)}
        onConfirm={() =>
          groupToRemove &&
          removeGroup.mutate(groupToRemove._id, {
            onSuccess: () => {
              setGroupToRemove(null);
              // Its templates are now unused: show them there.
              if (groupToRemove.count > 0) setChosen(UNUSED);
            },
          })
        }
      >
        Remove the group <b>{groupToRemove?.name}</b>?{' '}
        {groupToRemove && groupToRemove.count > 0
          ? `Its ${plural(groupToRemove.count, 'template')} will be kept as unused.`
          : 'It has no templates.'}
      </ConfirmModal>
      <ConfirmModal
        opened={templateToRemove !== null}
        title="Remove template"
        confirmLabel="Remove template"
        pending={removeTemplate.isPending}
        onClose={() => setTemplateToRemove(null)}
        onConfirm={() =>
          templateToRemove &&
          removeTemplate.mutate(templateToRemove._id, { onSuccess: () => setTemplateToRemove(null) })
        }
      >
        Remove this template for good? Campaigns stop sending it.
      </ConfirmModal>
    </Stack>
  );
}
