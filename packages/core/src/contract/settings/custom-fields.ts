import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { sectionDto, sectionField } from '../records/dto.js';
import { text } from '../text.js';

/** Ids are any short strings: system ones are 'sys:…', new ones the client's crypto.randomUUID(). */
const elementId = text().min(1).max(60);

/** A data field as the screen sends it: the DTO, with the limits of what may be saved. */
export const dataFieldSchema = sectionField.extend({
  _id: elementId,
  name: text().max(60),
  options: z.array(text().max(100)).max(100),
});

export const dataSectionSchema = sectionDto.extend({
  _id: elementId,
  name: text().max(60),
  /** Member ids who may see the section; empty means everyone. */
  users: z.array(text().max(60)).max(500),
  fields: z.array(dataFieldSchema).max(500),
});

export const customFieldsEntity = z.enum(['contact', 'property', 'company']);

const entitySectionsResponse = z.object({ type: customFieldsEntity, sections: z.array(dataSectionSchema) });

/** One entity's sections and fields, hidden and restricted ones included (Settings > Data Fields). */
export const getCustomFields = defineEndpoint({
  method: 'GET',
  path: '/api/settings/customFields',
  auth: true,
  query: z.object({ type: customFieldsEntity }),
  response: entitySectionsResponse,
});

/** Replaces one entity's sections whole (the screen sends it 500 ms after the last change). */
export const updateCustomFields = defineEndpoint({
  method: 'PATCH',
  path: '/api/settings/updateCustomFields',
  auth: true,
  body: z.object({ type: customFieldsEntity, sections: z.array(dataSectionSchema).max(200) }),
  response: entitySectionsResponse,
});
