import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';
import { deviceDto } from './dto.js';

/**
 * Adds an Android phone running the SMS Gateway app in local server mode: the address, username and
 * password the app shows under "Local server". The server calls the phone to check them first.
 */
export const addLocalSmsGateway = defineEndpoint({
  method: 'POST',
  path: '/api/services/addLocalSmsGateway',
  auth: true,
  body: z.object({
    /** As the app shows it, e.g. http://192.168.1.23:8080 */
    address: text().max(300),
    username: text().max(100),
    password: text().max(200),
    /** The phone's own number: texts go out from it, replies come back to it. */
    phone: text().max(30),
  }),
  response: z.object({ message: text(), device: deviceDto }),
});

/**
 * Adds a Mac running BlueBubbles Server: its URL and password, and the number or Apple ID its
 * Messages sends from. The server checks them and registers its webhook on the Mac.
 */
export const addBlueBubbles = defineEndpoint({
  method: 'POST',
  path: '/api/services/addBlueBubbles',
  auth: true,
  body: z.object({
    url: text().max(300),
    password: text().max(200),
    /** The iPhone's number or Apple ID that Messages on the Mac sends from. */
    value: text().max(254),
  }),
  response: z.object({ message: text(), device: deviceDto }),
});
