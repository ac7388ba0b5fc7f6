import type { RecordType } from '@prospector/core';

export const dataFieldsKeys = {
  all: ['data-fields'] as const,
  /** One entity's sections and fields, hidden and restricted ones included. */
  entity: (type: RecordType) => [...dataFieldsKeys.all, type] as const,
};
