import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import {
  freeFieldName,
  newField,
  newSection,
  type DataSection,
  type FieldType,
  type RecordType,
} from '@prospector/core';
import { useSectionsEditor, type SaveState } from '../hooks/use-sections-editor';
import { addFieldTo } from '../utils/sections-edit';
import { DeleteSectionModal } from './delete-section-modal';
import { FieldPalette } from './field-palette';
import type { MemberOption } from './section-card';
import { SectionsBoard } from './sections-board';
import classes from './data-fields.module.css';

type EntityEditorProps = {
  type: RecordType;
  members: MemberOption[] | undefined;
  onState: (state: SaveState) => void;
};

/** The palette and the sections of one entity; remounted per entity, so each keeps its own draft. */
export function EntityEditor({ type, members, onState }: EntityEditorProps) {
  const editor = useSectionsEditor(
    type,
    members?.map((m) => m._id),
    onState,
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<DataSection | null>(null);
  const { sections, change } = editor;
  const target = sections.find((s) => s._id === selectedId) ?? sections.at(-1) ?? null;

  if (editor.query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading data fields" />
      </Center>
    );

  function addSection() {
    const section = newSection(crypto.randomUUID());
    change([...sections, section]);
    setSelectedId(section._id);
  }

  function addField(fieldType: FieldType) {
    if (!target) return;
    const field = newField(fieldType, crypto.randomUUID(), freeFieldName(sections, fieldType));
    change(addFieldTo(sections, target._id, field));
  }

  return (
    <div className={classes.layout}>
      <FieldPalette targetName={target?.name || null} onAddSection={addSection} onAddField={addField} />
      <SectionsBoard
        sections={sections}
        members={members ?? []}
        selectedId={target?._id ?? null}
        onSelect={setSelectedId}
        onChange={change}
        onRemoveSection={setRemoving}
      />
      <DeleteSectionModal
        section={removing}
        onClose={() => setRemoving(null)}
        onConfirm={(section) => {
          setRemoving(null);
          change(sections.filter((s) => s._id !== section._id));
        }}
      />
    </div>
  );
}
