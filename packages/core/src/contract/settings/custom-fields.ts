import { z } from 'zod';
import { FIELD_TYPES } from '../../rules/data-fields.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Ids are any short strings: system ones are 'sys:…', new ones the client's crypto.randomUUID(). */
const elementId = text().min(1).max(60);

export const dataFieldSchema = z.object({
  _id: elementId,
  name: text().max(60),
  type: z.enum(FIELD_TYPES),
  options: z.array(text().max(100)).max(100),
  config: z.object({
    multipick: z.boolean().optional(),
    inline: z.boolean().optional(),
    multiline: z.boolean().optional(),
    /** Location: show the address on Google Maps. */
    maps: z.boolean().optional(),
  }),
  system: z.boolean(),
});

export const dataSectionSchema = z.object({
  _id: elementId,
  name: text().max(60),
  hidden: z.boolean(),
  /** Member ids who may see the section; empty means everyone. */
  users: z.array(text().max(60)).max(500),
  system: z.boolean(),
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
